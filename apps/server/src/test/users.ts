import type { FastifyInstance } from 'fastify';
import { users } from '../platform/auth/auth.tables';
import { hashPassword } from '../platform/auth/passwords';
import type { AppDatabase } from '../platform/db/database';
import { TEST_SEED_PASSWORD } from './test-database';

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

/** Signs in through the real endpoint (captcha off) and returns the access token. */
export async function accessTokenFor(
  app: FastifyInstance,
  username: string,
  password = TEST_SEED_PASSWORD,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in as ${username} failed: ${res.body}`);
  return res.json<{ data: { accessToken: string } }>().data.accessToken;
}
