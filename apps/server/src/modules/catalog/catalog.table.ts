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

/** The platform's products. The platform price (the creator's cost) is in US cents. */
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
    platformPriceMinor: integer('platform_price_minor').notNull(),
    stock: integer('stock').notNull().default(0),
    /** 1 on sale, 0 withdrawn. */
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index().on(t.categoryId, t.sort),
    check('products_price_positive', sql`${t.platformPriceMinor} > 0`),
    check('products_stock_not_negative', sql`${t.stock} >= 0`),
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
