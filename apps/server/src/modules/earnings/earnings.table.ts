import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';
import { payouts } from '../payouts/payouts.table';
import { refunds } from '../refunds/refunds.table';
import { shops } from '../shops/shops.table';

/**
 * A creator's earnings ledger: append-only entries; every balance is derived from them. A sale's
 * profit is credited once per order — the unique (kind, order_id) makes a second credit impossible,
 * whichever of the capture answer and the webhook arrives first or how often. A payout's debit and
 * its return are unique per payout the same way.
 *
 * Kinds: 'sale' (+profit of a buyer's paid order), 'refund' (−the profit share a refund of the
 * order took back; one per refund), 'payout' (−amount sent to PayPal),
 * 'payout_return' (+the same amount back when PayPal returned it), 'adjustment' (±, by an
 * operator), and 'purchase' (what the creator paid for an order themselves through PayPal: recorded,
 * but outside the balance — the money came from their PayPal account, not from their earnings).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** See above. */
    kind: varchar('kind', { length: 16 }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull().default('USD'),
    orderId: bigint('order_id', { mode: 'number' }),
    /** The payout a 'payout' or 'payout_return' entry belongs to. */
    payoutId: bigint('payout_id', { mode: 'number' }).references(() => payouts.id, { onDelete: 'restrict' }),
    /** The refund a 'refund' entry takes the profit share back for (its order_id is the order's). */
    refundId: bigint('refund_id', { mode: 'number' }).references(() => refunds.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One sale (and one purchase) per order; an order may have several refunds, one entry each.
    uniqueIndex('ledger_entries_kind_order_key')
      .on(t.kind, t.orderId)
      .where(sql`${t.kind} <> 'refund'`),
    uniqueIndex('ledger_entries_kind_refund_key').on(t.kind, t.refundId),
    uniqueIndex('ledger_entries_kind_payout_key').on(t.kind, t.payoutId),
    index('ledger_entries_user_created_idx').on(t.userId, t.createdAt),
    /** An order's entries, read beside it in the order lists (migration 0027). */
    index('ledger_entries_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check(
      'ledger_entries_kind_values',
      sql`${t.kind} in ('sale', 'payout', 'payout_return', 'adjustment', 'purchase', 'refund')`,
    ),
  ],
);
