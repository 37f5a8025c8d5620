import type {
  TConsoleOverview,
  TLogItem,
  TLogPage,
  TLogPageQuery,
  TVisitStats,
  TVisitTrend,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { formatDateTime } from '../../platform/http/date-time';
import {
  openFlagCount,
  pageLogs,
  paidOrdersSince,
  payoutsInFlight,
  pruneLogs,
  visitsPerDay,
  visitTotals,
  writeLogBatch,
  type LogValues,
  type VisitIncrement,
} from './logs.repository';
import { DAY_MS, eachUtcDay, utcDayOf, utcDayRange, utcDayStartOf } from '../../platform/http/days';

/** Pending rows that make the buffer be written at once rather than wait: bounds the memory. */
export const MAX_PENDING_LOGS = 1000;

interface BufferDeps {
  db: AppDatabase;
  /** How long rows wait to be written together; 0 writes each one at once. */
  flushMs: number;
  log: { error(details: object, message: string): void };
}

/**
 * Operation logs and visits are gathered in memory and written together every `flushMs` in one
 * transaction (the pattern of decision 0032): a request never waits for its log row. What is
 * pending is written at shutdown (`close`); a process that dies loses at most `flushMs` of rows.
 */
export function createLogBuffer({ db, flushMs, log }: BufferDeps) {
  let logs: LogValues[] = [];
  let visits = new Map<string, VisitIncrement>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  /** Transactions and rows written so far by this process. */
  const written = { batches: 0, logs: 0, visits: 0 };

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const takenLogs = logs;
    const takenVisits = [...visits.values()];
    logs = [];
    visits = new Map();
    writing = writing.then(async () => {
      if (takenLogs.length === 0 && takenVisits.length === 0) return;
      try {
        await writeLogBatch(db, takenLogs, takenVisits);
        written.batches += 1;
        written.logs += takenLogs.length;
        written.visits += takenVisits.length;
      } catch (err) {
        log.error({ err, logs: takenLogs.length }, 'Could not write operation logs; they are lost');
      }
    });
    return writing;
  }

  function schedule(): void {
    if (logs.length + visits.size >= MAX_PENDING_LOGS || flushMs <= 0) void flush();
    else timer ??= setTimeout(() => void flush(), flushMs);
  }

  return {
    add(row: LogValues): void {
      logs.push(row);
      schedule();
    },
    visit(userId: number, ip: string, at: Date): void {
      const day = utcDayOf(at);
      const key = `${day}|${userId}|${ip}`;
      const seen = visits.get(key);
      if (seen) seen.views += 1;
      else visits.set(key, { day, userId, ip, views: 1 });
      schedule();
    },
    flush,
    /** Rows waiting to be written. */
    pending: () => logs.length + visits.size,
    written: () => ({ ...written }),
    close: flush,
  };
}
export type LogBuffer = ReturnType<typeof createLogBuffer>;

/** `[from, to)` of the query's days. */
function dayBounds(query: TLogPageQuery): { from?: Date; to?: Date } {
  const { since, before } = utcDayRange(
    { from: query.startDate, to: query.endDate },
    { from: 'startDate', to: 'endDate' },
  );
  return { ...(since ? { from: since } : {}), ...(before ? { to: before } : {}) };
}

export async function getLogPage(db: AppDatabase, query: TLogPageQuery): Promise<TLogPage> {
  const { rows, total } = await pageLogs(db, {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    keywords: query.keywords,
    module: query.module || undefined,
    ...dayBounds(query),
    success: query.status === undefined ? undefined : query.status === 'success',
  });
  return {
    total,
    list: rows.map(({ log, operator }): TLogItem => ({
      id: String(log.id),
      module: log.module,
      content: log.content,
      requestUri: log.requestUri,
      method: log.method,
      ip: log.ip,
      browser: log.browser,
      os: log.os,
      executionTime: log.executionMs,
      status: log.status,
      resultCode: log.resultCode,
      success: log.success,
      createBy: log.userId === null ? null : String(log.userId),
      operator: operator ?? '',
      createTime: formatDateTime(log.createdAt),
    })),
  };
}

export async function getVisitTrend(
  db: AppDatabase,
  startDate: string,
  endDate: string,
): Promise<TVisitTrend> {
  const rows = await visitsPerDay(db, startDate, endDate);
  const byDay = new Map(rows.map((r) => [String(r.day), r]));
  const trend: TVisitTrend = { dates: [], pvList: [], ipList: [] };
  for (const day of eachUtcDay(startDate, endDate)) {
    const row = byDay.get(day);
    trend.dates.push(day);
    trend.pvList.push(Number(row?.pv ?? 0));
    trend.ipList.push(Number(row?.ips ?? 0));
  }
  return trend;
}

/** (today − yesterday) / yesterday, to 2 decimals; null when yesterday had none. */
export function growthRate(today: number, yesterday: number): number | null {
  if (yesterday === 0) return null;
  return Math.round(((today - yesterday) / yesterday) * 100) / 100;
}

export async function getVisitStats(db: AppDatabase, now = new Date()): Promise<TVisitStats> {
  const [today, yesterday, all] = await Promise.all([
    visitTotals(db, utcDayOf(now)),
    visitTotals(db, utcDayOf(new Date(now.getTime() - DAY_MS))),
    visitTotals(db),
  ]);
  return {
    todayUvCount: today.uv,
    totalUvCount: all.uv,
    uvGrowthRate: growthRate(today.uv, yesterday.uv),
    todayPvCount: today.pv,
    totalPvCount: all.pv,
    pvGrowthRate: growthRate(today.pv, yesterday.pv),
  };
}

export async function getConsoleOverview(
  db: AppDatabase,
  onlineUsers: number,
  now = new Date(),
): Promise<TConsoleOverview> {
  const since = utcDayStartOf(now);
  const [paid, flagged, inFlight] = await Promise.all([
    paidOrdersSince(db, since),
    openFlagCount(db),
    payoutsInFlight(db),
  ]);
  const byCode = <T extends { currencyCode: string }>(rows: T[]) =>
    [...rows].sort((a, b) => a.currencyCode.localeCompare(b.currencyCode));
  return {
    onlineUsers,
    todayOrders: paid.reduce((n, r) => n + r.orders, 0),
    todayRevenue: byCode(paid).map((r) => ({ currencyCode: r.currencyCode, amountMinor: r.amountMinor })),
    flaggedOrders: flagged,
    payoutsInFlight: inFlight.reduce((n, r) => n + r.payouts, 0),
    payoutsInFlightAmount: byCode(inFlight).map((r) => ({
      currencyCode: r.currencyCode,
      amountMinor: r.amountMinor,
    })),
  };
}

export function pruneOldLogs(db: AppDatabase, retentionDays: number, now = new Date()): Promise<void> {
  return pruneLogs(db, new Date(now.getTime() - retentionDays * DAY_MS));
}
