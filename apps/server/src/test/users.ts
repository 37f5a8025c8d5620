import type { FastifyInstance } from 'fastify';
import { MENU_TYPE_CODES, menus, roleMenus, roles, userRoles } from '../platform/auth/access.tables';
import { users } from '../platform/auth/auth.tables';
import { hashPassword } from '../platform/auth/passwords';
import type { AppDatabase } from '../platform/db/database';
import type { TestContext } from './helper';
import { TEST_SEED_PASSWORD } from './test-database';

/** The password of the operators `operatorWith` makes. */
export const OPERATOR_PASSWORD = 'plain-pass-1';

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

/**
 * Gives the user a new role `code` holding `perms`, granted as data like every permission: one
 * BUTTON menu per permission, linked to the role. Returns the role's id.
 */
export async function grantRole(
  db: AppDatabase,
  userId: number,
  code: string,
  perms: readonly string[],
): Promise<number> {
  const [role] = await db.insert(roles).values({ name: code, code }).returning({ id: roles.id });
  if (!role) throw new Error(`role ${code} not created`);
  if (perms.length > 0) {
    const buttons = await db
      .insert(menus)
      .values(perms.map((perm) => ({ name: perm, type: MENU_TYPE_CODES.BUTTON, perm })))
      .returning({ id: menus.id });
    await db.insert(roleMenus).values(buttons.map((b) => ({ roleId: role.id, menuId: b.id })));
  }
  await db.insert(userRoles).values({ userId, roleId: role.id });
  return role.id;
}

/**
 * A new operator `username` in a new role holding `perms` (its code is the username in upper
 * snake case: `dict-manager` → `DICT_MANAGER`), signed in; returns the access token.
 */
export async function operatorWith(
  ctx: TestContext,
  username: string,
  perms: readonly string[],
): Promise<string> {
  const db = ctx.database.db;
  const userId = await createUser(db, { username, password: OPERATOR_PASSWORD });
  await grantRole(db, userId, username.toUpperCase().replace(/-/g, '_'), perms);
  return accessTokenFor(ctx.app, username, OPERATOR_PASSWORD);
}
