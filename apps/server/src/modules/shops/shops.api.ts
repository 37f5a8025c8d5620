// The shops module's face: what other modules may use (decision 0022). Its tables are in
// shops.table.ts, to join on; changes to them go through here.
export {
  categoryPlace,
  firstLevelPrice,
  joinShopPlaces,
  joinShopPricing,
  joinShopProducts,
  listSellableProducts,
  offerInShop,
  onSale,
  ownPricesOf,
  pageLookupsOf,
  parentCategory,
  parentPlace,
  placeOf,
  priceInShop,
  priceVariantInShop,
  productCategory,
  rangeInShop,
  roundingOf,
  secondLevelPrice,
  sellableInShop,
  sellingVariant,
  sellingVariantPrice,
  shopCategoryOrder,
  shopOrder,
  shopPricingColumns,
  variantPricesOf,
  type OwnVariantPrice,
  type SellableProduct,
  type ShopPricingInputs,
  type VariantOffer,
  type VariantPriceTotals,
} from './products-in-shop';
export {
  addProductStats,
  findShopByOldSlug,
  findShopByOwner,
  findShopBySlug,
  listCategoryPercentages,
  replaceProductStats,
  setCategoryPercentage,
  updateShopPricing,
  type ShopRow,
} from './shops.repository';
export { setAutoPayout, setPayoutsHeld } from './payout-settings.repository';
export { recordShopAction, setShopSuspended, type ShopActionKind } from './shop-actions.repository';
export { setShopProduct, setShopVariantPrices, type VariantPriceChange } from './shop-products.repository';
export { ratingTenths } from './shop-products.service';
export { publicShopOf } from './shops.service';
export { shopLinkFor } from './shop-link';
