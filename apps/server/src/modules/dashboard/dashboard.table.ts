import { bigint, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { shops } from '../shops/shops.table';

/**
 * Paid orders counted per shop, quarter hour (UTC), product, source and currency — what the
 * dashboard's cards and charts read instead of the orders (decision 0036). Product 0 is the
 * orders themselves (count, their totals and profit when paid, their items' units); a product's row counts the orders with it and
 * its units, sales and profit. Written only by the database's triggers on `orders` and
 * `order_items` (migration 0019), in the transaction that marks an order paid, so it can never
 * disagree with the orders it counts.
 */
export const orderRollups = pgTable(
  'order_rollups',
  {
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** The quarter hour's start the order was paid in. */
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull().default(0),
    userSource: varchar('user_source', { length: 64 }).notNull().default('default'),
    pageSource: varchar('page_source', { length: 64 }).notNull().default(''),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    orders: integer('orders').notNull().default(0),
    units: integer('units').notNull().default(0),
    salesMinor: bigint('sales_minor', { mode: 'number' }).notNull().default(0),
    profitMinor: bigint('profit_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'order_rollups_pk',
      columns: [t.shopId, t.bucket, t.productId, t.userSource, t.pageSource, t.currencyCode],
    }),
  ],
);

/**
 * A shop's paid orders all time, per currency: the shop-level roll-up rows summed, kept by a
 * trigger on them (migration 0024) — what the dashboard's "total" cards read.
 */
export const shopOrderTotals = pgTable(
  'shop_order_totals',
  {
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    salesMinor: bigint('sales_minor', { mode: 'number' }).notNull().default(0),
    profitMinor: bigint('profit_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'shop_order_totals_pk', columns: [t.shopId, t.currencyCode] })],
);

/**
 * A shop's paid orders per UTC hour and currency: the shop-level roll-up rows summed by hour, kept
 * by a trigger on them (migration 0025) — what long charts read in zones whose edges are whole hours.
 */
export const shopOrderHours = pgTable(
  'shop_order_hours',
  {
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    orders: integer('orders').notNull().default(0),
    units: integer('units').notNull().default(0),
    salesMinor: bigint('sales_minor', { mode: 'number' }).notNull().default(0),
    profitMinor: bigint('profit_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'shop_order_hours_pk', columns: [t.shopId, t.currencyCode, t.hour] })],
);

/** A shop's visits (shop page views) per UTC hour, kept by a trigger on the event roll-ups (migration 0025). */
export const shopVisitHours = pgTable(
  'shop_visit_hours',
  {
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'shop_visit_hours_pk', columns: [t.shopId, t.hour] })],
);
