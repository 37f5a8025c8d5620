import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { orders } from '../orders/orders.table';
import { ledgerEntries } from './earnings.table';

export interface LedgerTotals {
  balance: number;
  earned: number;
  paidOut: number;
  sinceMonthStart: number;
}

/** A sum of integer cents: bigint in SQL (no overflow), a number here (exact below 2^53). */
const sumOf = (expression: ReturnType<typeof sql>) =>
  sql<number>`coalesce(sum(${expression}), 0)::bigint`.mapWith(Number);

/** The user's ledger summed in one pass: everything, sales, payouts (positive) and recent sales. */
export async function sumLedger(db: AppDatabase, userId: number, monthStart: Date): Promise<LedgerTotals> {
  const isSale = sql`${ledgerEntries.kind} = 'sale'`;
  const [row] = await db
    .select({
      balance: sumOf(sql`${ledgerEntries.amountMinor}`),
      earned: sumOf(sql`case when ${isSale} then ${ledgerEntries.amountMinor} end`),
      paidOut: sumOf(sql`case when ${ledgerEntries.kind} = 'payout' then -${ledgerEntries.amountMinor} end`),
      sinceMonthStart: sumOf(
        sql`case when ${isSale} and ${ledgerEntries.createdAt} >= ${monthStart.toISOString()}::timestamptz
          then ${ledgerEntries.amountMinor} end`,
      ),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return row ?? { balance: 0, earned: 0, paidOut: 0, sinceMonthStart: 0 };
}

export interface LedgerEntryRow {
  id: number;
  kind: string;
  amountMinor: number;
  currencyCode: string;
  orderNo: string | null;
  createdAt: Date;
}

/** A page of the user's entries, newest first, with the sale's order number. */
export async function pageLedger(
  db: AppDatabase,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: LedgerEntryRow[]; total: number }> {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amountMinor: ledgerEntries.amountMinor,
      currencyCode: ledgerEntries.currencyCode,
      orderNo: orders.orderNo,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    // The order must be the user's own as well: an entry can never reveal another's order.
    .leftJoin(orders, and(eq(orders.id, ledgerEntries.orderId), eq(orders.ownerUserId, userId)))
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db
    .select({ total: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return { rows, total: counted?.total ?? 0 };
}

/** The user's sales per UTC day in [since, before); only days with sales are answered. */
export function sumSalesByDay(
  db: AppDatabase,
  userId: number,
  since: Date,
  before: Date,
): Promise<{ day: string; cents: number }[]> {
  const day = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, cents: sumOf(sql`${ledgerEntries.amountMinor}`) })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.kind, 'sale'),
        sql`${ledgerEntries.createdAt} >= ${since.toISOString()}::timestamptz`,
        sql`${ledgerEntries.createdAt} < ${before.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(day)
    .orderBy(day);
}

/** A sale's profit, for `creditSale`. */
export interface SaleCredit {
  userId: number;
  shopId: number;
  orderId: number;
  amountMinor: number;
  currencyCode: string;
  /** When it was earned; now unless given (the demo seed dates its past sales). */
  at?: Date | undefined;
}

/**
 * The sale's profit, credited once per order: the unique (kind, order_id) turns a second credit
 * into nothing, whichever of the capture answer and the webhook comes first (decision 0020).
 */
export async function creditSale(db: AppDatabase, sale: SaleCredit): Promise<void> {
  await db
    .insert(ledgerEntries)
    .values({
      userId: sale.userId,
      shopId: sale.shopId,
      kind: 'sale',
      amountMinor: sale.amountMinor,
      currencyCode: sale.currencyCode,
      orderId: sale.orderId,
      ...(sale.at ? { createdAt: sale.at } : {}),
    })
    .onConflictDoNothing({ target: [ledgerEntries.kind, ledgerEntries.orderId] });
}
