import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { TCaseEventKind, TCaseReason, TCaseResolution, TCaseStatus } from '@linkstore/contract';
import { users } from '../../platform/auth/auth.tables';
import { files } from '../files/files.table';
import { orderItems, orders } from '../orders/orders.table';
import { refunds } from '../refunds/refunds.table';

/**
 * A problem a buyer reported with one line of a shipped order (issue 35, migration 0044), and how
 * operators resolved it. At most one open case per line (the partial unique index). Status:
 * new (an operator's turn) ⇄ waiting_for_buyer (asked; a reply makes it new again) → resolved,
 * with its resolution: the line refunded (`refund_id`), reshipped as a zero-price order
 * (`reship_order_id`) or declined (`resolution_note` the reason). Owned by the cases module.
 */
export const orderCases = pgTable(
  'order_cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 16 }).$type<TCaseReason>().notNull(),
    /** The buyer's words when opening it (replies are events). */
    message: text('message').notNull(),
    status: varchar('status', { length: 20 }).$type<TCaseStatus>().notNull().default('new'),
    resolution: varchar('resolution', { length: 8 }).$type<TCaseResolution>(),
    /** A decline's reason, or the note given with a refund or a reship; '' without. */
    resolutionNote: text('resolution_note').notNull().default(''),
    refundId: bigint('refund_id', { mode: 'number' }).references(() => refunds.id, { onDelete: 'set null' }),
    reshipOrderId: bigint('reship_order_id', { mode: 'number' }).references(() => orders.id, {
      onDelete: 'set null',
    }),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_cases_open_line_key')
      .on(t.orderItemId)
      .where(sql`${t.status} <> 'resolved'`),
    index('order_cases_status_created_idx').on(t.status, t.createdAt),
    index('order_cases_order_idx').on(t.orderId),
    check(
      'order_cases_reason_values',
      sql`${t.reason} in ('not_received', 'damaged', 'wrong_item', 'wrong_size')`,
    ),
    check('order_cases_status_values', sql`${t.status} in ('new', 'waiting_for_buyer', 'resolved')`),
    check(
      'order_cases_resolution',
      sql`(${t.status} = 'resolved') = (${t.resolution} is not null) and (${t.resolution} is null or ${t.resolution} in ('refund', 'reship', 'decline'))`,
    ),
    check('order_cases_message_length', sql`char_length(${t.message}) between 1 and 2000`),
  ],
);

/** Each step of a case, oldest first: opened, asked, replied, refunded, reshipped, declined. */
export const orderCaseEvents = pgTable(
  'order_case_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => orderCases.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<TCaseEventKind>().notNull(),
    /** The buyer's step (from the order page); else an operator's. */
    byBuyer: boolean('by_buyer').notNull().default(false),
    /** The operator; null for the buyer. */
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_case_events_case_idx').on(t.caseId, t.id),
    check(
      'order_case_events_kind_values',
      sql`${t.kind} in ('opened', 'asked', 'replied', 'refunded', 'reshipped', 'declined', 'refund_failed')`,
    ),
  ],
);

/** The buyer's photos of a case (private images of the files module), with the step they came with. */
export const orderCasePhotos = pgTable(
  'order_case_photos',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => orderCases.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => orderCaseEvents.id, { onDelete: 'cascade' }),
    /** Its place among the photos of its step, as the buyer sent them (0, 1, 2). */
    position: smallint('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_case_photos_case_idx').on(t.caseId)],
);
