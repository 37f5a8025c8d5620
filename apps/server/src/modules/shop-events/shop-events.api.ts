// The shop events module's face: what other modules may use (decision 0022). The per-product
// counters (`shop_product_stats`) are its table: the studio joins them, only this module writes.
export { insertProductStats } from './shop-events.repository';
