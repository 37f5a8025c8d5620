import { z } from 'zod';
import { ZCategoryId } from './categories.schema';
import { ZTranslations, ZTranslationsOut } from './products.schema';

/*
 * A category's size guide: a table whose rows are sizes (XS … 3XL) and whose columns are
 * measurements (Chest, Length, Sleeve), each cell a length in whole millimetres. Shown to buyers
 * in centimetres or inches (one decimal), converted where it is shown. A product shows its
 * category's guide, else its parent category's.
 */

/** At most this many measurements (columns) per guide. */
export const MAX_SIZE_GUIDE_COLUMNS = 12;
/** At most this many sizes (rows) per guide. */
export const MAX_SIZE_GUIDE_ROWS = 30;
/** The longest measurement, in millimetres (5 m); the shortest is 1 mm. */
export const MAX_SIZE_GUIDE_MM = 5000;
/** The longest size name (`XS`, `3XL`, `EU 42`). */
export const MAX_SIZE_NAME_LENGTH = 20;
/** The longest measurement name, in any language. */
export const MAX_MEASUREMENT_NAME_LENGTH = 40;
/** The longest note, in any language. */
export const MAX_SIZE_GUIDE_NOTE_LENGTH = 500;

export const ZSizeGuideCategoryParams = z.object({ categoryId: ZCategoryId });
export type TSizeGuideCategoryParams = z.infer<typeof ZSizeGuideCategoryParams>;

/** A measurement as sent: its English name (unique within the guide) and its translations. */
export const ZSizeGuideColumnRequest = z.object({
  name: z.string().trim().min(1).max(MAX_MEASUREMENT_NAME_LENGTH),
  names: ZTranslations(MAX_MEASUREMENT_NAME_LENGTH).default({}),
});

/** One measurement, whole millimetres, more than 0 and at most 5000. */
export const ZSizeGuideMillimetres = z
  .int()
  .min(1, 'catalog.sizeGuide.valueRange')
  .max(MAX_SIZE_GUIDE_MM, 'catalog.sizeGuide.valueRange');

/** A size as sent: its name (unique within the guide) and one value per column, in the columns' order. */
export const ZSizeGuideRowRequest = z.object({
  size: z.string().trim().min(1).max(MAX_SIZE_NAME_LENGTH),
  values: z.array(ZSizeGuideMillimetres).max(MAX_SIZE_GUIDE_COLUMNS),
});

/**
 * Saves a category's whole guide (what is not sent is gone). Every row needs exactly one value
 * per column, sizes and column names must differ (checked by the server, field by field).
 */
export const ZSizeGuideRequest = z.object({
  columns: z
    .array(ZSizeGuideColumnRequest)
    .min(1, 'catalog.sizeGuide.noColumns')
    .max(MAX_SIZE_GUIDE_COLUMNS, 'catalog.sizeGuide.tooManyColumns'),
  rows: z
    .array(ZSizeGuideRowRequest)
    .min(1, 'catalog.sizeGuide.noRows')
    .max(MAX_SIZE_GUIDE_ROWS, 'catalog.sizeGuide.tooManyRows'),
  /** Optional, English; `notes` the other languages. */
  note: z.string().trim().max(MAX_SIZE_GUIDE_NOTE_LENGTH).default(''),
  notes: ZTranslations(MAX_SIZE_GUIDE_NOTE_LENGTH).default({}),
});
export type TSizeGuideRequest = z.input<typeof ZSizeGuideRequest>;
export type TSizeGuideRequestParsed = z.output<typeof ZSizeGuideRequest>;

export const ZSizeGuideColumn = z.object({ name: z.string(), names: ZTranslationsOut });
export type TSizeGuideColumn = z.infer<typeof ZSizeGuideColumn>;

/** A size and its measurements in millimetres, one per column in the columns' order. */
export const ZSizeGuideRow = z.object({ size: z.string(), values: z.array(z.number().int()) });
export type TSizeGuideRow = z.infer<typeof ZSizeGuideRow>;

/** A category's own guide as the console edits it, with every translation. */
export const ZSizeGuide = z.object({
  categoryId: z.string(),
  columns: z.array(ZSizeGuideColumn),
  rows: z.array(ZSizeGuideRow),
  note: z.string(),
  notes: ZTranslationsOut,
  /** `yyyy-MM-dd HH:mm:ss` (UTC). */
  updateTime: z.string(),
});
export type TSizeGuide = z.infer<typeof ZSizeGuide>;

/** The console's read: the category's own guide, or null when it has none. */
export const ZSizeGuideAnswer = ZSizeGuide.nullable();
export type TSizeGuideAnswer = z.infer<typeof ZSizeGuideAnswer>;

/**
 * The guide a buyer sees for a category, in the caller's language (English where a name or the
 * note is not translated): the category's own, else its parent's (`categoryId` says whose).
 * Values are millimetres; the storefront shows them in cm or inches.
 */
export const ZPublicSizeGuide = z.object({
  categoryId: z.string(),
  columns: z.array(z.string()),
  rows: z.array(ZSizeGuideRow),
  /** '' when there is none. */
  note: z.string(),
});
export type TPublicSizeGuide = z.infer<typeof ZPublicSizeGuide>;

/** The public read: null when neither the category nor its parent has a guide. */
export const ZPublicSizeGuideAnswer = ZPublicSizeGuide.nullable();
export type TPublicSizeGuideAnswer = z.infer<typeof ZPublicSizeGuideAnswer>;
