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
 * dashboard and lists read the roll-up, never this table. Partitioned by month of `received_at`
 * (migration 0020, decision 0037): partitions are made ahead and dropped whole after the
 * retention period, a default partition takes anything else.
 */
export const shopEvents = pgTable(
  'shop_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
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
    /** The id the buyer's browser gave it (unique per shop while kept in `shop_event_ids`). */
    eventId: varchar('event_id', { length: 32 }).notNull().default(''),
  },
  (t) => [
    // A partitioned table's keys include its partition key.
    primaryKey({ name: 'shop_events_pk', columns: [t.id, t.receivedAt] }),
    index('shop_events_received_idx').using('brin', t.receivedAt),
    check('shop_events_kind_values', sql`${t.kind} in ('view', 'click', 'cart')`),
  ],
);

/**
 * The event ids a shop has counted lately (decision 0037): an event whose (shop, id) is here is a
 * repeat and counts nothing. Kept for SHOP_EVENT_IDS_KEEP_DAYS, longer than an event may be late.
 */
export const shopEventIds = pgTable(
  'shop_event_ids',
  {
    shopId: bigint('shop_id', { mode: 'number' }).notNull(),
    eventId: varchar('event_id', { length: 32 }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'shop_event_ids_pk', columns: [t.shopId, t.eventId] }),
    index('shop_event_ids_seen_idx').using('brin', t.seenAt),
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
