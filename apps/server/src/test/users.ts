import { users } from '../platform/auth/auth.tables';
import { hashPassword } from '../platform/auth/passwords';
import type { AppDatabase } from '../platform/db/database';

/** Creates a user who signs in with a password; returns its id. */
export async function createUser(
  db: AppDatabase,
  fields: { email?: string; username?: string; password?: string; status?: number } = {},
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      email: fields.email?.toLowerCase() ?? null,
      username: fields.username ?? null,
      passwordHash: fields.password ? await hashPassword(fields.password) : null,
      nickname: (fields.email ?? fields.username ?? 'user').split('@')[0] ?? 'user',
      status: fields.status ?? 1,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not created');
  return row.id;
}
