import type { TRefundSource, TRefundStatus } from '@linkstore/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';
import { orderItems, orders } from '../orders/orders.table';
import { payments } from '../payments/payments.table';

/**
 * Money given back to a buyer from an order's capture: asked for by an operator, or told by the
 * provider (a PAYMENT.CAPTURE.REFUNDED / REVERSED webhook for a refund made at PayPal, a dispute
 * or a chargeback).
 *
 * An operator's refund is stored — with `request_id`, the PayPal-Request-Id of the call — and the
 * amount reserved on the payment (`payments.refunded_minor`, a conditional update, so concurrent
 * refunds can never exceed the capture) before the provider is called. The provider's answer or
 * its webhook, whichever comes first, completes it once: the refund's ledger reversal is unique
 * per refund, and the provider's refund id is unique.
 *
 * status: pending (stored, provider not yet known to have done it) → completed, or failed (the
 * provider refused: the reservation is released).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    /** The capture refunded. */
    captureId: varchar('capture_id', { length: 64 }).notNull(),
    /** Our idempotency key at the provider (PayPal-Request-Id), fixed at insert. */
    requestId: varchar('request_id', { length: 64 }).notNull(),
    /** The provider's refund id, once known. */
    providerRefundId: varchar('provider_refund_id', { length: 64 }),
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    status: varchar('status', { length: 16 }).$type<TRefundStatus>().notNull().default('pending'),
    /**
     * 'operator' (the console), 'provider' (a webhook told us of a refund or reversal) or 'buyer'
     * (the buyer cancelled the order from its page, decision 0058).
     */
    source: varchar('source', { length: 16 }).$type<TRefundSource>().notNull(),
    /** The operator's reason, or the provider's event type. */
    reason: text('reason').notNull().default(''),
    /** The operator said the goods came back: the stock is returned when it completes. */
    restock: boolean('restock').notNull().default(false),
    /** The creator's profit share this refund took back (its ledger row), once completed. */
    profitReversedMinor: integer('profit_reversed_minor').notNull().default(0),
    /** Why the provider refused it, when it failed. */
    failure: text('failure'),
    requestedBy: bigint('requested_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_request_key').on(t.requestId),
    uniqueIndex('refunds_provider_refund_key').on(t.provider, t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amountMinor} > 0`),
    check('refunds_status_values', sql`${t.status} in ('pending', 'completed', 'failed')`),
    check('refunds_source_values', sql`${t.source} in ('operator', 'provider', 'buyer')`),
  ],
);

/**
 * The order lines a refund by lines gives back (migration 0035, decision 0055): how many units of
 * each and its share of the refund, in the refund's currency (Σ = the refund's amount). A line's
 * units still refundable are its quantity less those of refunds that did not fail; a refund by
 * lines with `restock` returns only these units, per variant.
 */
export const refundLines = pgTable(
  'refund_lines',
  {
    refundId: bigint('refund_id', { mode: 'number' })
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.orderItemId] }),
    index('refund_lines_item_idx').on(t.orderItemId),
    check('refund_lines_quantity', sql`${t.quantity} between 1 and 99`),
    check('refund_lines_amount_not_negative', sql`${t.amountMinor} >= 0`),
  ],
);
