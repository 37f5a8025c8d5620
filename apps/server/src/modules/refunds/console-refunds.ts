import type { TConsoleRefund, TRefundedLine } from '@linkstore/contract';
import { asc, eq } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { listRefundLines, type RefundLineRow } from './refunds.repository';
import { refunds } from './refunds.table';

/*
 * The refund as the console shows it — the one read model of a refund: the refund's own answer
 * (`POST /system/orders/refund`) and the order's detail (through the refunds face) both build on it.
 */

const consoleRefundColumns = { refund: refunds, requestedBy: users.username };

type ConsoleRefundRow = { refund: typeof refunds.$inferSelect; requestedBy: string | null };

/** A refund's line as the console and the order's history name it. */
export function refundedLineOf(line: RefundLineRow): TRefundedLine {
  return {
    itemId: String(line.orderItemId),
    title: line.title,
    variantLabel: line.variantLabel,
    sku: line.sku,
    quantity: line.quantity,
    amountMinor: line.amountMinor,
  };
}

function toConsoleRefund(
  { refund: r, requestedBy }: ConsoleRefundRow,
  lines: TRefundedLine[],
): TConsoleRefund {
  return {
    id: String(r.id),
    amountMinor: r.amountMinor,
    currencyCode: r.currencyCode,
    status: r.status === 'completed' || r.status === 'failed' ? r.status : 'pending',
    source: r.source,
    reason: r.reason,
    restock: r.restock,
    profitReversedMinor: r.profitReversedMinor,
    requestedBy,
    failure: r.failure,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    lines,
  };
}

/** The refunds with their lines (a refund of an amount has none). */
async function withLines(db: AppDatabase, rows: ConsoleRefundRow[]): Promise<TConsoleRefund[]> {
  const lines = await listRefundLines(
    db,
    rows.map((row) => row.refund.id),
  );
  const byRefund = new Map<number, TRefundedLine[]>();
  for (const line of lines)
    byRefund.set(line.refundId, [...(byRefund.get(line.refundId) ?? []), refundedLineOf(line)]);
  return rows.map((row) => toConsoleRefund(row, byRefund.get(row.refund.id) ?? []));
}

/** One refund, with the operator's username; undefined when there is none. */
export async function findConsoleRefund(db: AppDatabase, id: number): Promise<TConsoleRefund | undefined> {
  const rows = await db
    .select(consoleRefundColumns)
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.requestedBy))
    .where(eq(refunds.id, id));
  return (await withLines(db, rows))[0];
}

/** An order's refunds, oldest first. */
export async function listConsoleRefunds(db: AppDatabase, orderId: number): Promise<TConsoleRefund[]> {
  const rows = await db
    .select(consoleRefundColumns)
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.requestedBy))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.id));
  return withLines(db, rows);
}
