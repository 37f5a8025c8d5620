import { z } from 'zod';
import { ZPageQuery, ZPage } from '../platform/page';
import { MAX_PERCENTAGE, MIN_PERCENTAGE, ROUNDINGS } from './pricing.rules';

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
  source: z.enum(['override', 'secondLevel', 'firstLevel', 'default']),
  /** The percentage that applied; null for an override. */
  percentage: z.number().int().nullable(),
  overridePriceMinor: z.number().int().nullable(),
  visible: z.literal([0, 1]),
  sort: z.number().int(),
});
export type TPricedProduct = z.infer<typeof ZPricedProduct>;
export const ZPricedProductPage = ZPage(ZPricedProduct);
export type TPricedProductPage = z.infer<typeof ZPricedProductPage>;

/**
 * One save of the price adjustment pages, applied in one transaction: all or nothing. A
 * category's `percentage: null` removes its rule; a product's `overridePriceMinor: null` removes
 * its override. An override is never below the product's cost.
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
        overridePriceMinor: z.number().int().min(1).max(2_000_000_000).nullable(),
        visible: z.literal([0, 1]).optional(),
      }),
    )
    .max(1000)
    .optional(),
});
export type TPricingUpdateRequest = z.infer<typeof ZPricingUpdateRequest>;
