import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';

/**
 * The reconciliation of the creators' ledger with its sources — orders, captures, refunds and
 * payouts — per creator and in total. A run lists every difference found; the expected number
 * is 0. Amounts are integer US cents.
 */

/** What compared differently: each names one rule (see docs/operations.md, "Reconciliation"). */
export const ZReconciliationCheck = z.enum([
  'sale',
  'capture',
  'payment_refunded',
  'refund',
  'refund_total',
  'payout',
  'payout_return',
  'balance',
  'paid_out',
  'total',
]);
export type TReconciliationCheck = z.infer<typeof ZReconciliationCheck>;

export const ZReconciliationDifference = z.object({
  check: z.string(),
  userId: z.string().nullable(),
  orderNo: z.string().nullable(),
  payoutId: z.string().nullable(),
  refundId: z.string().nullable(),
  expectedMinor: z.number().int(),
  actualMinor: z.number().int(),
  /** In English, as the job logs it. */
  detail: z.string(),
});
export type TReconciliationDifference = z.infer<typeof ZReconciliationDifference>;

export const ZReconciliationTrigger = z.enum(['schedule', 'operator']);
export type TReconciliationTrigger = z.infer<typeof ZReconciliationTrigger>;

export const ZReconciliationRun = z.object({
  id: z.string(),
  trigger: ZReconciliationTrigger,
  /** The operator who ran it; null for the daily job. */
  startedBy: z.string().nullable(),
  startedByName: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  creatorsChecked: z.number().int(),
  differenceCount: z.number().int(),
  /** The totals compared (ledger and sources), US cents. */
  totals: z.record(z.string(), z.number().int()),
});
export type TReconciliationRun = z.infer<typeof ZReconciliationRun>;
export const ZReconciliationRunPage = ZPage(ZReconciliationRun);
export type TReconciliationRunPage = z.infer<typeof ZReconciliationRunPage>;

export const ZReconciliationRunsQuery = ZPageQuery;
export const ZReconciliationRunParams = z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/) });

/** A run's differences: a page of them, or `all` (at most MAX_RECONCILIATION_DIFFERENCES). */
export const ZReconciliationRunQuery = ZPageQuery.extend({
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type TReconciliationRunQuery = z.infer<typeof ZReconciliationRunQuery>;

/** The most differences a run stores (its count says how many were found). */
export const MAX_RECONCILIATION_DIFFERENCES = 1000;

export const ZReconciliationRunDetail = z.object({
  run: ZReconciliationRun,
  differences: ZPage(ZReconciliationDifference),
});
export type TReconciliationRunDetail = z.infer<typeof ZReconciliationRunDetail>;
