import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { shops } from '../shops/shops.table';

/**
 * Raw storefront events, appended in batches. Kept for a while for audits and re-rolling; the
 * dashboard and lists read the roll-up, never this table.
 */
export const shopEvents = pgTable(
  'shop_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** 0 for shop-level events (the shop page's view, a shared link's click). */
    productId: bigint('product_id', { mode: 'number' }).notNull().default(0),
    kind: varchar('kind', { length: 8 }).notNull(),
    userSource: varchar('user_source', { length: 64 }).notNull().default('default'),
    pageSource: varchar('page_source', { length: 64 }).notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shop_events_received_idx').on(t.receivedAt),
    check('shop_events_kind_values', sql`${t.kind} in ('view', 'click', 'cart')`),
  ],
);

/**
 * Events counted per shop, product, kind, source and quarter hour (UTC): what the dashboard's
 * charts read. Quarter hours, so a day in any time zone is an exact sum of buckets (decision 0036).
 */
export const eventRollups = pgTable(
  'event_rollups',
  {
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' }).notNull().default(0),
    kind: varchar('kind', { length: 8 }).notNull(),
    userSource: varchar('user_source', { length: 64 }).notNull().default('default'),
    pageSource: varchar('page_source', { length: 64 }).notNull().default(''),
    /** The quarter hour's start (:00, :15, :30, :45 UTC). */
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'event_rollups_pk',
      columns: [t.shopId, t.productId, t.kind, t.userSource, t.pageSource, t.bucket],
    }),
    index('event_rollups_shop_bucket_idx').on(t.shopId, t.bucket),
  ],
);
