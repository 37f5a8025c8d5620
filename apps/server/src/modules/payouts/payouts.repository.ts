import type { TPayoutStatus } from '@linkstore/contract';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { shops } from '../shops/shops.table';
import { payouts } from './payouts.table';
import { stampNow } from '../../platform/db/stamp';

export type PayoutRow = typeof payouts.$inferSelect;

export const IN_FLIGHT = ['requested', 'processing'] as const;
const inFlight = inArray(payouts.status, [...IN_FLIGHT]);

/** The creator's shop with what a payout needs, locked: their withdrawals queue behind it. */
export async function lockPayoutShop(db: AppDatabase, userId: number) {
  const [row] = await db
    .select({
      id: shops.id,
      paypalEmail: shops.paypalEmail,
      paypalPayerId: shops.paypalPayerId,
      payoutsHeldReason: shops.payoutsHeldReason,
    })
    .from(shops)
    .where(eq(shops.ownerUserId, userId))
    .for('update');
  return row;
}

export async function findPayout(db: AppDatabase, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

export async function findByRequestKey(
  db: AppDatabase,
  userId: number,
  requestKey: string,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), eq(payouts.requestKey, requestKey)));
  return row;
}

export async function findInFlight(db: AppDatabase, userId: number): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), inFlight));
  return row;
}

/** What the creator was paid (or is being paid) since `since`: payouts not returned. */
export async function sumPayoutsSince(db: AppDatabase, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${payouts.amountMinor}), 0)::bigint`.mapWith(Number) })
    .from(payouts)
    .where(
      and(
        eq(payouts.userId, userId),
        sql`${payouts.status} <> 'returned'`,
        sql`${payouts.requestedAt} >= ${since.toISOString()}::timestamptz`,
      ),
    );
  return row?.cents ?? 0;
}

export interface NewPayout {
  userId: number;
  shopId: number;
  amountMinor: number;
  currencyCode: string;
  requestKey: string;
  trigger: 'manual' | 'auto';
  receiverEmail: string;
  receiverPayerId: string;
  requestedAt: Date;
  /** The returned payout an operator retries with this one. */
  retryOfId?: number | null;
}

/**
 * Inserts the payout at `requested` with its `sender_batch_id` derived from its id (`LSP-<id>`):
 * insert, then set it, in the caller's transaction.
 */
export async function insertPayout(db: AppDatabase, values: NewPayout): Promise<PayoutRow> {
  const [row] = await db
    .insert(payouts)
    .values({ ...values, senderBatchId: `pending-${randomUUID()}`, updatedAt: values.requestedAt })
    .returning({ id: payouts.id });
  if (!row) throw new Error('payout insert returned nothing');
  const [stored] = await db
    .update(payouts)
    .set({ senderBatchId: `LSP-${row.id}` })
    .where(eq(payouts.id, row.id))
    .returning();
  if (!stored) throw new Error('payout update returned nothing');
  return stored;
}

/** Counts an attempt at the provider; undefined when the payout is no longer `requested`. */
export async function startAttempt(db: AppDatabase, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db
    .update(payouts)
    .set({ attempts: sql`${payouts.attempts} + 1`, updatedAt: stampNow() })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'requested')))
    .returning();
  return row;
}

/** The provider has the batch: requested → processing (or still processing), its ids recorded. */
export async function markProcessing(
  db: AppDatabase,
  id: number,
  refs: { payoutBatchId: string; payoutItemId: string | undefined; providerStatus: string },
): Promise<void> {
  await db
    .update(payouts)
    .set({
      status: 'processing',
      payoutBatchId: refs.payoutBatchId,
      ...(refs.payoutItemId ? { payoutItemId: refs.payoutItemId } : {}),
      providerStatus: refs.providerStatus,
      updatedAt: stampNow(),
    })
    .where(and(eq(payouts.id, id), inFlight));
}

/** In flight → paid, once. */
export async function markPaid(
  db: AppDatabase,
  id: number,
  providerStatus: string,
  itemId: string | undefined,
): Promise<boolean> {
  const now = stampNow();
  const rows = await db
    .update(payouts)
    .set({
      status: 'paid',
      providerStatus,
      ...(itemId ? { payoutItemId: itemId } : {}),
      settledAt: now,
      updatedAt: now,
    })
    .where(and(eq(payouts.id, id), inFlight))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/**
 * In flight (or, with `fromPaid`, paid: a payout returned days later) → returned, once; answers
 * the row when this call moved it, for the return entry in the same transaction.
 */
export async function markReturned(
  db: AppDatabase,
  id: number,
  change: { providerStatus: string; reason: string; fromPaid: boolean },
): Promise<PayoutRow | undefined> {
  const now = stampNow();
  const from: TPayoutStatus[] = change.fromPaid ? [...IN_FLIGHT, 'paid'] : [...IN_FLIGHT];
  const [row] = await db
    .update(payouts)
    .set({
      status: 'returned',
      providerStatus: change.providerStatus,
      reason: change.reason,
      settledAt: now,
      updatedAt: now,
    })
    .where(and(eq(payouts.id, id), inArray(payouts.status, from)))
    .returning();
  return row;
}

/** Records what the provider last said without moving the payout. */
export async function noteProviderStatus(db: AppDatabase, id: number, providerStatus: string): Promise<void> {
  await db
    .update(payouts)
    .set({ providerStatus, updatedAt: stampNow() })
    .where(and(eq(payouts.id, id), inFlight));
}

/**
 * Payouts the poll follows: every one in flight, and paid ones PayPal may still return (settled
 * since `paidSince`) when last looked at before `paidCheckedBefore`.
 */
export function listToFollow(
  db: AppDatabase,
  at: { paidSince: Date; paidCheckedBefore: Date },
): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(
      or(
        and(inFlight, isNotNull(payouts.payoutBatchId)),
        and(
          eq(payouts.status, 'paid'),
          isNotNull(payouts.payoutBatchId),
          sql`${payouts.settledAt} >= ${at.paidSince.toISOString()}::timestamptz`,
          lt(payouts.updatedAt, at.paidCheckedBefore),
        ),
      ),
    )
    .orderBy(payouts.id)
    .limit(500);
}

/** A paid payout was looked at again (its `updated_at` spaces out the next look). */
export async function touchPayout(db: AppDatabase, id: number, at: Date): Promise<void> {
  await db.update(payouts).set({ updatedAt: at }).where(eq(payouts.id, id));
}

/** The payout a provider event is about: by item id, else batch id, else our sender_batch_id. */
export async function findByProviderRef(
  db: AppDatabase,
  ref: { payoutItemId: string; payoutBatchId: string | undefined; senderBatchId: string | undefined },
): Promise<PayoutRow | undefined> {
  const matches: SQL[] = [eq(payouts.payoutItemId, ref.payoutItemId)];
  if (ref.payoutBatchId) matches.push(eq(payouts.payoutBatchId, ref.payoutBatchId));
  if (ref.senderBatchId) matches.push(eq(payouts.senderBatchId, ref.senderBatchId));
  const [row] = await db
    .select()
    .from(payouts)
    .where(or(...matches))
    .limit(1);
  return row;
}

export async function pageUserPayouts(
  db: AppDatabase,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: PayoutRow[]; total: number }> {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.userId, userId))
    .orderBy(desc(payouts.requestedAt), desc(payouts.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(payouts).where(eq(payouts.userId, userId));
  return { rows, total: counted?.total ?? 0 };
}

export interface ConsolePayoutRow extends PayoutRow {
  username: string | null;
  nickname: string;
  shopName: string;
  heldReason: string | null;
  /** The payout that retried this one, if any. */
  retriedById: number | null;
}

const retries = alias(payouts, 'retries');

/** Payouts with who they are for and their retry, newest first. */
async function selectConsoleRows(
  db: AppDatabase,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<ConsolePayoutRow[]> {
  const rows = await db
    .select({
      payout: payouts,
      username: users.username,
      nickname: users.nickname,
      shopName: shops.name,
      heldReason: shops.payoutsHeldReason,
      retriedById: retries.id,
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .innerJoin(shops, eq(shops.id, payouts.shopId))
    .leftJoin(retries, eq(retries.retryOfId, payouts.id))
    .where(where)
    .orderBy(desc(payouts.requestedAt), desc(payouts.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({
    ...r.payout,
    username: r.username,
    nickname: r.nickname,
    shopName: r.shopName,
    heldReason: r.heldReason,
    retriedById: r.retriedById,
  }));
}

/** Every creator's payouts with who they are, newest first; by status and keywords. */
export async function pageAllPayouts(
  db: AppDatabase,
  filter: { status?: TPayoutStatus | undefined; keywords?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: ConsolePayoutRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(payouts.status, filter.status));
  if (filter.keywords) {
    const like = `%${filter.keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(users.username, like),
      ilike(shops.name, like),
      ilike(payouts.receiverEmail, like),
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await selectConsoleRows(db, where, page);
  const [counted] = await db
    .select({ total: count() })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .innerJoin(shops, eq(shops.id, payouts.shopId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** One payout as the console lists it. */
export async function findConsolePayout(db: AppDatabase, id: number): Promise<ConsolePayoutRow | undefined> {
  const [row] = await selectConsoleRows(db, eq(payouts.id, id), { limit: 1, offset: 0 });
  return row;
}

/** The payout that retried `id`, if any (at most one: `retry_of_id` is unique). */
export async function findRetryOf(db: AppDatabase, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.retryOfId, id));
  return row;
}

export interface PayoutDayRow {
  day: string;
  status: string;
  count: number;
  cents: number;
}

/** Payouts requested per UTC day of [from, to] (both `yyyy-MM-dd`, included), by status now. */
export async function sumPayoutsByDay(db: AppDatabase, from: string, to: string): Promise<PayoutDayRow[]> {
  const day = sql<string>`to_char(${payouts.requestedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      status: payouts.status,
      count: sql<number>`count(*)::int`.mapWith(Number),
      cents: sql<number>`coalesce(sum(${payouts.amountMinor}), 0)::bigint`.mapWith(Number),
    })
    .from(payouts)
    .where(
      and(
        sql`${payouts.requestedAt} >= ${`${from}T00:00:00Z`}::timestamptz`,
        sql`${payouts.requestedAt} < ${`${to}T00:00:00Z`}::timestamptz + interval '1 day'`,
      ),
    )
    .groupBy(day, payouts.status)
    .orderBy(day);
}

/** Creators who asked for the weekly payout and can be paid: verified, not held. */
export function listAutoPayoutUsers(db: AppDatabase): Promise<{ userId: number }[]> {
  return db
    .select({ userId: shops.ownerUserId })
    .from(shops)
    .where(and(eq(shops.autoPayout, true), isNull(shops.payoutsHeldReason), isNotNull(shops.paypalPayerId)))
    .orderBy(shops.ownerUserId);
}

/** Requested payouts the first call may have missed: older than `before`. */
export function listStaleRequested(db: AppDatabase, before: Date): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'requested'), lt(payouts.updatedAt, before)))
    .orderBy(payouts.id)
    .limit(500);
}
