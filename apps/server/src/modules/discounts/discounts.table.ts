import type { TDiscountKind } from '@linkstore/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table';
import { shops } from '../shops/shops.table';

/**
 * A shop's discount codes (migration 0039), made by its creator: a whole percentage off the lines
 * it applies to or an amount off the order, out of the creator's profit. `productIds` null: the
 * whole shop. Days are UTC calendar days, both ends included. A deleted code keeps its row (its
 * orders name it) and frees its name.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<TDiscountKind>().notNull(),
    percent: smallint('percent'),
    amountMinor: integer('amount_minor'),
    currencyCode: varchar('currency_code', { length: 3 }).notNull().default('USD'),
    minOrderMinor: integer('min_order_minor'),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    maxUses: integer('max_uses'),
    maxUsesPerEmail: integer('max_uses_per_email'),
    productIds: bigint('product_ids', { mode: 'number' }).array(),
    paused: boolean('paused').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_shop_code_key')
      .on(t.shopId, t.code)
      .where(sql`${t.deletedAt} is null`),
    index('discount_codes_code_idx')
      .on(t.code)
      .where(sql`${t.deletedAt} is null`),
    check('discount_codes_code_format', sql`${t.code} ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'`),
    check(
      'discount_codes_kind_value',
      sql`(${t.kind} = 'percent' AND ${t.percent} BETWEEN 1 AND 100 AND ${t.amountMinor} IS NULL) OR (${t.kind} = 'amount' AND ${t.amountMinor} BETWEEN 1 AND 10000000 AND ${t.percent} IS NULL)`,
    ),
    check('discount_codes_currency', sql`${t.currencyCode} = 'USD'`),
    check(
      'discount_codes_limits',
      sql`(${t.minOrderMinor} IS NULL OR ${t.minOrderMinor} BETWEEN 1 AND 10000000) AND (${t.maxUses} IS NULL OR ${t.maxUses} >= 1) AND (${t.maxUsesPerEmail} IS NULL OR ${t.maxUsesPerEmail} >= 1)`,
    ),
    check(
      'discount_codes_days',
      sql`${t.startsOn} IS NULL OR ${t.endsOn} IS NULL OR ${t.endsOn} >= ${t.startsOn}`,
    ),
  ],
);

/**
 * Each order placed with a code, written in the order's own transaction while the code's row is
 * locked: what a code's use limits count (an order that lapsed unpaid no longer counts).
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codeId: bigint('code_id', { mode: 'number' })
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_order_key').on(t.orderId),
    index('discount_redemptions_code_email_idx').on(t.codeId, t.email),
  ],
);
