import { bigint, bigserial, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';

/** One difference a reconciliation found: where, what the ledger says and what the source says. */
export interface ReconciliationDifference {
  /** e.g. 'sale', 'refund', 'payout', 'balance', 'capture'. */
  check: string;
  userId: number | null;
  orderNo: string | null;
  payoutId: number | null;
  refundId: number | null;
  expectedMinor: number;
  actualMinor: number;
  /** In English, for the operator and the log. */
  detail: string;
}

/**
 * A run of the reconciliation job: the ledger compared, per creator and in total, with orders,
 * captures, refunds and payouts. Expected: 0 differences.
 */
export const reconciliationRuns = pgTable('reconciliation_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** 'schedule' (the daily job) or 'operator' (run from the console). */
  trigger: varchar('trigger', { length: 16 }).notNull(),
  startedBy: bigint('started_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  creatorsChecked: integer('creators_checked').notNull().default(0),
  differenceCount: integer('difference_count').notNull().default(0),
  differences: jsonb('differences').$type<ReconciliationDifference[]>().notNull().default([]),
  /** Totals compared (ledger and sources), in minor units of USD. */
  totals: jsonb('totals').$type<Record<string, number>>().notNull().default({}),
});
