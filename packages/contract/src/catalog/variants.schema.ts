import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';
import { MAX_PRICE_MINOR, ZImageUrl, ZProductId, ZTranslations, ZTranslationsOut } from './products.schema';

/*
 * A product's options and variants (decision 0055), as the console's product editor reads and
 * saves them: all at once, so a grid of variants is never half saved.
 */

/** At most three options per product (e.g. Size, Colour, Material). */
export const MAX_OPTIONS = 3;
/** At most this many values per option (XS … 3XL, colours). */
export const MAX_OPTION_VALUES = 50;
/** At most this many variants per product. */
export const MAX_VARIANTS = 250;
/** The most units one variant may have in stock. */
export const MAX_VARIANT_STOCK = 1_000_000;
/** The heaviest variant, in grams (100 kg). */
export const MAX_WEIGHT_GRAMS = 100_000;

/** A SKU: letters, digits and `-_.`, up to 64 characters; compared without regard to case. */
export const ZSku = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);

const ZOptionTranslations = ZTranslations(40);

/** An option value as sent: its English text (unique within its option) and translations. */
export const ZOptionValueRequest = z.object({
  value: z.string().trim().min(1).max(40),
  values: ZOptionTranslations.default({}),
});

/** An option as sent: its English name (unique within the product), translations, and values in order. */
export const ZOptionRequest = z.object({
  name: z.string().trim().min(1).max(40),
  names: ZOptionTranslations.default({}),
  values: z.array(ZOptionValueRequest).min(1).max(MAX_OPTION_VALUES),
});

/**
 * A variant as sent. `values` names one value of each option, in the options' order (none for a
 * product without options). `id` keeps an existing variant (its orders and prices stay with it).
 */
export const ZVariantRequest = z.object({
  id: ZProductId.optional(),
  values: z.array(z.string().trim().min(1).max(40)).max(MAX_OPTIONS).default([]),
  sku: ZSku,
  /** Platform cost, US cents. */
  platformPriceMinor: z.int().min(1).max(MAX_PRICE_MINOR),
  stock: z.int().min(0).max(MAX_VARIANT_STOCK).default(0),
  imageUrl: ZImageUrl.nullable().default(null),
  weightGrams: z.int().min(0).max(MAX_WEIGHT_GRAMS).default(0),
  status: z.literal([0, 1]).default(1),
});

/** Saves a product's options and variants; what is not sent is removed. */
export const ZProductVariantsRequest = z.object({
  options: z.array(ZOptionRequest).max(MAX_OPTIONS).default([]),
  variants: z.array(ZVariantRequest).min(1).max(MAX_VARIANTS),
});
export type TProductVariantsRequest = z.input<typeof ZProductVariantsRequest>;
export type TProductVariantsRequestParsed = z.output<typeof ZProductVariantsRequest>;

export const ZOptionValue = z.object({
  id: z.string(),
  value: z.string(),
  values: ZTranslationsOut,
});
export const ZProductOption = z.object({
  id: z.string(),
  name: z.string(),
  names: ZTranslationsOut,
  values: z.array(ZOptionValue),
});
export type TProductOption = z.infer<typeof ZProductOption>;

export const ZProductVariant = z.object({
  id: z.string(),
  /** The value of each option, in the options' order (English). */
  values: z.array(z.string()),
  /** The values joined for people: "M / Black"; '' without options. */
  label: z.string(),
  sku: z.string(),
  platformPriceMinor: z.number().int(),
  stock: z.number().int(),
  imageUrl: z.string().nullable(),
  weightGrams: z.number().int(),
  status: z.literal([0, 1]),
});
export type TProductVariant = z.infer<typeof ZProductVariant>;

/** A product's options and variants, in order. */
export const ZProductVariants = z.object({
  productId: z.string(),
  options: z.array(ZProductOption),
  variants: z.array(ZProductVariant),
});
export type TProductVariants = z.infer<typeof ZProductVariants>;

/** How a variant is named to people: its values in the options' order, joined by " / ". */
export const variantLabel = (values: readonly string[]): string => values.join(' / ');

/** The setting that says below how many units a variant on sale counts as low on stock. */
export const LOW_STOCK_SETTING = 'LOW_STOCK_THRESHOLD';
/** Its value when the setting is missing or not a whole number. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export const ZLowStockQuery = ZPageQuery;

/** A variant on sale (of a product on sale) with fewer units than the threshold. */
export const ZLowStockItem = z.object({
  variantId: z.string(),
  productId: z.string(),
  /** The product's title in the caller's language. */
  title: z.string(),
  /** "M / Black"; '' without options. */
  label: z.string(),
  sku: z.string(),
  stock: z.number().int(),
});
export type TLowStockItem = z.infer<typeof ZLowStockItem>;

/** Fewest units first; `threshold` is the setting it was read with. */
export const ZLowStockPage = ZPage(ZLowStockItem).extend({ threshold: z.number().int() });
export type TLowStockPage = z.infer<typeof ZLowStockPage>;
