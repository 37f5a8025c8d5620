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
import { shops } from '../shops/shops.table';

/**
 * A creator's earnings ledger: append-only entries, the balance is their sum. A sale's profit is
 * credited once per order — the unique (kind, order_id) makes a second credit impossible, whichever
 * of the capture answer and the webhook arrives first or how often.
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
    /** 'sale' (profit of a paid order, positive), 'payout' (negative), 'adjustment'. */
    kind: varchar('kind', { length: 16 }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull().default('USD'),
    orderId: bigint('order_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_kind_order_key').on(t.kind, t.orderId),
    index('ledger_entries_user_created_idx').on(t.userId, t.createdAt),
    check('ledger_entries_kind_values', sql`${t.kind} in ('sale', 'payout', 'adjustment')`),
  ],
);
