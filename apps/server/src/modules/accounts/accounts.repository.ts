import { eq, sql } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';

export type UserRow = typeof users.$inferSelect;

/** An email signs in by email; anything else is a console username (case-insensitive). */
export async function findUserBySignInName(db: AppDatabase, name: string): Promise<UserRow | undefined> {
  const value = name.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(value.includes('@') ? eq(users.email, value) : sql`lower(${users.username}) = ${value}`)
    .limit(1);
  return row;
}

export async function findUserById(db: AppDatabase, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
