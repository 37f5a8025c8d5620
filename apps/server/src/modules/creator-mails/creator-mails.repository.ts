import { CREATOR_MAIL_DEFAULTS, type TCreatorMailSettings, type TLanguage } from '@linkstore/contract';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { users } from '../../platform/auth/auth.tables';
import { orders } from '../orders/orders.table';
import { shops } from '../shops/shops.table';
import { creatorMailSettings } from './creator-mails.table';

/** The creator's settings as the studio shows them: their row, else the defaults. */
export async function findSettings(db: AppDatabase, userId: number): Promise<TCreatorMailSettings> {
  const [row] = await db
    .select({
      sales: creatorMailSettings.sales,
      payouts: creatorMailSettings.payouts,
      refunds: creatorMailSettings.refunds,
      language: creatorMailSettings.language,
    })
    .from(creatorMailSettings)
    .where(eq(creatorMailSettings.userId, userId));
  return row ?? { ...CREATOR_MAIL_DEFAULTS };
}

/**
 * Writes the creator's choice and language. Turning the digest on starts its window now (orders
 * paid before were mailed one by one, or not at all); staying on it keeps the window running.
 */
export async function upsertSettings(
  db: AppDatabase,
  userId: number,
  values: Omit<TCreatorMailSettings, 'language'> & { language: TLanguage },
  now: Date,
): Promise<TCreatorMailSettings> {
  const [row] = await db
    .insert(creatorMailSettings)
    .values({ userId, ...values, digestFrom: values.sales === 'digest' ? now : null, updatedAt: now })
    .onConflictDoUpdate({
      target: creatorMailSettings.userId,
      set: {
        sales: values.sales,
        payouts: values.payouts,
        refunds: values.refunds,
        language: values.language,
        digestFrom: sql`case when ${creatorMailSettings.sales} = 'digest' and excluded.sales = 'digest'
          then ${creatorMailSettings.digestFrom} else excluded.digest_from end`,
        updatedAt: now,
      },
    })
    .returning({
      sales: creatorMailSettings.sales,
      payouts: creatorMailSettings.payouts,
      refunds: creatorMailSettings.refunds,
      language: creatorMailSettings.language,
    });
  if (!row) throw new Error('mail settings upsert returned nothing');
  return row;
}

/** Where and how to write to a creator: null when they have no address or are disabled. */
export interface CreatorContact {
  email: string;
  /** The dashboard's time zone, for the digest's times; null: UTC. */
  timeZone: string | null;
}

export async function findContact(db: AppDatabase, userId: number): Promise<CreatorContact | null> {
  const [row] = await db
    .select({ email: users.email, timeZone: users.timeZone, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.email || row.status !== 1) return null;
  return { email: row.email, timeZone: row.timeZone };
}

/** The shop's name as buyers see it ('' when it is gone). */
export async function shopNameOf(db: AppDatabase, shopId: number): Promise<string> {
  const [row] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
  return row?.name ?? '';
}

/** The creator's shop name (one shop per creator), for the digest. */
export async function shopNameOfOwner(db: AppDatabase, userId: number): Promise<string> {
  const [row] = await db
    .select({ name: shops.name })
    .from(shops)
    .where(eq(shops.ownerUserId, userId))
    .orderBy(asc(shops.id))
    .limit(1);
  return row?.name ?? '';
}

/** A creator whose digest is due at `now`: on the digest, and never sent or sent ≥ 24 h before. */
export interface DigestCandidate {
  userId: number;
  language: TLanguage;
  digestFrom: Date | null;
  lastDigestAt: Date | null;
}

export function listDueDigests(
  db: AppDatabase,
  dueBefore: Date,
  afterUserId: number,
  limit: number,
): Promise<DigestCandidate[]> {
  return db
    .select({
      userId: creatorMailSettings.userId,
      language: creatorMailSettings.language,
      digestFrom: creatorMailSettings.digestFrom,
      lastDigestAt: creatorMailSettings.lastDigestAt,
    })
    .from(creatorMailSettings)
    .where(
      and(
        eq(creatorMailSettings.sales, 'digest'),
        or(isNull(creatorMailSettings.lastDigestAt), lte(creatorMailSettings.lastDigestAt, dueBefore)),
        gt(creatorMailSettings.userId, afterUserId),
      ),
    )
    .orderBy(asc(creatorMailSettings.userId))
    .limit(limit);
}

/**
 * Claims the creator's digest with a conditional update: still on the digest, still due (never
 * sent, or sent at or before `dueBefore`), and its window still starting where the candidate was
 * read (the creator did not turn the digest off and on meanwhile). Answers whether this call
 * claimed it: of two runs at once, the second finds it no longer due.
 */
export async function claimDigest(
  db: AppDatabase,
  candidate: DigestCandidate,
  at: { dueBefore: Date; lastDigestAt: Date; digestFrom: Date },
): Promise<boolean> {
  const from = candidate.digestFrom;
  const rows = await db
    .update(creatorMailSettings)
    .set({ lastDigestAt: at.lastDigestAt, digestFrom: at.digestFrom })
    .where(
      and(
        eq(creatorMailSettings.userId, candidate.userId),
        eq(creatorMailSettings.sales, 'digest'),
        or(isNull(creatorMailSettings.lastDigestAt), lte(creatorMailSettings.lastDigestAt, at.dueBefore)),
        from === null ? isNull(creatorMailSettings.digestFrom) : eq(creatorMailSettings.digestFrom, from),
      ),
    )
    .returning({ userId: creatorMailSettings.userId });
  return rows.length === 1;
}

export interface DigestOrder {
  orderNo: string;
  totalMinor: number;
  profitMinor: number;
  currencyCode: string;
}

/** The creator's buyers' orders paid in (from, to], oldest first (the whole window: no order is left out). */
export function listPaidOrders(
  db: AppDatabase,
  userId: number,
  window: { from: Date | null; to: Date },
): Promise<DigestOrder[]> {
  return db
    .select({
      orderNo: orders.orderNo,
      totalMinor: orders.totalMinor,
      profitMinor: orders.profitMinor,
      currencyCode: orders.currencyCode,
    })
    .from(orders)
    .where(
      and(
        eq(orders.ownerUserId, userId),
        eq(orders.side, 'c'),
        window.from === null ? undefined : gt(orders.paidAt, window.from),
        lte(orders.paidAt, window.to),
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.id));
}
