import type {
  TConsolePayoutPage,
  TConsolePayoutsQuery,
  TPageQuery,
  TPayoutDaily,
  TPayoutDailyQuery,
  TPayoutDayFigure,
  TPayoutPage,
  TPayoutSettings,
  TPayoutStatus,
  TPendingSalePage,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { pagePendingSales, type PayoutRules } from '../earnings/earnings.api';
import { setAutoPayout } from '../shops/shops.api';
import { eachUtcDay } from '../../platform/http/days';
import { toConsolePayout, toPayout } from './payout-views';
import { pageAllPayouts, pageUserPayouts, sumPayoutsByDay } from './payouts.repository';

/*
 * The reads of payouts (the creator's list and pending sales, the console's page and days) and the
 * creator's automatic-payout setting.
 */

export async function listPayouts(db: AppDatabase, userId: number, query: TPageQuery): Promise<TPayoutPage> {
  const { rows, total } = await pageUserPayouts(db, userId, {
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  return { list: rows.map(toPayout), total };
}

export async function listPendingSales(
  db: AppDatabase,
  rules: PayoutRules,
  userId: number,
  query: TPageQuery,
  now = new Date(),
): Promise<TPendingSalePage> {
  const { rows, total } = await pagePendingSales(
    db,
    userId,
    { holdDays: rules.holdDays, now },
    { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize },
  );
  return {
    list: rows.map((row) => ({
      orderNo: row.orderNo,
      amountMinor: row.amountMinor,
      currencyCode: row.currencyCode,
      paidAt: row.paidAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
      availableAt: row.availableAt?.toISOString() ?? null,
    })),
    total,
  };
}

export async function savePayoutSettings(
  db: AppDatabase,
  userId: number,
  form: TPayoutSettings,
): Promise<TPayoutSettings> {
  if (!(await setAutoPayout(db, userId, form.autoPayout))) throw AppError.notFound();
  return { autoPayout: form.autoPayout };
}

export async function consolePayoutPage(
  db: AppDatabase,
  query: TConsolePayoutsQuery,
): Promise<TConsolePayoutPage> {
  const { rows, total } = await pageAllPayouts(
    db,
    { status: query.status, keywords: query.keywords || undefined },
    { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize },
  );
  return { list: rows.map(toConsolePayout), total };
}

/** The console's payouts per UTC day: count and sum by status, every day of the range. */
export async function dailyPayouts(db: AppDatabase, query: TPayoutDailyQuery): Promise<TPayoutDaily> {
  const rows = await sumPayoutsByDay(db, query.from, query.to);
  const zero = (): TPayoutDayFigure => ({ count: 0, cents: 0 });
  const days: TPayoutDaily = [];
  const byDay = new Map<string, TPayoutDaily[number]>();
  for (const day of eachUtcDay(query.from, query.to)) {
    const entry = { day, requested: zero(), processing: zero(), paid: zero(), returned: zero() };
    days.push(entry);
    byDay.set(day, entry);
  }
  for (const row of rows) {
    const entry = byDay.get(row.day);
    const status = row.status as TPayoutStatus;
    if (entry) entry[status] = { count: row.count, cents: row.cents };
  }
  return days;
}
