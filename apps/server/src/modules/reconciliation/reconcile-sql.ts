import { sql } from 'drizzle-orm';
import type { ReconciliationDifference } from './reconciliation.table';

// What every check of the reconciliation (reconcile.ts) shares.

/**
 * A payment whose capture moved money (a refund may have changed its status since). The sale of
 * a buyer's order paid with one must be in the ledger.
 */
export const CAPTURED = sql.raw(`('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED')`);

export const num = (value: string | number | boolean | null | undefined): number => Number(value ?? 0);

export function difference(
  check: string,
  at: { userId?: unknown; orderNo?: unknown; payoutId?: unknown; refundId?: unknown },
  expectedMinor: number,
  actualMinor: number,
  detail: string,
): ReconciliationDifference {
  const idOf = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    check,
    userId: idOf(at.userId),
    orderNo: typeof at.orderNo === 'string' ? at.orderNo : null,
    payoutId: idOf(at.payoutId),
    refundId: idOf(at.refundId),
    expectedMinor,
    actualMinor,
    detail,
  };
}
