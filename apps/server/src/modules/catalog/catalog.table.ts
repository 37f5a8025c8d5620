import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/** Text in the languages other than English: `{"es": "…", "zh-cn": "…"}`; English is the column. */
type TTranslations = Record<string, string>;
const translations = (name: string) =>
  jsonb(name)
    .$type<TTranslations>()
    .notNull()
    .default(sql`'{}'::jsonb`);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The platform's categories, two levels: `parentId` 0 for a first-level one. */
export const categories = pgTable(
  'categories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
    name: varchar('name', { length: 64 }).notNull(),
    names: translations('names'),
    iconUrl: text('icon_url'),
    sort: integer('sort').notNull().default(0),
    /** 1 shown, 0 hidden (its products leave every shop). */
    status: smallint('status').notNull().default(1),
    ...timestamps,
  },
  (t) => [index().on(t.parentId, t.sort)],
);

/** The platform's products. What is sold, with its cost and stock, is a variant (`productVariants`). */
export const products = pgTable(
  'products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A second-level category. */
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => categories.id),
    title: varchar('title', { length: 200 }).notNull(),
    titles: translations('titles'),
    /** Rich text as a checked document in JSON (decision 0017), or older plain text, in English; `descriptions` the other languages. */
    description: text('description').notNull().default(''),
    descriptions: translations('descriptions'),
    /** 1 on sale, 0 withdrawn. */
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.categoryId, t.sort)],
);

/**
 * A product's options (decision 0055): up to three (`position` 1–3), e.g. Size, Colour, with
 * their values in `productOptionValues`. A product without options has none.
 */
export const productOptions = pgTable(
  'product_options',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    names: translations('names'),
  },
  (t) => [
    unique('product_options_product_position_unique').on(t.productId, t.position),
    check('product_options_position', sql`${t.position} between 1 and 3`),
  ],
);

/** The values of an option, in `position` order (e.g. XS, S, M). */
export const productOptionValues = pgTable(
  'product_option_values',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    optionId: bigint('option_id', { mode: 'number' })
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    value: varchar('value', { length: 40 }).notNull(),
    values: translations('values'),
  },
  (t) => [
    unique('product_option_values_option_value_unique').on(t.optionId, t.value),
    index('product_option_values_option_idx').on(t.optionId, t.position),
  ],
);

/**
 * What is sold (decision 0055): one row per combination of option values on sale, or the one
 * variant of a product without options. Its platform price (the creator's cost) is in US cents.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: varchar('sku', { length: 64 }).notNull(),
    platformPriceMinor: integer('platform_price_minor').notNull(),
    stock: integer('stock').notNull().default(0),
    /** Its own photo (a colour's), or null: the product's images. */
    imageUrl: text('image_url'),
    weightGrams: integer('weight_grams').notNull().default(0),
    /** 1 on sale, 0 off. */
    status: smallint('status').notNull().default(1),
    /** The value of option 1, 2 and 3 (null where the product has fewer options). */
    value1Id: bigint('value1_id', { mode: 'number' }).references(() => productOptionValues.id),
    value2Id: bigint('value2_id', { mode: 'number' }).references(() => productOptionValues.id),
    value3Id: bigint('value3_id', { mode: 'number' }).references(() => productOptionValues.id),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('product_variants_sku_unique').on(t.sku),
    unique('product_variants_combination_unique')
      .on(t.productId, t.value1Id, t.value2Id, t.value3Id)
      .nullsNotDistinct(),
    index('product_variants_product_idx').on(t.productId, t.sort, t.id),
    check('product_variants_price_positive', sql`${t.platformPriceMinor} > 0`),
    check('product_variants_stock_not_negative', sql`${t.stock} >= 0`),
    check('product_variants_weight_not_negative', sql`${t.weightGrams} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    fileId: uuid('file_id'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index().on(t.productId, t.sort)],
);

/** Banners the platform offers to every shop. */
export const platformBanners = pgTable('platform_banners', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: varchar('title', { length: 120 }).notNull(),
  titles: translations('titles'),
  imageUrl: text('image_url').notNull(),
  linkUrl: text('link_url'),
  sort: integer('sort').notNull().default(0),
  status: smallint('status').notNull().default(1),
  ...timestamps,
});

/**
 * Product reviews. "Verified purchase" is shown only when `orderItemId` points at an item the
 * reviewer paid for (set by the system, never by the reviewer). Status: 0 waiting for
 * moderation, 1 published, 2 rejected.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orderItemId: bigint('order_item_id', { mode: 'number' }),
    authorName: varchar('author_name', { length: 64 }).notNull(),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    language: varchar('language', { length: 8 }).notNull().default('en'),
    status: smallint('status').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index().on(t.productId, t.status),
    // One review per order item: a buyer reviews what they bought once.
    uniqueIndex('reviews_order_item_key')
      .on(t.orderItemId)
      .where(sql`${t.orderItemId} is not null`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** A size guide's measurement: its English name and translations. */
export interface SizeGuideColumnValue {
  name: string;
  names: TTranslations;
}
/** A size guide's size and its measurements in millimetres, one per column. */
export interface SizeGuideRowValue {
  size: string;
  values: number[];
}

/**
 * A category's size guide (migration 0033): sizes × measurements in whole millimetres, kept
 * whole as JSON and checked by the service. A category has one or none; a product shows its
 * category's, else its parent's.
 */
export const categorySizeGuides = pgTable(
  'category_size_guides',
  {
    categoryId: bigint('category_id', { mode: 'number' })
      .primaryKey()
      .references(() => categories.id, { onDelete: 'cascade' }),
    columns: jsonb('columns').$type<SizeGuideColumnValue[]>().notNull(),
    rows: jsonb('rows').$type<SizeGuideRowValue[]>().notNull(),
    note: varchar('note', { length: 500 }).notNull().default(''),
    notes: translations('notes'),
    ...timestamps,
  },
  (t) => [
    check(
      'category_size_guides_columns_count',
      sql`jsonb_typeof(${t.columns}) = 'array' AND jsonb_array_length(${t.columns}) BETWEEN 1 AND 12`,
    ),
    check(
      'category_size_guides_rows_count',
      sql`jsonb_typeof(${t.rows}) = 'array' AND jsonb_array_length(${t.rows}) BETWEEN 1 AND 30`,
    ),
  ],
);
