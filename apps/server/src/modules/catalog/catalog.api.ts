// The catalogue's face: what other modules may use (decision 0022). Its tables are in
// catalog.table.ts, to join on; changes to them go through here.
export { inLanguage, textMatches } from './translations';
export {
  insertSimpleProducts,
  returnStock,
  stockOf,
  takeStock,
  type SimpleProductValues,
} from './variants.repository';
export {
  findVariantsOnSale,
  listProductChoices,
  nameVariants,
  type OptionOnSale,
  type VariantName,
  type VariantOnSale,
} from './variants-on-sale.repository';
export { insertReview, pagePublishedReviews, type PublishedReviewRow } from './reviews.repository';
