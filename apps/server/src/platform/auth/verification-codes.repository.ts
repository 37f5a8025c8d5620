import { and, count, desc, eq, gte, isNull, like, lt, min, or, sql } from 'drizzle-orm';
import { verificationCodes } from './auth.tables';
import type { AppDatabase } from '../db/database';

/** What an emailed code is for; stored in `verification_codes.purpose`. */
export type CodePurpose = 'register' | 'reset' | 'bind-email';

export type OpenCode = Pick<
  typeof verificationCodes.$inferSelect,
  'id' | 'codeHash' | 'attempts' | 'expiresAt'
>;

/**
 * Serialises code requests for one email until the transaction ends, so two parallel requests
 * cannot both pass the resend and daily limits.
 */
export async function lockEmail(tx: AppDatabase, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`verification-codes:${email}`}, 0))`);
}

/** When `requester` last asked for a code for this email and purpose, if it is on record. */
export async function lastRequestedAt(
  tx: AppDatabase,
  email: string,
  purpose: CodePurpose,
  requester: string,
): Promise<Date | undefined> {
  const [row] = await tx
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.requester, requester),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row?.createdAt;
}

/**
 * How many codes (any purpose) this email was sent since `since`, and when the first was: those
 * asked by `requester` when given, else those asked by addresses (`ip:…`, and older rows that
 * name nobody), whose shared cap they are.
 */
export async function requestsSince(
  tx: AppDatabase,
  email: string,
  since: Date,
  requester?: string,
): Promise<{ count: number; oldest: Date | null }> {
  const who =
    requester === undefined
      ? or(isNull(verificationCodes.requester), like(verificationCodes.requester, 'ip:%'))
      : eq(verificationCodes.requester, requester);
  const [row] = await tx
    .select({ count: count(), oldest: min(verificationCodes.createdAt) })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), gte(verificationCodes.createdAt, since), who));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

/** Records of codes older than `before` only served the limits; they go. */
export async function deleteCodesBefore(tx: AppDatabase, before: Date): Promise<void> {
  await tx.delete(verificationCodes).where(lt(verificationCodes.createdAt, before));
}

/** A new code replaces the older ones: they stop working. */
export async function invalidateOpenCodes(
  tx: AppDatabase,
  email: string,
  purpose: CodePurpose,
  now: Date,
): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

export async function insertCode(
  tx: AppDatabase,
  row: {
    email: string;
    purpose: CodePurpose;
    codeHash: string;
    requester: string;
    createdAt: Date;
    expiresAt: Date;
    consumedAt: Date | null;
  },
): Promise<void> {
  await tx.insert(verificationCodes).values(row);
}

/** The one code of this email and purpose that may still be used, locked for the check. */
export async function findOpenCodeForUpdate(
  tx: AppDatabase,
  email: string,
  purpose: CodePurpose,
): Promise<OpenCode | undefined> {
  const [row] = await tx
    .select({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      attempts: verificationCodes.attempts,
      expiresAt: verificationCodes.expiresAt,
    })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1)
    .for('update');
  return row;
}

/** Counts one try of a code; a right one is spent at the same time. */
export async function recordAttempt(tx: AppDatabase, id: number, consumedAt: Date | null): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1`, consumedAt })
    .where(eq(verificationCodes.id, id));
}
