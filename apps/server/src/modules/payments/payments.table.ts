import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  bigserial,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table';

/**
 * A payment attempt of an order at a provider ('sandbox' or 'paypal'). One per order; the
 * provider's order id and capture id are unique, so a replayed answer can never pay twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    providerOrderId: varchar('provider_order_id', { length: 64 }).notNull(),
    /** The provider's order status, then the capture's (COMPLETED only when money moved). */
    status: varchar('status', { length: 32 }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    captureId: varchar('capture_id', { length: 64 }),
    capturedMinor: integer('captured_minor'),
    capturedCurrency: varchar('captured_currency', { length: 3 }),
    /**
     * Refunded or being refunded (pending refunds included), never more than captured: a refund
     * reserves its amount here with a conditional update before the provider is called.
     */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    approveUrl: text('approve_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payments_refunded_within_captured',
      sql`${t.refundedMinor} >= 0 and ${t.refundedMinor} <= coalesce(${t.capturedMinor}, 0)`,
    ),
    uniqueIndex('payments_order_key').on(t.orderId),
    uniqueIndex('payments_provider_order_key').on(t.provider, t.providerOrderId),
    uniqueIndex('payments_capture_key').on(t.provider, t.captureId),
  ],
);

/**
 * Every webhook event we accepted, by the provider's event id: a redelivered event finds its row
 * and changes nothing.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: varchar('provider', { length: 16 }).notNull(),
    eventId: varchar('event_id', { length: 128 }).notNull(),
    eventType: varchar('event_type', { length: 64 }).notNull(),
    /** What handling it did: e.g. 'paid', 'ignored', 'flagged'. */
    outcome: varchar('outcome', { length: 32 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_key').on(t.provider, t.eventId)],
);

/**
 * The offline sandbox provider's orders (decision 0018): kept in the database, so an approval
 * survives a restart and works when several API processes serve the same shop.
 */
export const sandboxOrders = pgTable(
  'sandbox_orders',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    /** The create call's idempotency key. */
    requestId: varchar('request_id', { length: 128 }).notNull(),
    status: varchar('status', { length: 32 }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    reference: varchar('reference', { length: 64 }),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    captureId: varchar('capture_id', { length: 64 }),
    /** The capture call's idempotency key: a retry with it answers the same capture. */
    captureRequestId: varchar('capture_request_id', { length: 128 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_orders_request_key').on(t.requestId)],
);

/**
 * The offline sandbox's payout batches (one item each). The item's status is derived, not stored:
 * PENDING in the send answer, then the receiver's outcome from the first read on (see
 * `sandbox-payouts.ts`), so the imitation needs no timer and survives restarts.
 */
export const sandboxPayouts = pgTable(
  'sandbox_payouts',
  {
    /** The batch id. */
    id: varchar('id', { length: 64 }).primaryKey(),
    itemId: varchar('item_id', { length: 64 }).notNull(),
    senderBatchId: varchar('sender_batch_id', { length: 64 }).notNull(),
    /** The create call's PayPal-Request-Id: the same id again answers this batch. */
    requestId: varchar('request_id', { length: 128 }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    receiver: varchar('receiver', { length: 254 }).notNull(),
    /** How often the batch or its item was read: the first read moves the item past PENDING. */
    reads: integer('reads').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_payouts_sender_batch_key').on(t.senderBatchId),
    uniqueIndex('sandbox_payouts_item_key').on(t.itemId),
  ],
);

/** The offline sandbox's refunds: the same request id always answers the same refund. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    /** The refund call's PayPal-Request-Id. */
    requestId: varchar('request_id', { length: 128 }).notNull(),
    captureId: varchar('capture_id', { length: 64 }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    /** Our refund id, echoed back like PayPal's custom_id. */
    customId: varchar('custom_id', { length: 127 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_refunds_request_key').on(t.requestId)],
);
