import { z } from 'zod';
import { ZPageQuery, ZPage } from '../platform/page';
import { MAX_PERCENTAGE, MIN_PERCENTAGE, PRICE_SOURCES, ROUNDINGS } from './pricing.rules';

const ZId = z.string().regex(/^[1-9]\d{0,14}$/);
export const ZPercentage = z.number().int().min(MIN_PERCENTAGE).max(MAX_PERCENTAGE);
export const ZRounding = z.enum(ROUNDINGS);

export const ZCategoryPercentage = z.object({ categoryId: z.string(), percentage: z.number().int() });

export const ZPricingSettings = z.object({
  defaultPercentage: z.number().int(),
  rounding: ZRounding,
  /** Only categories the shop has a percentage for. */
  categories: z.array(ZCategoryPercentage),
});
export type TPricingSettings = z.infer<typeof ZPricingSettings>;

export const ZPricingProductsQuery = ZPageQuery.extend({
  /** A first-level category (all its subcategories) or a second-level one. */
  categoryId: ZId.optional(),
  /** Matches the title. */
  keywords: z.string().trim().max(50).optional(),
});
export type TPricingProductsQuery = z.infer<typeof ZPricingProductsQuery>;

/** A product as the shop sells it; amounts in US cents, computed by `priceProduct`. */
export const ZPricedProduct = z.object({
  id: z.string(),
  title: z.string(),
  categoryId: z.string(),
  parentCategoryId: z.string(),
  costMinor: z.number().int(),
  sellingMinor: z.number().int(),
  profitMinor: z.number().int(),
  /** `variant` when the variant the product is sold as has its own price. */
  source: z.enum(PRICE_SOURCES),
  /** The percentage that applied; null for an override or a variant's own price. */
  percentage: z.number().int().nullable(),
  overridePriceMinor: z.number().int().nullable(),
  /** The product's "compare at" (sale) price as the creator set it; null: none. */
  compareAtMinor: z.number().int().nullable(),
  /**
   * The variant the product is sold as (its first on sale: what `costMinor`, the product's own
   * price and compare-at price) and the shop's own price for it, which wins (null: none).
   */
  sellingVariantId: z.string(),
  variantPriceMinor: z.number().int().nullable(),
  /** How many variants on sale it has (their prices: `GET /api/v1/shop/products/:id/variants`). */
  variants: z.number().int(),
  visible: z.literal([0, 1]),
  sort: z.number().int(),
});
export type TPricedProduct = z.infer<typeof ZPricedProduct>;
export const ZPricedProductPage = ZPage(ZPricedProduct);
export type TPricedProductPage = z.infer<typeof ZPricedProductPage>;

/** A price typed by the creator, in US cents. */
const ZTypedPrice = z.number().int().min(1).max(2_000_000_000);

/** At most this many variants' prices per product in one save (a product has at most 250). */
export const MAX_VARIANT_PRICES = 250;

/**
 * A variant's own prices (decision 0055): `priceMinor` wins over every rule and is used as is;
 * `compareAtMinor` is its "compare at" (sale) price. Null removes one; absent keeps it.
 */
export const ZVariantPriceUpdate = z.object({
  variantId: ZId,
  priceMinor: ZTypedPrice.nullable().optional(),
  compareAtMinor: ZTypedPrice.nullable().optional(),
});
export type TVariantPriceUpdate = z.infer<typeof ZVariantPriceUpdate>;

/**
 * One save of the price adjustment pages, applied in one transaction: all or nothing. A
 * category's `percentage: null` removes its rule; a product's `overridePriceMinor: null` removes
 * its override and `compareAtMinor: null` its "compare at" price (absent: kept). An override or
 * a variant's own price is never below that variant's cost; a "compare at" price is above the
 * selling price it applies to (the variant the product is sold as, or the variant's own).
 */
export const ZPricingUpdateRequest = z.object({
  defaultPercentage: ZPercentage.optional(),
  rounding: ZRounding.optional(),
  categories: z
    .array(z.object({ categoryId: ZId, percentage: ZPercentage.nullable() }))
    .max(1000)
    .optional(),
  products: z
    .array(
      z.object({
        productId: ZId,
        /** Absent: kept as it is. */
        overridePriceMinor: ZTypedPrice.nullable().optional(),
        compareAtMinor: ZTypedPrice.nullable().optional(),
        visible: z.literal([0, 1]).optional(),
        /** Prices of this product's variants; another product's variant is refused. */
        variants: z.array(ZVariantPriceUpdate).max(MAX_VARIANT_PRICES).optional(),
      }),
    )
    .max(1000)
    .optional(),
});
export type TPricingUpdateRequest = z.infer<typeof ZPricingUpdateRequest>;
