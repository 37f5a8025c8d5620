import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { orders } from '../orders/orders.table';
import { payouts } from '../payouts/payouts.table';
import { shops } from '../shops/shops.table';
import { ledgerEntries } from './earnings.table';

/**
 * Every figure of a creator's money, as the studio and the console show it (decision 0041). Each
 * is a sum of ledger entries, and together they account for every entry:
 *
 *   balance = earned + adjustments − inFlight − paidOut   (a returned payout's debit and its
 *   return cancel out), available = balance − pending, and purchases stand apart (paid from the
 *   creator's PayPal account, not from their earnings).
 */
export interface LedgerTotals {
  /** Everything the ledger owes the creator: all entries but purchases. */
  balance: number;
  /** Sales still in their hold, less what refunds took back of them. */
  pending: number;
  /** Debits of payouts requested or processing, as a positive amount. */
  inFlight: number;
  /** Debits of payouts PayPal paid, as a positive amount. */
  paidOut: number;
  /** Sales less what refunds took back of them: the creator's earnings. */
  earned: number;
  /** Earned since the start of the month asked for. */
  sinceMonthStart: number;
  /** Operators' corrections (±). */
  adjustments: number;
  /** What the creator paid for their own orders, as a positive amount (outside the balance). */
  purchases: number;
  /** Sale entries: one per buyer's paid order credited. */
  salesCount: number;
}

/** A sum of integer cents: bigint in SQL (no overflow), a number here (exact below 2^53). */
const sumOf = (expression: ReturnType<typeof sql>) =>
  sql<number>`coalesce(sum(${expression}), 0)::bigint`.mapWith(Number);

/** Entries that make up the balance: a purchase was paid from the creator's PayPal, not from it. */
export const inBalance = sql`${ledgerEntries.kind} <> 'purchase'`;

/** The creator's earnings: sales and what refunds took back of them (decision 0041). */
export const isEarning = sql`${ledgerEntries.kind} in ('sale', 'refund')`;

/**
 * When a sale leaves its hold: `holdDays` after its order was completed; never while the order is
 * not completed (decision 0025). An SQL expression over `orders` joined to the sale's entry.
 */
export function saleAvailableAt(holdDays: number) {
  return sql`(${orders.completedAt} + make_interval(days => ${holdDays}))`;
}

/** The joined order is still in its hold at `now` (not completed, or completed too recently). */
function orderInHold(holdDays: number, now: Date) {
  return sql`(${orders.status} is distinct from 2
    or ${orders.completedAt} is null
    or ${saleAvailableAt(holdDays)} > ${now.toISOString()}::timestamptz)`;
}

/** A sale entry (joined to its order) that is still in its hold at `now`. */
function isPendingSale(holdDays: number, now: Date) {
  return sql`${ledgerEntries.kind} = 'sale' and ${orderInHold(holdDays, now)}`;
}

/**
 * Pending first, then available: a sale in its hold and the reversals of it by refunds (joined to
 * the same order). A refund of an order out of its hold counts against the available balance, which
 * may go negative when the profit was paid out already; later sales settle it.
 */
function isPendingEntry(holdDays: number, now: Date) {
  return sql`${isEarning} and ${orderInHold(holdDays, now)}`;
}

/**
 * The figures of `LedgerTotals` as SQL sums over `ledger_entries` joined to their order (earnings
 * entries only) and payout: written once, read for one creator and for a page of them.
 */
function ledgerFigures(at: { monthStart: Date; now: Date; holdDays: number }) {
  const isPayout = sql`${ledgerEntries.kind} = 'payout'`;
  const amount = ledgerEntries.amountMinor;
  return {
    balance: sumOf(sql`case when ${inBalance} then ${amount} end`),
    pending: sumOf(sql`case when ${isPendingEntry(at.holdDays, at.now)} then ${amount} end`),
    inFlight: sumOf(
      sql`case when ${isPayout} and ${payouts.status} in ('requested', 'processing') then -${amount} end`,
    ),
    paidOut: sumOf(sql`case when ${isPayout} and ${payouts.status} = 'paid' then -${amount} end`),
    earned: sumOf(sql`case when ${isEarning} then ${amount} end`),
    sinceMonthStart: sumOf(
      sql`case when ${isEarning} and ${ledgerEntries.createdAt} >= ${at.monthStart.toISOString()}::timestamptz
        then ${amount} end`,
    ),
    adjustments: sumOf(sql`case when ${ledgerEntries.kind} = 'adjustment' then ${amount} end`),
    purchases: sumOf(sql`case when ${ledgerEntries.kind} = 'purchase' then -${amount} end`),
    salesCount: sql<number>`count(*) filter (where ${ledgerEntries.kind} = 'sale')::int`.mapWith(Number),
  };
}

const NO_TOTALS: LedgerTotals = {
  balance: 0,
  pending: 0,
  inFlight: 0,
  paidOut: 0,
  earned: 0,
  sinceMonthStart: 0,
  adjustments: 0,
  purchases: 0,
  salesCount: 0,
};

/** The user's ledger summed in one pass (decision 0025, 0041). */
export async function sumLedger(
  db: AppDatabase,
  userId: number,
  at: { monthStart: Date; now: Date; holdDays: number },
): Promise<LedgerTotals> {
  const [row] = await db
    .select(ledgerFigures(at))
    .from(ledgerEntries)
    .leftJoin(orders, and(eq(orders.id, ledgerEntries.orderId), isEarning))
    .leftJoin(payouts, eq(payouts.id, ledgerEntries.payoutId))
    .where(eq(ledgerEntries.userId, userId));
  return row ?? { ...NO_TOTALS };
}

/** One creator's figures in `sumLedgersOf`. */
export type CreatorLedgerTotals = LedgerTotals;

/**
 * Many users' ledgers summed in one statement (the console's list of creators): the same figures
 * as `sumLedger`, grouped by user. Every user asked for is in the answer (zeros without entries).
 */
export async function sumLedgersOf(
  db: AppDatabase,
  userIds: readonly number[],
  at: { now: Date; holdDays: number },
): Promise<Map<number, CreatorLedgerTotals>> {
  const totals = new Map<number, CreatorLedgerTotals>(userIds.map((id) => [id, { ...NO_TOTALS }]));
  if (userIds.length === 0) return totals;
  const rows = await db
    .select({
      userId: ledgerEntries.userId,
      ...ledgerFigures({ ...at, monthStart: utcMonthStartOf(at.now) }),
    })
    .from(ledgerEntries)
    .leftJoin(orders, and(eq(orders.id, ledgerEntries.orderId), isEarning))
    .leftJoin(payouts, eq(payouts.id, ledgerEntries.payoutId))
    .where(inArray(ledgerEntries.userId, [...userIds]))
    .groupBy(ledgerEntries.userId);
  for (const { userId, ...sums } of rows) totals.set(userId, sums);
  return totals;
}

/**
 * One order's earnings (its sale less what refunds took back) and what its creator paid for it
 * themselves, as SQL over `orderId` — qualified with its table: inside these subqueries a bare
 * "id" would be the ledger entry's (the order lists read them beside each order).
 */
export function orderEarningsOf(orderId: SQL) {
  return {
    earned: sql<number>`(select coalesce(sum(e.amount_minor), 0)::int from ${ledgerEntries} e
      where e.order_id = ${orderId} and e.kind in ('sale', 'refund'))`.mapWith(Number),
    paidByYou: sql<number>`(select coalesce(-sum(e.amount_minor), 0)::int from ${ledgerEntries} e
      where e.order_id = ${orderId} and e.kind = 'purchase')`.mapWith(Number),
  };
}

/** The first instant of `now`'s month in UTC. */
export function utcMonthStartOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export interface LedgerEntryRow {
  id: number;
  kind: string;
  amountMinor: number;
  currencyCode: string;
  orderNo: string | null;
  payoutId: number | null;
  payoutStatus: string | null;
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
      payoutId: ledgerEntries.payoutId,
      payoutStatus: payouts.status,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    // The order must be the user's own as well: an entry can never reveal another's order.
    .leftJoin(orders, and(eq(orders.id, ledgerEntries.orderId), eq(orders.ownerUserId, userId)))
    .leftJoin(payouts, and(eq(payouts.id, ledgerEntries.payoutId), eq(payouts.userId, userId)))
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

/**
 * The user's earnings (sales less what refunds took back, each on the day it was written) per UTC
 * day in [since, before); only days with entries are answered.
 */
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
        isEarning,
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
    .onConflictDoNothing({
      target: [ledgerEntries.kind, ledgerEntries.orderId],
      where: sql`${ledgerEntries.kind} <> 'refund'`,
    });
}

/** The payout settings kept on the creator's shop; undefined without a shop. */
export async function findPayoutShop(db: AppDatabase, userId: number) {
  const [row] = await db
    .select({
      id: shops.id,
      paypalEmail: shops.paypalEmail,
      paypalPayerId: shops.paypalPayerId,
      autoPayout: shops.autoPayout,
      payoutsHeldReason: shops.payoutsHeldReason,
    })
    .from(shops)
    .where(eq(shops.ownerUserId, userId));
  return row;
}

/** A payout's ledger entry: its debit when requested, its return when PayPal gave it back. */
export interface PayoutEntry {
  userId: number;
  shopId: number;
  payoutId: number;
  /** The payout's amount, positive. */
  amountMinor: number;
  currencyCode: string;
}

/**
 * The payout's debit (−amount), written in the transaction that stores the payout; unique per
 * payout (kind, payout_id).
 */
export async function debitPayout(db: AppDatabase, payout: PayoutEntry): Promise<void> {
  await db.insert(ledgerEntries).values({
    userId: payout.userId,
    shopId: payout.shopId,
    kind: 'payout',
    amountMinor: -payout.amountMinor,
    currencyCode: payout.currencyCode,
    payoutId: payout.payoutId,
  });
}

/**
 * The payout's amount back (+amount) when PayPal returned it, in the transaction that marks it
 * returned; a second return of the same payout is nothing (unique (kind, payout_id)). Answers
 * whether this call wrote it.
 */
export async function returnPayout(db: AppDatabase, payout: PayoutEntry): Promise<boolean> {
  const rows = await db
    .insert(ledgerEntries)
    .values({
      userId: payout.userId,
      shopId: payout.shopId,
      kind: 'payout_return',
      amountMinor: payout.amountMinor,
      currencyCode: payout.currencyCode,
      payoutId: payout.payoutId,
    })
    .onConflictDoNothing({ target: [ledgerEntries.kind, ledgerEntries.payoutId] })
    .returning({ id: ledgerEntries.id });
  return rows.length > 0;
}

/** What the creator may withdraw now: the balance less the sales still in their hold. */
export async function availableMinor(
  db: AppDatabase,
  userId: number,
  holdDays: number,
  now = new Date(),
): Promise<number> {
  const totals = await sumLedger(db, userId, { monthStart: now, now, holdDays });
  return totals.balance - totals.pending;
}

export interface PendingSaleRow {
  orderNo: string;
  amountMinor: number;
  currencyCode: string;
  paidAt: Date | null;
  completedAt: Date | null;
  availableAt: Date | null;
}

/** The user's sales still in their hold at `now`, newest first, with when each leaves it. */
export async function pagePendingSales(
  db: AppDatabase,
  userId: number,
  at: { holdDays: number; now: Date },
  page: { limit: number; offset: number },
): Promise<{ rows: PendingSaleRow[]; total: number }> {
  // The sale less what refunds of its order took back so far (they count against pending too); a
  // sale refunded in full is pending nothing, and is not listed.
  const net = sql<number>`(${ledgerEntries.amountMinor} + coalesce((select sum(r.amount_minor)
    from ${ledgerEntries} r where r.kind = 'refund' and r.order_id = ${ledgerEntries.orderId}), 0))::int`.mapWith(
    Number,
  );
  const where = and(eq(ledgerEntries.userId, userId), isPendingSale(at.holdDays, at.now), sql`${net} > 0`);
  const rows = await db
    .select({
      orderNo: orders.orderNo,
      amountMinor: net,
      currencyCode: ledgerEntries.currencyCode,
      paidAt: orders.paidAt,
      completedAt: orders.completedAt,
      availableAt:
        sql<Date | null>`case when ${orders.status} = 2 then ${saleAvailableAt(at.holdDays)} end`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
    })
    .from(ledgerEntries)
    .innerJoin(orders, and(eq(orders.id, ledgerEntries.orderId), eq(orders.ownerUserId, userId)))
    .where(where)
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db
    .select({ total: count() })
    .from(ledgerEntries)
    .innerJoin(orders, and(eq(orders.id, ledgerEntries.orderId), eq(orders.ownerUserId, userId)))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** What a creator paid for one of their orders themselves, for `recordPurchase`. */
export interface PurchaseDebit {
  userId: number;
  shopId: number;
  orderId: number;
  /** The platform amount paid, as a positive number; recorded negative. */
  paidMinor: number;
  currencyCode: string;
}

/**
 * Records what the creator paid through PayPal for their own order (kind 'purchase', outside the
 * balance: the money came from their PayPal account). Once per order, like a sale's credit.
 */
export async function recordPurchase(db: AppDatabase, debit: PurchaseDebit): Promise<void> {
  await db
    .insert(ledgerEntries)
    .values({
      userId: debit.userId,
      shopId: debit.shopId,
      kind: 'purchase',
      amountMinor: -debit.paidMinor,
      currencyCode: debit.currencyCode,
      orderId: debit.orderId,
    })
    .onConflictDoNothing({
      target: [ledgerEntries.kind, ledgerEntries.orderId],
      where: sql`${ledgerEntries.kind} <> 'refund'`,
    });
}

/** A refund's reversal of the order's sale credit, for `reverseSale`. */
export interface SaleReversal {
  userId: number;
  shopId: number;
  orderId: number;
  refundId: number;
  /** The profit share taken back, positive (or 0); recorded negative. */
  amountMinor: number;
  currencyCode: string;
}

/**
 * The refund's reversal (kind 'refund', −share), written in the transaction that completes the
 * refund; once per refund (unique (kind, refund_id)). Answers whether this call wrote it.
 */
export async function reverseSale(db: AppDatabase, reversal: SaleReversal): Promise<boolean> {
  const rows = await db
    .insert(ledgerEntries)
    .values({
      userId: reversal.userId,
      shopId: reversal.shopId,
      kind: 'refund',
      amountMinor: -reversal.amountMinor,
      currencyCode: reversal.currencyCode,
      orderId: reversal.orderId,
      refundId: reversal.refundId,
    })
    .onConflictDoNothing({ target: [ledgerEntries.kind, ledgerEntries.refundId] })
    .returning({ id: ledgerEntries.id });
  return rows.length > 0;
}

/** The order's sale credit (0 without one: unpaid, a b-side order, an amount mismatch) and what refunds reversed of it. */
export async function saleCreditOf(
  db: AppDatabase,
  orderId: number,
): Promise<{ creditMinor: number; reversedMinor: number }> {
  const [row] = await db
    .select({
      creditMinor: sumOf(sql`case when ${ledgerEntries.kind} = 'sale' then ${ledgerEntries.amountMinor} end`),
      reversedMinor: sumOf(
        sql`case when ${ledgerEntries.kind} = 'refund' then -${ledgerEntries.amountMinor} end`,
      ),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId));
  return row ?? { creditMinor: 0, reversedMinor: 0 };
}
