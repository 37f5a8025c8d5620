import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { users } from './auth.tables';
import { stampNow } from '../db/stamp';

/*
 * Writes of the users table that modules other than the identity rooms (accounts, users, roles,
 * menus) need: platform/auth owns the table, so they go through here — never `update(users)` in
 * another module (module-graph.test.ts "table walls").
 */

/** The user's country (the country picker). */
export async function setUserCountry(db: AppDatabase, userId: number, countryId: string): Promise<void> {
  await db.update(users).set({ countryId, updatedAt: stampNow() }).where(eq(users.id, userId));
}

/** The user's dashboard time zone (null: the browser's). */
export async function setUserTimeZone(
  db: AppDatabase,
  userId: number,
  timeZone: string | null,
): Promise<void> {
  await db.update(users).set({ timeZone, updatedAt: stampNow() }).where(eq(users.id, userId));
}

/** The seed: puts an operator (by username, any case) in a department, unless they have one. */
export async function placeInDeptIfNone(db: AppDatabase, username: string, deptId: number): Promise<void> {
  await db
    .update(users)
    .set({ deptId })
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), isNull(users.deptId)));
}

/** The seeds' creator accounts, as registration makes them: email (lower-case), password hash, nickname. */
export async function insertCreatorAccount(
  db: AppDatabase,
  account: { email: string; passwordHash: string; nickname: string },
): Promise<number> {
  const [user] = await db.insert(users).values(account).returning({ id: users.id });
  if (!user) throw new Error('creator account not inserted');
  return user.id;
}
