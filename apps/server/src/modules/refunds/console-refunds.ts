import type { TConsoleRefund } from '@linkstore/contract';
import { asc, eq } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { refunds } from './refunds.table';

/*
 * The refund as the console shows it — the one read model of a refund: the refund's own answer
 * (`POST /system/orders/refund`) and the order's detail (through the refunds face) both build on it.
 */

const consoleRefundColumns = { refund: refunds, requestedBy: users.username };

type ConsoleRefundRow = { refund: typeof refunds.$inferSelect; requestedBy: string | null };

function toConsoleRefund({ refund: r, requestedBy }: ConsoleRefundRow): TConsoleRefund {
  return {
    id: String(r.id),
    amountMinor: r.amountMinor,
    currencyCode: r.currencyCode,
    status: r.status === 'completed' || r.status === 'failed' ? r.status : 'pending',
    source: r.source === 'provider' ? 'provider' : 'operator',
    reason: r.reason,
    restock: r.restock,
    profitReversedMinor: r.profitReversedMinor,
    requestedBy,
    failure: r.failure,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}

/** One refund, with the operator's username; undefined when there is none. */
export async function findConsoleRefund(db: AppDatabase, id: number): Promise<TConsoleRefund | undefined> {
  const [row] = await db
    .select(consoleRefundColumns)
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.requestedBy))
    .where(eq(refunds.id, id));
  return row ? toConsoleRefund(row) : undefined;
}

/** An order's refunds, oldest first. */
export async function listConsoleRefunds(db: AppDatabase, orderId: number): Promise<TConsoleRefund[]> {
  const rows = await db
    .select(consoleRefundColumns)
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.requestedBy))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.id));
  return rows.map(toConsoleRefund);
}
