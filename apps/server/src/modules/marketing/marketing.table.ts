import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table';
import { shops } from '../shops/shops.table';

/**
 * A shop's subscriber (migration 0043): a buyer who ticked "Email me news and offers from <shop>"
 * at checkout. One row per shop and lower-cased email: a later consent refreshes the order, the
 * wording, the language and the time. `unsubscribedAt` set: no marketing mail (the row stays as
 * the proof of what was agreed); a new tick at a later checkout subscribes them again.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    /** The order the (latest) consent was given at. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    /** The sentence the buyer saw next to the box, in their language, with the shop's name. */
    wording: text('wording').notNull(),
    language: varchar('language', { length: 8 }).notNull(),
    /** Subscribed since: the first consent after the last unsubscribe. */
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The latest consent. */
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('marketing_consents_shop_email_key').on(t.shopId, t.email),
    index('marketing_consents_subscribed_idx')
      .on(t.shopId, t.subscribedAt)
      .where(sql`${t.unsubscribedAt} is null`),
    index('marketing_consents_order_idx').on(t.orderId),
    check('marketing_consents_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * The abandoned-checkout reminder of an order, written in the transaction that queues its mail;
 * one per order at most, so an order is reminded once however many processes run the job.
 */
export const marketingReminders = pgTable(
  'marketing_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    consentId: bigint('consent_id', { mode: 'number' })
      .notNull()
      .references(() => marketingConsents.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketing_reminders_order_key').on(t.orderId),
    index('marketing_reminders_consent_idx').on(t.consentId),
  ],
);
