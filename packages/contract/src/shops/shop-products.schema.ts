import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';
import { ZRichDoc } from '../platform/rich-text';
import { PRICE_SOURCES } from '../pricing/pricing.rules';
import { ZShopRecordId } from './shops.schema';

/**
 * The creator's view of the products their shop sells (`#/product`): every active platform
 * product, priced by the shop's rules, in the shop's order. Amounts in US cents.
 */
export const ZShopProductsQuery = ZPageQuery.extend({
  /** A first-level category (all its subcategories) or a second-level one. */
  categoryId: ZShopRecordId.optional(),
  /** Matches the title in any language. */
  keywords: z.string().trim().max(50).optional(),
  /** 1 shown in the shop, 0 hidden; absent: both. */
  visible: z.coerce
    .number()
    .pipe(z.literal([0, 1]))
    .optional(),
});
export type TShopProductsQuery = z.infer<typeof ZShopProductsQuery>;

export const ZShopProduct = z.object({
  id: z.string(),
  /** In the caller's language, English when missing. */
  title: z.string(),
  imageUrl: z.string().nullable(),
  categoryId: z.string(),
  categoryName: z.string(),
  parentCategoryId: z.string(),
  costMinor: z.number().int(),
  sellingMinor: z.number().int(),
  profitMinor: z.number().int(),
  /** Where the selling price comes from (`variant`: the selling variant's own price). */
  source: z.enum(PRICE_SOURCES),
  overridePriceMinor: z.number().int().nullable(),
  /** The product's "compare at" (sale) price as the creator set it; null: none. */
  compareAtMinor: z.number().int().nullable(),
  /**
   * Its variants on sale (decision 0055). `costMinor`, `sellingMinor` and `profitMinor` are the
   * variant it is sold as (the one the creator's own price sets); the ranges span them all.
   */
  variants: z.number().int(),
  minCostMinor: z.number().int(),
  maxCostMinor: z.number().int(),
  minSellingMinor: z.number().int(),
  maxSellingMinor: z.number().int(),
  minProfitMinor: z.number().int(),
  maxProfitMinor: z.number().int(),
  /** Units of its variants on sale. */
  stock: z.number().int(),
  visible: z.literal([0, 1]),
  /** Times shown in the shop and opened from it. */
  views: z.number().int(),
  clicks: z.number().int(),
  /** clicks / views in basis points (1234 = 12.34 %); null before the first view. */
  clickThroughBasisPoints: z.number().int().nullable(),
  /** Average of published reviews in tenths (43 = 4.3 stars); null without reviews. */
  ratingTenths: z.number().int().nullable(),
  reviewCount: z.number().int(),
});
export type TShopProduct = z.infer<typeof ZShopProduct>;
export const ZShopProductPage = ZPage(ZShopProduct);
export type TShopProductPage = z.infer<typeof ZShopProductPage>;

export const ZShopProductIdParams = z.object({ id: ZShopRecordId });

/** One product in full, for the detail drawer. */
export const ZShopProductDetail = ZShopProduct.extend({
  /** In the caller's language, English when missing. */
  description: ZRichDoc,
  images: z.array(z.string()),
  /** The percentage that applied; null for an override. */
  percentage: z.number().int().nullable(),
  /** Latest published reviews, newest first (at most 20). */
  reviews: z.array(
    z.object({
      id: z.string(),
      authorName: z.string(),
      rating: z.number().int(),
      body: z.string(),
      verified: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type TShopProductDetail = z.infer<typeof ZShopProductDetail>;

/**
 * One variant on sale of a product in the caller's shop (decision 0055), priced by the shop's
 * rules: amounts in US cents; `priceMinor` and `compareAtMinor` are what the creator typed for
 * this variant (null: none), `shownCompareAtMinor` the "compare at" buyers see (its own, else
 * the product's carried by the same difference as the prices; null when not above the price).
 */
export const ZShopProductVariant = z.object({
  id: z.string(),
  /** "M / Black" in the caller's language; '' for a product without options. */
  label: z.string(),
  sku: z.string(),
  stock: z.number().int(),
  costMinor: z.number().int(),
  sellingMinor: z.number().int(),
  profitMinor: z.number().int(),
  source: z.enum(PRICE_SOURCES),
  /** The percentage that applied; null for an own price. */
  percentage: z.number().int().nullable(),
  priceMinor: z.number().int().nullable(),
  compareAtMinor: z.number().int().nullable(),
  shownCompareAtMinor: z.number().int().nullable(),
});
export type TShopProductVariant = z.infer<typeof ZShopProductVariant>;
/** A product's variants on sale, in the catalogue's order. */
export const ZShopProductVariants = z.object({
  productId: z.string(),
  /** The variant the product is sold as: what the product's own price and compare-at price. */
  sellingVariantId: z.string(),
  variants: z.array(ZShopProductVariant),
});
export type TShopProductVariants = z.infer<typeof ZShopProductVariants>;

/** Shows or hides products in the shop. */
export const ZShopProductVisibilityRequest = z.object({
  productIds: z.array(ZShopRecordId).min(1).max(1000),
  visible: z.literal([0, 1]),
});
export type TShopProductVisibilityRequest = z.infer<typeof ZShopProductVisibilityRequest>;

/**
 * A new order for the products of one second-level category: the ids in their new order
 * (every active product of that category, each once).
 */
export const ZShopProductOrderRequest = z.object({
  categoryId: ZShopRecordId,
  productIds: z.array(ZShopRecordId).min(1).max(1000),
});
export type TShopProductOrderRequest = z.infer<typeof ZShopProductOrderRequest>;

/** A category as the shop shows it: the platform's tree in the shop's order. */
export interface TShopCategory {
  id: string;
  parentId: string;
  /** In the caller's language, English when missing. */
  name: string;
  iconUrl: string | null;
  /** Active products in it (for a first-level category: in all its subcategories). */
  productCount: number;
  children: TShopCategory[];
}
export const ZShopCategory: z.ZodType<TShopCategory> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    name: z.string(),
    iconUrl: z.string().nullable(),
    productCount: z.number().int(),
    children: z.array(ZShopCategory),
  }),
);
export const ZShopCategoryTree = z.array(ZShopCategory);

/**
 * A new order for siblings: `parentId` '0' for the first-level categories, else a first-level
 * category's id; the ids are all of its active children, each once.
 */
export const ZShopCategoryOrderRequest = z.object({
  parentId: z.string().regex(/^(0|[1-9]\d{0,14})$/),
  categoryIds: z.array(ZShopRecordId).min(1).max(500),
});
export type TShopCategoryOrderRequest = z.infer<typeof ZShopCategoryOrderRequest>;
