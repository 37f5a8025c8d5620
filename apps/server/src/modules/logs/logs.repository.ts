import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  sum,
  type SQL,
} from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { containsPattern } from '../../platform/db/like';
import { withTransaction } from '../../platform/db/transaction';
import { orders } from '../orders/orders.table';
import { payouts } from '../payouts/payouts.table';
import { operationLogs, visitDays } from './logs.table';

export type LogValues = typeof operationLogs.$inferInsert;
export interface VisitIncrement {
  day: string;
  userId: number;
  ip: string;
  views: number;
}

/** Writes a batch of log rows and visit increments in one transaction (one insert each). */
export async function writeLogBatch(
  db: AppDatabase,
  logs: LogValues[],
  visits: VisitIncrement[],
): Promise<void> {
  if (logs.length === 0 && visits.length === 0) return;
  await withTransaction(db, async (tx) => {
    if (logs.length > 0) await tx.insert(operationLogs).values(logs);
    if (visits.length > 0) {
      await tx
        .insert(visitDays)
        .values(visits)
        .onConflictDoUpdate({
          target: [visitDays.day, visitDays.userId, visitDays.ip],
          set: { views: sql`${visitDays.views} + excluded.views` },
        });
    }
  });
}

export interface LogFilter {
  pageNum: number;
  pageSize: number;
  keywords?: string | undefined;
  module?: string | undefined;
  /** Inclusive lower and exclusive upper bounds. */
  from?: Date | undefined;
  to?: Date | undefined;
  success?: boolean | undefined;
}

const operatorName = sql<string | null>`coalesce(${users.username}, ${users.email})`;

export async function pageLogs(db: AppDatabase, filter: LogFilter) {
  const conditions: (SQL | undefined)[] = [
    filter.module ? eq(operationLogs.module, filter.module) : undefined,
    filter.from ? gte(operationLogs.createdAt, filter.from) : undefined,
    filter.to ? lt(operationLogs.createdAt, filter.to) : undefined,
    filter.success === undefined ? undefined : eq(operationLogs.success, filter.success),
  ];
  if (filter.keywords) {
    const pattern = containsPattern(filter.keywords);
    conditions.push(
      or(
        ilike(operationLogs.content, pattern),
        ilike(operationLogs.requestUri, pattern),
        ilike(operationLogs.ip, pattern),
        ilike(users.username, pattern),
        ilike(users.email, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const [totalRow] = await db
    .select({ total: count() })
    .from(operationLogs)
    .leftJoin(users, eq(users.id, operationLogs.userId))
    .where(where);
  const rows = await db
    .select({ log: operationLogs, operator: operatorName })
    .from(operationLogs)
    .leftJoin(users, eq(users.id, operationLogs.userId))
    .where(where)
    .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
    .limit(filter.pageSize)
    .offset((filter.pageNum - 1) * filter.pageSize);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Per day of [from, to] (inclusive `yyyy-MM-dd`): page views and distinct addresses. */
export function visitsPerDay(
  db: AppDatabase,
  from: string,
  to: string,
): Promise<{ day: string; pv: number; ips: number }[]> {
  return db
    .select({
      day: visitDays.day,
      pv: sql<number>`cast(sum(${visitDays.views}) as integer)`,
      ips: sql<number>`cast(count(distinct ${visitDays.ip}) as integer)`,
    })
    .from(visitDays)
    .where(and(gte(visitDays.day, from), sql`${visitDays.day} <= ${to}`))
    .groupBy(visitDays.day);
}

/** Distinct users and page views of one day, or of every kept day (`day` undefined). */
export async function visitTotals(db: AppDatabase, day?: string): Promise<{ uv: number; pv: number }> {
  const [row] = await db
    .select({ uv: countDistinct(visitDays.userId), pv: sum(visitDays.views) })
    .from(visitDays)
    .where(day === undefined ? undefined : eq(visitDays.day, day));
  return { uv: Number(row?.uv ?? 0), pv: Number(row?.pv ?? 0) };
}

/** Deletes logs created before `before` and visit days before its day. */
export async function pruneLogs(db: AppDatabase, before: Date): Promise<void> {
  await db.delete(operationLogs).where(lt(operationLogs.createdAt, before));
  await db.delete(visitDays).where(lt(visitDays.day, before.toISOString().slice(0, 10)));
}

/** Orders paid since `since` (indexed on paid_at) and what buyers paid, per currency. */
export function paidOrdersSince(db: AppDatabase, since: Date) {
  return db
    .select({
      currencyCode: orders.currencyCode,
      orders: count(),
      amountMinor: sql<number>`cast(coalesce(sum(${orders.totalMinor}), 0) as bigint)`.mapWith(Number),
    })
    .from(orders)
    .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, since)))
    .groupBy(orders.currencyCode);
}

/** Flagged orders no operator has resolved yet (the partial index `orders_open_flag_idx`). */
export async function openFlagCount(db: AppDatabase): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(isNotNull(orders.flag), isNull(orders.flagResolvedAt)));
  return row?.n ?? 0;
}

/** Payouts requested or processing (the partial index `payouts_in_flight_idx`), per currency. */
export function payoutsInFlight(db: AppDatabase) {
  return db
    .select({
      currencyCode: payouts.currencyCode,
      payouts: count(),
      amountMinor: sql<number>`cast(coalesce(sum(${payouts.amountMinor}), 0) as bigint)`.mapWith(Number),
    })
    .from(payouts)
    .where(sql`${payouts.status} in ('requested', 'processing')`)
    .groupBy(payouts.currencyCode);
}
