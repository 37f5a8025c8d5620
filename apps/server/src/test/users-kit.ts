/** Test support for the users module: roles with permissions, operators in departments, calls. */
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { MENU_TYPE_CODES, menus, roleMenus, roles, userRoles } from '../platform/auth/access.tables';
import { users } from '../platform/auth/auth.tables';
import type { AppDatabase } from '../platform/db/database';
import { depts } from '../modules/depts/depts.table';
import type { TestContext } from './helper';
import { accessTokenFor, createUser } from './users';

export const USER_PERMS = [
  'sys:user:query',
  'sys:user:add',
  'sys:user:edit',
  'sys:user:delete',
  'sys:user:password:reset',
  'sys:user:import',
  'sys:user:export',
] as const;
export type UserPerm = (typeof USER_PERMS)[number];

export const PASSWORD = 'plain-pass-1';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Kit {
  ctx: TestContext;
  db: AppDatabase;
  /** Department ids by code. */
  dept: Record<string, number>;
  tokens: Record<string, string>;
  call(
    as: string,
    method: Method,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  addRole(
    code: string,
    options: { dataScope: number; perms?: readonly string[]; status?: number },
  ): Promise<number>;
  addOperator(
    username: string,
    options?: { roleIds?: number[]; dept?: string; email?: string; mobile?: string; nickname?: string },
  ): Promise<number>;
  signIn(username: string, password?: string): Promise<string>;
  roleId(code: string): Promise<number>;
}

/**
 * Builds the fixture: a button menu per user permission, the department ENG_WEB under ENG (so
 * LINKSTORE > ENG > ENG_WEB and LINKSTORE > QA), and `root` signed in.
 */
export async function createKit(ctx: TestContext): Promise<Kit> {
  const db = ctx.database.db;
  const tokens: Record<string, string> = {};
  const permMenus: Record<string, number> = {};
  for (const perm of USER_PERMS) {
    const [row] = await db
      .insert(menus)
      .values({ name: `test ${perm}`, type: MENU_TYPE_CODES.BUTTON, perm })
      .returning({ id: menus.id });
    permMenus[perm] = row?.id ?? 0;
  }
  const call: Kit['call'] = (as, method, url, payload, headers = {}) =>
    ctx.app.inject({
      method,
      url: url.startsWith('/api/') ? url : `/api/v1/users${url}`,
      headers: { authorization: `Bearer ${tokens[as] ?? ''}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  tokens.root = await accessTokenFor(ctx.app, 'root');

  const deptRows = () => db.select({ id: depts.id, code: depts.code }).from(depts);
  const eng = (await deptRows()).find((d) => d.code === 'ENG');
  const created = await call('root', 'POST', '/api/v1/dept', {
    name: 'Web',
    code: 'ENG_WEB',
    parentId: String(eng?.id),
  });
  expect(created.statusCode).toBe(200);
  const dept = Object.fromEntries((await deptRows()).map((d) => [d.code, d.id]));

  const kit: Kit = {
    ctx,
    db,
    dept,
    tokens,
    call,
    async addRole(code, { dataScope, perms = [], status = 1 }) {
      const [role] = await db
        .insert(roles)
        .values({ name: `Role ${code}`, code, dataScope, status, sort: 100 })
        .returning({ id: roles.id });
      const roleId = role?.id ?? 0;
      if (perms.length > 0) {
        await db.insert(roleMenus).values(perms.map((perm) => ({ roleId, menuId: permMenus[perm] ?? 0 })));
      }
      return roleId;
    },
    async addOperator(username, options = {}) {
      const id = await createUser(db, {
        username,
        password: PASSWORD,
        ...(options.email ? { email: options.email } : {}),
      });
      await db
        .update(users)
        .set({
          deptId: options.dept ? (dept[options.dept] ?? null) : null,
          mobile: options.mobile ?? null,
          nickname: options.nickname ?? username,
        })
        .where(eq(users.id, id));
      const roleIds = options.roleIds ?? [];
      if (roleIds.length > 0)
        await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
      return id;
    },
    signIn: (username, password = PASSWORD) => accessTokenFor(ctx.app, username, password),
    async roleId(code) {
      const [row] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(inArray(roles.code, [code]));
      if (!row) throw new Error(`no role ${code}`);
      return row.id;
    },
  };
  return kit;
}

/** A multipart body with one file field, as a browser would send it. */
export function multipartFile(
  content: Buffer,
  options: { field?: string; filename?: string; type?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----linkstore-test-${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'users.xlsx'}"\r\n` +
    `Content-Type: ${options.type ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
