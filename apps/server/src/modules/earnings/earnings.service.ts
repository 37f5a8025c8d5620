import {
  ErrorCode,
  type TEarningsDaily,
  type TEarningsDailyQuery,
  type TEarningsSummary,
  type TLedgerEntry,
  type TLedgerEntryPage,
  type TLedgerKind,
  type TPageQuery,
  type TPayoutStatus,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import {
  findPayoutShop,
  pageLedger,
  sumLedger,
  sumSalesByDay,
  utcMonthStartOf,
  type LedgerEntryRow,
} from './earnings.repository';
import type { PayoutRules } from './payout-rules';
import { eachUtcDay, utcDaysSpan } from '../../platform/http/days';

/** Ledger amounts are US cents (platform prices are kept in USD). */
const CURRENCY = 'USD';

/** The first instant of `now`'s month in UTC. */
export const utcMonthStart = utcMonthStartOf;

/** Every UTC day from `from` to `to` (both included) with its sum; days without sales are 0. */
export function fillDays(
  from: string,
  to: string,
  sums: readonly { day: string; cents: number }[],
): TEarningsDaily {
  const byDay = new Map(sums.map((row) => [row.day, row.cents]));
  return eachUtcDay(from, to).map((day) => ({ day, cents: byDay.get(day) ?? 0 }));
}

export async function getMyEarnings(
  db: AppDatabase,
  rules: PayoutRules,
  userId: number,
  now = new Date(),
): Promise<TEarningsSummary> {
  const [totals, shop] = await Promise.all([
    sumLedger(db, userId, { monthStart: utcMonthStart(now), now, holdDays: rules.holdDays }),
    findPayoutShop(db, userId),
  ]);
  return {
    balanceMinor: totals.balance,
    pendingMinor: totals.pending,
    availableMinor: totals.balance - totals.pending,
    inFlightMinor: totals.inFlight,
    paidOutMinor: totals.paidOut,
    totalEarnedMinor: totals.earned,
    thisMonthMinor: totals.sinceMonthStart,
    adjustmentsMinor: totals.adjustments,
    purchasesMinor: totals.purchases,
    currencyCode: CURRENCY,
    holdDays: rules.holdDays,
    minimumPayoutMinor: rules.minimumMinor,
    dailyMaximumMinor: rules.dailyMaximumMinor,
    payoutAccount: shop?.paypalEmail
      ? { email: shop.paypalEmail, verified: shop.paypalPayerId !== null }
      : null,
    autoPayout: shop?.autoPayout ?? false,
    payoutsHeld: shop?.payoutsHeldReason != null,
  };
}

/** A ledger row as the entries list answers it. */
function toEntry(row: LedgerEntryRow): TLedgerEntry {
  return {
    id: String(row.id),
    kind: row.kind as TLedgerKind,
    amountMinor: row.amountMinor,
    currencyCode: row.currencyCode,
    orderNo: row.orderNo,
    payoutId: row.payoutId === null ? null : String(row.payoutId),
    payoutStatus: row.payoutStatus as TPayoutStatus | null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function pageMyLedger(
  db: AppDatabase,
  userId: number,
  query: TPageQuery,
): Promise<TLedgerEntryPage> {
  const { rows, total } = await pageLedger(db, userId, {
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  return { list: rows.map(toEntry), total };
}

/**
 * Every one of the caller's ledger entries, newest first, as the list answers them; a ledger of
 * more than `maxRows` entries is refused (A0445).
 */
export async function listAllMyLedger(
  db: AppDatabase,
  userId: number,
  maxRows: number,
): Promise<TLedgerEntry[]> {
  const { rows, total } = await pageLedger(db, userId, { limit: maxRows, offset: 0 });
  if (total > maxRows) {
    throw AppError.of(ErrorCode.TOO_MANY_ROWS, 'earnings.export.tooMany', { max: maxRows });
  }
  return rows.map(toEntry);
}

/** Earnings (sales less refunds) per UTC day over the range the contract already checked (from ≤ to, ≤ 366 days). */
export async function listMyDailyEarnings(
  db: AppDatabase,
  userId: number,
  query: TEarningsDailyQuery,
): Promise<TEarningsDaily> {
  const { since, before } = utcDaysSpan(query.from, query.to);
  return fillDays(query.from, query.to, await sumSalesByDay(db, userId, since, before));
}
