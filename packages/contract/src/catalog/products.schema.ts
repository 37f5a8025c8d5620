import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';
import { decimalToMinor, minorToDecimal } from '../platform/currency';
import { ZRichDoc, isEmptyDoc, type TRichDoc } from '../platform/rich-text';

/** A product id on the wire: a digit string (the table's bigint), small enough for a safe integer. */
export const ZProductId = z.string().regex(/^[1-9]\d{0,14}$/);
export const ZProductIdParams = z.object({ id: ZProductId });
export type TProductIdParams = z.infer<typeof ZProductIdParams>;

/** 1 on sale, 0 withdrawn. */
export const ZProductStatus = z.literal([0, 1]);

/** The highest platform price, in US cents ($100,000.00). */
export const MAX_PRICE_MINOR = 10_000_000;
/** At most this many images per product. */
export const MAX_PRODUCT_IMAGES = 10;

/** Texts in es, pt, zh-cn and fr, each optional; empty strings are dropped. */
export function ZTranslations(max: number) {
  return z
    .object({
      es: z.string().trim().max(max).optional(),
      pt: z.string().trim().max(max).optional(),
      'zh-cn': z.string().trim().max(max).optional(),
      fr: z.string().trim().max(max).optional(),
    })
    .transform((texts) =>
      Object.fromEntries(
        Object.entries(texts).filter(([, value]) => typeof value === 'string' && value !== ''),
      ),
    );
}
export const ZTranslationsOut = z.object({
  es: z.string().optional(),
  pt: z.string().optional(),
  'zh-cn': z.string().optional(),
  fr: z.string().optional(),
});
export type TProductTranslations = z.infer<typeof ZTranslationsOut>;

/** Descriptions in es, pt, zh-cn and fr, each optional; empty documents are dropped. */
const ZDescriptions = z
  .object({
    es: ZRichDoc.optional(),
    pt: ZRichDoc.optional(),
    'zh-cn': ZRichDoc.optional(),
    fr: ZRichDoc.optional(),
  })
  .transform(
    (docs) =>
      Object.fromEntries(
        Object.entries(docs).filter(([, doc]) => doc !== undefined && !isEmptyDoc(doc)),
      ) as TProductDescriptions,
  );
const ZDescriptionsOut = z.object({
  es: ZRichDoc.optional(),
  pt: ZRichDoc.optional(),
  'zh-cn': ZRichDoc.optional(),
  fr: ZRichDoc.optional(),
});
export type TProductDescriptions = Partial<Record<'es' | 'pt' | 'zh-cn' | 'fr', TRichDoc>>;

export const ZProductPageQuery = ZPageQuery.extend({
  /** Matches the title in any language. */
  keywords: z.string().trim().max(50).optional(),
  /** A first-level category (its sub-categories' products) or a second-level one. */
  categoryId: ZProductId.optional(),
  status: z
    .enum(['0', '1'])
    .transform((value) => (value === '1' ? 1 : 0))
    .optional(),
});
export type TProductPageQuery = z.infer<typeof ZProductPageQuery>;

/** A row of the product table: title and category in the caller's language. */
export const ZProductPageItem = z.object({
  id: z.string(),
  categoryId: z.string(),
  categoryLabel: z.string(),
  label: z.string(),
  title: z.string(),
  /** Platform price (the creator's cost), US cents: its variants' lowest. */
  platformPriceMinor: z.number().int(),
  /** Its variants' highest cost, US cents (the same as `platformPriceMinor` with one variant). */
  maxPlatformPriceMinor: z.number().int(),
  /** The stock of its variants on sale. */
  stock: z.number().int(),
  /** How many variants it has (decision 0055); with more than one, cost and stock are edited per variant. */
  variants: z.number().int(),
  status: ZProductStatus,
  sort: z.number().int(),
  /** The first image, if any. */
  imageUrl: z.string().nullable(),
  createTime: z.string(),
});
export type TProductPageItem = z.infer<typeof ZProductPageItem>;
export const ZProductPage = ZPage(ZProductPageItem);

export const ZProductForm = z.object({
  id: z.string(),
  categoryId: z.string(),
  title: z.string(),
  titles: ZTranslationsOut,
  description: ZRichDoc,
  descriptions: ZDescriptionsOut,
  /** Its variants' lowest cost, US cents. */
  platformPriceMinor: z.number().int(),
  /** The stock of its variants on sale. */
  stock: z.number().int(),
  /**
   * How many variants it has: with one, the form's cost and stock are that variant's; with more,
   * they are edited per variant and the form's are ignored on save.
   */
  variants: z.number().int(),
  status: ZProductStatus,
  sort: z.number().int(),
  images: z.array(z.string()),
});
export type TProductForm = z.infer<typeof ZProductForm>;

/** A stored image: a site path (`/files/…`) or an http(s) URL. */
export const ZImageUrl = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^(\/|https?:\/\/)\S*$/);

/**
 * Create and edit body. The price is an integer number of US cents, never a float. Descriptions
 * are rich text documents (decision 0017), never HTML. Unknown fields are ignored.
 */
export const ZProductRequest = z.object({
  /** A second-level category. */
  categoryId: ZProductId,
  title: z.string().trim().min(1).max(200),
  titles: ZTranslations(200).default({}),
  description: ZRichDoc.default((): TRichDoc => ({ type: 'doc', content: [] })),
  descriptions: ZDescriptions.default({}),
  platformPriceMinor: z.int().min(1).max(MAX_PRICE_MINOR),
  stock: z.int().min(0).max(1_000_000_000).default(0),
  status: ZProductStatus.default(1),
  sort: z.int().min(0).max(1_000_000).default(0),
  images: z.array(ZImageUrl).max(MAX_PRODUCT_IMAGES).default([]),
});
export type TProductRequest = z.input<typeof ZProductRequest>;
export type TProductRequestParsed = z.output<typeof ZProductRequest>;

export const ZProductStatusQuery = z.object({
  status: z.enum(['0', '1']).transform((value) => (value === '1' ? 1 : 0)),
});

/**
 * `"12.34"` → 1234: a decimal amount in dollars (up to two decimals) to cents with integer
 * arithmetic only. Null when the text is not such an amount.
 */
export function parsePriceMinor(text: string): number | null {
  return decimalToMinor(text, 2, { maxWholeDigits: 9 });
}

/** 1234 → `"12.34"`, with integer arithmetic only. */
export function formatPriceMinor(cents: number): string {
  return minorToDecimal(cents, 2);
}
