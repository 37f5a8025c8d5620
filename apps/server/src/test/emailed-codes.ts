/** Test support for emailed verification codes: reading one from a mail, a wrong one, aging them. */
import { eq, sql } from 'drizzle-orm';
import { verificationCodes } from '../platform/auth/auth.tables';
import type { AppDatabase } from '../platform/db/database';
import type { ReadMail } from '../platform/mail/mail-testing';

/** The six-digit code in a mail's text; fails the test when there is none. */
export function codeOf(message: ReadMail): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

/** A six-digit code that is surely not `code`. */
export const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Moves this email's code history back in time, as if the clock had moved on. */
export async function ageCodes(db: AppDatabase, email: string, seconds: number): Promise<void> {
  const by = sql`${`${seconds} seconds`}::interval`;
  await db
    .update(verificationCodes)
    .set({
      createdAt: sql`${verificationCodes.createdAt} - ${by}`,
      expiresAt: sql`${verificationCodes.expiresAt} - ${by}`,
    })
    .where(eq(verificationCodes.email, email));
}
