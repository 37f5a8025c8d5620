import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import type { ReconciliationDifference } from './reconciliation.table';

// What every check of the reconciliation (reconcile.ts) shares.

/**
 * A payment whose capture moved money (a refund may have changed its status since). The sale of
 * a buyer's order paid with one must be in the ledger.
 */
export const CAPTURED = sql.raw(`('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED')`);

type Row = Record<string, string | number | boolean | null>;

export async function rows<T extends Row>(db: AppDatabase, query: SQL): Promise<T[]> {
  // Both drivers answer `{ rows }`; the shared database type does not say so.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

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
