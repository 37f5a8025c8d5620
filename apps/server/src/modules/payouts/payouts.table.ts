import type { TPayoutStatus } from '@linkstore/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';
import { shops } from '../shops/shops.table';

/**
 * A payout of a creator's available balance to their connected PayPal account (one PayPal
 * Payouts batch with one item). The row and its ledger debit are written in one transaction, before
 * PayPal is called; `sender_batch_id` is derived from the row and sent on every attempt, so a
 * retry or the reconcile job can never pay twice.
 *
 * status: requested (stored, PayPal not yet known to have it) → processing (PayPal accepted the
 * batch; its item is PENDING, ONHOLD, …) → paid (item SUCCESS) or returned (FAILED, RETURNED,
 * UNCLAIMED, BLOCKED, REFUNDED, REVERSED, DENIED, CANCELED: the money went back to available with a
 * `payout_return` ledger row).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    status: varchar('status', { length: 16 }).$type<TPayoutStatus>().notNull().default('requested'),
    /** Our idempotency key at PayPal (sender_batch_id and PayPal-Request-Id), fixed at insert. */
    senderBatchId: varchar('sender_batch_id', { length: 64 }).notNull(),
    /** The client's key for this withdrawal: the same request again answers the same payout. */
    requestKey: varchar('request_key', { length: 64 }),
    /** 'manual' (the creator's Withdraw) or 'auto' (the weekly payout). */
    trigger: varchar('trigger', { length: 8 }).$type<'manual' | 'auto'>().notNull().default('manual'),
    receiverEmail: varchar('receiver_email', { length: 254 }).notNull(),
    receiverPayerId: varchar('receiver_payer_id', { length: 64 }).notNull(),
    payoutBatchId: varchar('payout_batch_id', { length: 64 }),
    payoutItemId: varchar('payout_item_id', { length: 64 }),
    /** PayPal's word for the item (SUCCESS, UNCLAIMED, …) as last read. */
    providerStatus: varchar('provider_status', { length: 32 }),
    /** Why it was returned, as PayPal said it (e.g. RECEIVER_UNREGISTERED). */
    reason: text('reason'),
    /** Calls made to PayPal for it (the first and the reconcile job's). */
    attempts: integer('attempts').notNull().default(0),
    /** The returned payout an operator retried with this one (same creator, same amount). */
    retryOfId: bigint('retry_of_id', { mode: 'number' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_sender_batch_key').on(t.senderBatchId),
    uniqueIndex('payouts_request_key').on(t.userId, t.requestKey),
    // A returned payout is retried at most once (two operators clicking Retry make one payout).
    uniqueIndex('payouts_retry_of_key').on(t.retryOfId),
    /** One payout in flight per creator: a second concurrent withdrawal meets this index. */
    uniqueIndex('payouts_one_in_flight')
      .on(t.userId)
      .where(sql`${t.status} in ('requested', 'processing')`),
    index('payouts_user_requested_idx').on(t.userId, t.requestedAt),
    index('payouts_in_flight_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('requested', 'processing')`),
    check('payouts_amount_positive', sql`${t.amountMinor} > 0`),
    check('payouts_status_values', sql`${t.status} in ('requested', 'processing', 'paid', 'returned')`),
    check('payouts_trigger_values', sql`${t.trigger} in ('manual', 'auto')`),
  ],
);
