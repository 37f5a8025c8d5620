import * as contract from '@linkstore/contract';
import { ErrorCode, rolesRoutes, type TRouteDef } from '@linkstore/contract';
import { eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_TYPE_CODES, menus, roleMenus, roles, userRoles } from '../platform/auth/access.tables';
import { users } from '../platform/auth/auth.tables';
import { createTestApp, type TestContext } from '../test/helper';
import { accessTokenFor, createUser } from '../test/users';
import { recordFigures } from './figures';

/**
 * Permissions (issue 15). Every contract route that needs a permission, called by a signed-in
 * user who holds EVERY permission there is except that one (for a route any of several
 * permissions opens: except all of those) → 403 "A0301". Stronger than the guest check of
 * route-registry.test.ts: a route guarded by the wrong permission, or a handler checking one the
 * caller happens to hold, passes that check but fails this one. The same user with every
 * permission gets past the guard (the control that makes the refusals mean something).
 * Then every write to the ROOT role, by ADMIN, by an operator holding every role permission and
 * by ROOT itself → 409 "A0442", and ROOT (row, menus, holders) unchanged; the root user cannot
 * be edited, disabled, reset or deleted by ADMIN, nor can ROOT be granted or its code taken.
 */

const isRouteDef = (value: unknown): value is TRouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

const contractRoutes: TRouteDef[] = (Object.values(contract) as unknown[])
  .filter((group): group is object => typeof group === 'object' && group !== null)
  .flatMap((group) => Object.values(group).filter(isRouteDef));
const keyOf = (def: TRouteDef) => `${def.method} ${def.path}`;
const permissionsOf = (def: TRouteDef): string[] => {
  if ('public' in def.access || def.access.permission === null) return [];
  const { permission } = def.access;
  return typeof permission === 'string' ? [permission] : [...permission];
};
const guarded = contractRoutes.filter((def) => permissionsOf(def).length > 0);

/** Path parameters filled with an id nothing has, so a request that gets past the guard changes nothing. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '999999999');

let ctx: TestContext;
let requests = 0;
const statuses: Record<string, number> = {};
let allPermissions: string[] = [];
const menuOfPermission = new Map<string, number>();

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  // Every permission there is: the contract's and the seeded menus'. One BUTTON menu each.
  const seeded = await db.select({ id: menus.id, perm: menus.perm }).from(menus).where(isNotNull(menus.perm));
  for (const row of seeded)
    if (row.perm && !menuOfPermission.has(row.perm)) menuOfPermission.set(row.perm, row.id);
  for (const perm of new Set(guarded.flatMap(permissionsOf))) {
    if (menuOfPermission.has(perm)) continue;
    const [row] = await db
      .insert(menus)
      .values({ name: perm, type: MENU_TYPE_CODES.BUTTON, perm })
      .returning({ id: menus.id });
    menuOfPermission.set(perm, row?.id ?? 0);
  }
  allPermissions = [...menuOfPermission.keys()].sort();
});
afterAll(async () => {
  recordFigures('permissions', {
    permissionRoutes: guarded.length,
    permissions: allPermissions.length,
    requests,
    answersByStatus: statuses,
  });
  await ctx.close();
});

let operators = 0;
/** A signed-in operator whose one role holds exactly `perms` (the seeded BUTTON menus' ones). */
async function operatorHolding(perms: readonly string[]): Promise<string> {
  const db = ctx.database.db;
  const n = ++operators;
  const userId = await createUser(db, { username: `perm-op-${n}` });
  const [role] = await db
    .insert(roles)
    .values({ name: `perm op ${n}`, code: `PERM_OP_${n}`, dataScope: 0 })
    .returning({ id: roles.id });
  const roleId = role?.id ?? 0;
  const menuIds = [...new Set(perms.map((p) => menuOfPermission.get(p) ?? 0))];
  if (menuIds.length > 0) await db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
  await db.insert(userRoles).values({ userId, roleId });
  // A real sign-in (a refresh token family and a signed access token), without a password round.
  return (await ctx.app.sessions.issue(userId)).accessToken;
}

async function send(
  token: string,
  method: TRouteDef['method'],
  url: string,
  payload?: unknown,
): Promise<{ status: number; code: unknown; body: string }> {
  requests += 1;
  const res = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
  let code: unknown;
  try {
    code = res.json<{ code: unknown }>().code;
  } catch {
    code = `not JSON (${String(res.headers['content-type'])})`;
  }
  return { status: res.statusCode, code, body: res.body.slice(0, 300) };
}

describe('every permission route × a user holding every other permission', () => {
  it('covers every permission route of the contract', () => {
    expect(guarded.length).toBeGreaterThan(80);
    expect(guarded.map(keyOf)).toEqual(expect.arrayContaining([keyOf(rolesRoutes.assignMenus)]));
  });

  it('the user with every permission gets past every guard (the control)', async () => {
    const all = await operatorHolding(allPermissions);
    const refused = [];
    for (const def of guarded) {
      const res = await send(all, def.method, concrete(def.path), def.method === 'GET' ? undefined : {});
      if (res.status === 403 && res.code === ErrorCode.FORBIDDEN) refused.push(keyOf(def));
      expect(res.status, `${keyOf(def)}: ${res.body}`).toBeLessThan(500);
    }
    expect(refused).toEqual([]);
  });

  it('lacking only the route’s permission (all of them, for an any-of route) → 403 A0301', async () => {
    const byLacking = new Map<string, TRouteDef[]>();
    for (const def of guarded) {
      const key = permissionsOf(def).sort().join('|');
      byLacking.set(key, [...(byLacking.get(key) ?? []), def]);
    }
    const wrong = [];
    for (const [lacking, defs] of byLacking) {
      const missing = new Set(lacking.split('|'));
      const token = await operatorHolding(allPermissions.filter((p) => !missing.has(p)));
      for (const def of defs) {
        const res = await send(token, def.method, concrete(def.path), def.method === 'GET' ? undefined : {});
        if (res.status !== 403 || res.code !== ErrorCode.FORBIDDEN) {
          wrong.push({ route: keyOf(def), lacking, status: res.status, code: res.code });
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('a permission taken away stops working at once', () => {
  it('removing the menu from the role, or disabling the role, refuses the next request (no TTL wait)', async () => {
    const db = ctx.database.db;
    const token = await operatorHolding(['sys:dict:query']);
    const url = '/api/v1/dict/page';
    expect((await send(token, 'GET', url)).status).toBe(200);
    const [held] = await db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(roles.code, `PERM_OP_${operators}`));
    const roleId = held?.roleId ?? 0;
    await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
    expect(await send(token, 'GET', url)).toMatchObject({ status: 403, code: ErrorCode.FORBIDDEN });
    await db.insert(roleMenus).values({ roleId, menuId: menuOfPermission.get('sys:dict:query') ?? 0 });
    expect((await send(token, 'GET', url)).status).toBe(200);
    await db.update(roles).set({ status: 0 }).where(eq(roles.id, roleId));
    expect(await send(token, 'GET', url)).toMatchObject({ status: 403, code: ErrorCode.FORBIDDEN });
  });
});

describe('the ROOT role and the root user cannot be changed', () => {
  const ROLE_PERMS = [
    'sys:role:query',
    'sys:role:add',
    'sys:role:edit',
    'sys:role:delete',
    'sys:role:assign',
  ];
  const roleWrites = Object.values(rolesRoutes).filter(
    (def: TRouteDef) => def.method !== 'GET' && /:ids?\b/.test(def.path),
  );

  async function rootRole() {
    const db = ctx.database.db;
    const [role] = await db.select().from(roles).where(eq(roles.code, 'ROOT'));
    if (!role) throw new Error('no ROOT role');
    const menuIds = (await db.select().from(roleMenus).where(eq(roleMenus.roleId, role.id)))
      .map((r) => r.menuId)
      .sort((a, b) => a - b);
    const holders = (await db.select().from(userRoles).where(eq(userRoles.roleId, role.id)))
      .map((r) => r.userId)
      .sort((a, b) => a - b);
    const [rootUser] = await db.select().from(users).where(eq(users.username, 'root'));
    return { role, menuIds, holders, rootUser };
  }

  it('every role write route is covered here', () => {
    // A new write route on roles must get a case below, or this fails.
    expect(roleWrites.map(keyOf).sort()).toEqual(
      [
        keyOf(rolesRoutes.update),
        keyOf(rolesRoutes.delete),
        keyOf(rolesRoutes.status),
        keyOf(rolesRoutes.assignMenus),
      ].sort(),
    );
  });

  it('every write to ROOT, by ADMIN, by an operator with every role permission and by root → A0442', async () => {
    const callers = {
      admin: await accessTokenFor(ctx.app, 'admin'),
      roleOperator: await operatorHolding(ROLE_PERMS),
      root: await accessTokenFor(ctx.app, 'root'),
    };
    const before = await rootRole();
    const rootId = before.role.id;
    const db = ctx.database.db;
    const [other] = await db
      .insert(roles)
      .values({ name: 'Deletable', code: 'SEC_DELETABLE', dataScope: 3 })
      .returning({ id: roles.id });
    const everyMenu = (await db.select({ id: menus.id }).from(menus)).map((m) => String(m.id));
    const writes: [string, TRouteDef['method'], string, unknown][] = [
      [
        keyOf(rolesRoutes.update),
        'PUT',
        `/api/v1/roles/${rootId}`,
        { name: 'Pwned', code: 'ROOT', sort: 1, status: 1, dataScope: 3 },
      ],
      [
        keyOf(rolesRoutes.update),
        'PUT',
        `/api/v1/roles/${rootId}`,
        { name: 'Pwned', code: 'NOT_ROOT', dataScope: 3 },
      ],
      [keyOf(rolesRoutes.status), 'PUT', `/api/v1/roles/${rootId}/status?status=0`, undefined],
      [keyOf(rolesRoutes.assignMenus), 'PUT', `/api/v1/roles/${rootId}/menus`, []],
      [keyOf(rolesRoutes.assignMenus), 'PUT', `/api/v1/roles/${rootId}/menus`, everyMenu.slice(0, 3)],
      [keyOf(rolesRoutes.delete), 'DELETE', `/api/v1/roles/${rootId}`, undefined],
      [keyOf(rolesRoutes.delete), 'DELETE', `/api/v1/roles/${other?.id},${rootId}`, undefined],
    ];
    expect(new Set(writes.map(([key]) => key))).toEqual(new Set(roleWrites.map(keyOf)));
    const wrong = [];
    for (const [who, token] of Object.entries(callers)) {
      for (const [key, method, url, payload] of writes) {
        const res = await send(token, method, url, payload);
        if (res.status !== 409 || res.code !== ErrorCode.PROTECTED_RECORD) {
          wrong.push({ who, key, url, status: res.status, code: res.code });
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await rootRole()).toEqual(before);
    // The batch stopped as a whole: the other role is still there.
    expect(await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'SEC_DELETABLE'))).toHaveLength(
      1,
    );
  });

  it('nobody but root takes the code ROOT, grants ROOT or changes the root user', async () => {
    const before = await rootRole();
    const db = ctx.database.db;
    const admin = await accessTokenFor(ctx.app, 'admin');
    const rootRoleId = String(before.role.id);
    const rootUserId = before.rootUser?.id ?? 0;
    const [adminRole] = await db.select().from(roles).where(eq(roles.code, 'ADMIN'));
    const adminRoleBefore = adminRole;

    const attempts: [string, TRouteDef['method'], string, unknown, number[]][] = [
      [
        'create a role coded ROOT',
        'POST',
        '/api/v1/roles',
        { name: 'Second root', code: 'ROOT' },
        [400, 409],
      ],
      [
        'rename ADMIN to ROOT',
        'PUT',
        `/api/v1/roles/${adminRole?.id}`,
        { name: 'Admin', code: 'ROOT', dataScope: 0 },
        [400, 409],
      ],
      [
        'create a user holding ROOT',
        'POST',
        '/api/v1/users',
        {
          username: 'sec-wannabe-root',
          nickname: 'w',
          roleIds: [rootRoleId],
          status: 1,
          password: 'Sec-pass-123',
        },
        [400],
      ],
      [
        'edit the root user',
        'PUT',
        `/api/v1/users/${rootUserId}`,
        { username: 'root', nickname: 'x', roleIds: [] },
        [400, 404],
      ],
      ['disable the root user', 'PATCH', `/api/v1/users/${rootUserId}/status?status=0`, undefined, [404]],
      [
        'reset root’s password',
        'PUT',
        `/api/v1/users/${rootUserId}/password/reset`,
        { password: 'Sec-pass-123' },
        [404],
      ],
      ['delete the root user', 'DELETE', `/api/v1/users/${rootUserId}`, undefined, [404]],
    ];
    const wrong = [];
    for (const [label, method, url, payload, allowed] of attempts) {
      const res = await send(admin, method, url, payload);
      if (!allowed.includes(res.status)) wrong.push({ label, status: res.status, body: res.body });
    }
    expect(wrong).toEqual([]);
    expect(await rootRole()).toEqual(before);
    expect(await db.select().from(roles).where(eq(roles.code, 'ROOT'))).toHaveLength(1);
    const [adminRoleAfter] = await db.select().from(roles).where(eq(roles.code, 'ADMIN'));
    expect(adminRoleAfter).toEqual(adminRoleBefore);
    const created = await db
      .select()
      .from(users)
      .where(inArray(users.username, ['sec-wannabe-root']));
    expect(created).toEqual([]);
  });
});
