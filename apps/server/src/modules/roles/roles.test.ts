import {
  ErrorCode,
  ZEnvelope,
  ZRoleForm,
  ZRoleMenuIds,
  ZRoleOptions,
  ZRolePage,
  rolesRoutes,
  type TRoleForm,
} from '@linkstore/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_TYPE_CODES, menus, roleMenus, roles, userRoles } from '../../platform/auth/access.tables';
import { apiCalls, type TMethod } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const perms: Record<string, number> = {};
let managerRoleId = 0;

const ROLE_PERMS = ['sys:role:query', 'sys:role:add', 'sys:role:edit', 'sys:role:delete', 'sys:role:assign'];

const signIn = (username: string, password?: string) => accessTokenFor(ctx.app, username, password);

const { call } = apiCalls(() => ctx.app, tokens, '/roles');

async function roleIdOf(code: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, code));
  if (!row) throw new Error(`no role ${code}`);
  return row.id;
}

async function createRoleAs(as: string, code: string, extra: Partial<TRoleForm> = {}): Promise<TRoleForm> {
  const res = await call(as, 'POST', '', { name: `Role ${code}`, code, ...extra });
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZRoleForm).parse(res.json()).data;
}

/** A signed-in user holding only the given role. */
async function userWithRole(username: string, roleId: number): Promise<string> {
  const id = await createUser(ctx.database.db, { username, password: 'plain-pass-1' });
  await ctx.database.db.insert(userRoles).values({ userId: id, roleId });
  return signIn(username, 'plain-pass-1');
}

async function myPerms(as: string): Promise<string[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/users/me',
    headers: { authorization: `Bearer ${tokens[as] ?? ''}` },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { perms: string[] }).perms;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  for (const perm of ROLE_PERMS) {
    const [row] = await db
      .insert(menus)
      .values({ name: perm, type: MENU_TYPE_CODES.BUTTON, perm })
      .returning({ id: menus.id });
    perms[perm] = row?.id ?? 0;
  }
  // A role manager: every role permission, granted as data (button menus linked to a role).
  const [manager] = await db
    .insert(roles)
    .values({ name: 'Role manager', code: 'ROLE_MANAGER', sort: 50 })
    .returning({ id: roles.id });
  managerRoleId = manager?.id ?? 0;
  await db
    .insert(roleMenus)
    .values(ROLE_PERMS.map((perm) => ({ roleId: managerRoleId, menuId: perms[perm] ?? 0 })));
  tokens.manager = await userWithRole('role-manager', managerRoleId);
  tokens.root = await signIn('root');
  tokens.guest = await signIn('test');
});
afterAll(() => ctx.close());

describe('roles CRUD', () => {
  it('creates, reads, pages, edits, disables and deletes a role', async () => {
    const created = await createRoleAs('manager', 'SHOP_CLERK', { sort: 7, dataScope: 2, status: 1 });
    expect(created).toMatchObject({
      name: 'Role SHOP_CLERK',
      code: 'SHOP_CLERK',
      sort: 7,
      dataScope: 2,
      status: 1,
    });
    expect(created.id).toMatch(/^\d+$/);

    const form = await call('manager', 'GET', `/${created.id}/form`);
    expect(ZEnvelope(ZRoleForm).parse(form.json()).data).toEqual(created);

    const page = await call('manager', 'GET', '/page?keywords=clerk&pageNum=1&pageSize=10');
    const data = ZEnvelope(ZRolePage).parse(page.json()).data;
    expect(data.total).toBe(1);
    expect(data.list[0]).toMatchObject({ id: created.id, code: 'SHOP_CLERK', sort: 7, dataScope: 2 });
    expect(data.list[0]?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const edited = await call('manager', 'PUT', `/${created.id}`, {
      id: created.id,
      name: 'Shop clerk',
      code: 'SHOP_CLERK_2',
      sort: 8,
      status: 1,
      dataScope: 3,
    });
    expect(edited.statusCode).toBe(200);
    expect(ZEnvelope(ZRoleForm).parse(edited.json()).data).toEqual({
      id: created.id,
      name: 'Shop clerk',
      code: 'SHOP_CLERK_2',
      sort: 8,
      status: 1,
      dataScope: 3,
    });

    const disabled = await call('manager', 'PUT', `/${created.id}/status?status=0`);
    expect(disabled.statusCode).toBe(200);
    const afterStatus = await call('manager', 'GET', `/${created.id}/form`);
    expect((afterStatus.json().data as TRoleForm).status).toBe(0);

    const removed = await call('manager', 'DELETE', `/${created.id}`);
    expect(removed.statusCode).toBe(200);
    const gone = await call('manager', 'GET', `/${created.id}/form`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(ErrorCode.NOT_FOUND);
  });

  it('pages in sort order, then id, with total over all matches', async () => {
    await createRoleAs('root', 'PAGE_B', { sort: 900 });
    await createRoleAs('root', 'PAGE_A', { sort: 900 });
    await createRoleAs('root', 'PAGE_C', { sort: 899 });
    const res = await call('root', 'GET', '/page?keywords=PAGE_&pageNum=1&pageSize=2');
    const data = ZEnvelope(ZRolePage).parse(res.json()).data;
    expect(data.total).toBe(3);
    expect(data.list.map((r) => r.code)).toEqual(['PAGE_C', 'PAGE_B']);
    const second = ZEnvelope(ZRolePage).parse(
      (await call('root', 'GET', '/page?keywords=PAGE_&pageNum=2&pageSize=2')).json(),
    ).data;
    expect(second.list.map((r) => r.code)).toEqual(['PAGE_A']);
  });

  it('refuses a duplicate code on create and on edit, naming `code`', async () => {
    const first = await createRoleAs('manager', 'DUP_ONE');
    await createRoleAs('manager', 'DUP_TWO');
    const res = await call('manager', 'POST', '', { name: 'Again', code: 'DUP_ONE' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'code' }] },
    });
    const edit = await call('manager', 'PUT', `/${first.id}`, { name: 'x', code: 'DUP_TWO' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().data.fields[0].field).toBe('code');
    // Keeping its own code is not a duplicate.
    const same = await call('manager', 'PUT', `/${first.id}`, { name: 'Renamed', code: 'DUP_ONE' });
    expect(same.statusCode).toBe(200);
  });

  it('validates the body field by field', async () => {
    const res = await call('manager', 'POST', '', {
      name: '',
      code: 'lower-case',
      sort: -1,
      status: 2,
      dataScope: 4,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    const fields = (res.json().data.fields as { field: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(['code', 'dataScope', 'name', 'sort', 'status']);
  });
});

describe('access', () => {
  it('refuses a user whose role lacks the permission (A0301) and writes nothing', async () => {
    const res = await call('guest', 'POST', '', { name: 'Sneaky', code: 'SNEAKY' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ErrorCode.FORBIDDEN);
    expect(await ctx.database.db.select().from(roles).where(eq(roles.code, 'SNEAKY'))).toEqual([]);
  });

  it('a role with only sys:role:query can read but not add', async () => {
    const [reader] = await ctx.database.db
      .insert(roles)
      .values({ name: 'Reader', code: 'ROLE_READER' })
      .returning({ id: roles.id });
    await ctx.database.db
      .insert(roleMenus)
      .values({ roleId: reader?.id ?? 0, menuId: perms['sys:role:query'] ?? 0 });
    tokens.reader = await userWithRole('role-reader', reader?.id ?? 0);
    expect((await call('reader', 'GET', '/page')).statusCode).toBe(200);
    const add = await call('reader', 'POST', '', { name: 'No', code: 'NOPE' });
    expect(add.statusCode).toBe(403);
    expect(add.json().code).toBe(ErrorCode.FORBIDDEN);
  });

  it('hides ROOT from callers who are not ROOT, in options, page and form', async () => {
    const rootId = String(await roleIdOf('ROOT'));
    const forManager = ZEnvelope(ZRoleOptions).parse((await call('manager', 'GET', '/options')).json()).data;
    expect(forManager.map((o) => o.value)).not.toContain(rootId);
    expect(forManager.map((o) => o.label)).toContain('System administrator');
    const forRoot = ZEnvelope(ZRoleOptions).parse((await call('root', 'GET', '/options')).json()).data;
    expect(forRoot).toContainEqual({ value: rootId, label: 'Super administrator' });

    const page = ZEnvelope(ZRolePage).parse((await call('manager', 'GET', '/page?pageSize=100')).json()).data;
    expect(page.list.map((r) => r.code)).not.toContain('ROOT');
    expect((await call('manager', 'GET', `/${rootId}/form`)).statusCode).toBe(404);
    expect((await call('root', 'GET', `/${rootId}/form`)).statusCode).toBe(200);
  });

  it('protects ROOT from edit, disable and delete, even by ROOT', async () => {
    const rootId = await roleIdOf('ROOT');
    for (const as of ['root', 'manager']) {
      const edit = await call(as, 'PUT', `/${rootId}`, { name: 'Hijacked', code: 'ROOT' });
      const disable = await call(as, 'PUT', `/${rootId}/status?status=0`);
      const remove = await call(as, 'DELETE', `/${rootId}`);
      for (const res of [edit, disable, remove]) {
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe(ErrorCode.PROTECTED_RECORD);
      }
    }
    const [row] = await ctx.database.db.select().from(roles).where(eq(roles.id, rootId));
    expect(row).toMatchObject({ code: 'ROOT', name: 'Super administrator', status: 1 });
  });

  it('refuses every write route on ROOT (A0442), to ADMIN and ROOT alike, and changes none of its rows', async () => {
    tokens.admin = await signIn('admin');
    const rootId = await roleIdOf('ROOT');
    const someMenus = [perms['sys:role:query'], perms['sys:role:add']].map(String);
    // A request against ROOT for each write route of the contract that names a role; a write
    // route added later without a request here fails the coverage check below.
    const attempts: Partial<Record<keyof typeof rolesRoutes, [TMethod, string, unknown?]>> = {
      update: ['PUT', `/${rootId}`, { name: 'Hijacked', code: 'ROOT', status: 0, dataScope: 3 }],
      delete: ['DELETE', `/${rootId}`],
      status: ['PUT', `/${rootId}/status?status=0`],
      assignMenus: ['PUT', `/${rootId}/menus`, someMenus],
    };
    const writesOnARole = Object.entries(rolesRoutes)
      .filter(([, route]) => route.method !== 'GET' && /:ids?\b/.test(route.path))
      .map(([name]) => name);
    expect(Object.keys(attempts).sort()).toEqual(writesOnARole.sort());

    const rowsOfRoot = async () => ({
      role: await ctx.database.db.select().from(roles).where(eq(roles.id, rootId)),
      menus: (
        await ctx.database.db
          .select({ menuId: roleMenus.menuId })
          .from(roleMenus)
          .where(eq(roleMenus.roleId, rootId))
      )
        .map((r) => r.menuId)
        .sort((a, b) => a - b),
    });
    const before = await rowsOfRoot();
    for (const as of ['admin', 'root']) {
      for (const [name, attempt] of Object.entries(attempts)) {
        const [method, url, payload] = attempt;
        const res = await call(as, method, url, payload);
        expect(res.statusCode, `${as} ${name}: ${res.body}`).toBe(409);
        expect(res.json().code).toBe(ErrorCode.PROTECTED_RECORD);
      }
    }
    expect(await rowsOfRoot()).toEqual(before);
  });
});

describe('delete', () => {
  it('refuses a role still assigned to a user, and deletes nothing of the batch', async () => {
    const free = await createRoleAs('manager', 'FREE_ROLE');
    const held = await createRoleAs('manager', 'HELD_ROLE');
    const userId = await createUser(ctx.database.db, { username: 'holder' });
    await ctx.database.db.insert(userRoles).values({ userId, roleId: Number(held.id) });

    const res = await call('manager', 'DELETE', `/${free.id},${held.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ErrorCode.IN_USE);
    const left = await ctx.database.db
      .select({ code: roles.code })
      .from(roles)
      .where(inArray(roles.id, [Number(free.id), Number(held.id)]));
    expect(left.map((r) => r.code).sort()).toEqual(['FREE_ROLE', 'HELD_ROLE']);
  });

  it('deletes a batch all or nothing: one unknown id or ROOT keeps every role', async () => {
    const a = await createRoleAs('manager', 'BATCH_A');
    const b = await createRoleAs('manager', 'BATCH_B');
    const rootId = await roleIdOf('ROOT');

    const unknown = await call('manager', 'DELETE', `/${a.id},999999999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ErrorCode.NOT_FOUND);
    const withRoot = await call('root', 'DELETE', `/${a.id},${rootId}`);
    expect(withRoot.statusCode).toBe(409);
    expect(withRoot.json().code).toBe(ErrorCode.PROTECTED_RECORD);
    const still = await ctx.database.db
      .select()
      .from(roles)
      .where(inArray(roles.id, [Number(a.id), Number(b.id)]));
    expect(still).toHaveLength(2);

    // Role menus go with the role.
    await ctx.database.db
      .insert(roleMenus)
      .values({ roleId: Number(a.id), menuId: perms['sys:role:query'] ?? 0 });
    const ok = await call('manager', 'DELETE', `/${a.id},${b.id}`);
    expect(ok.statusCode).toBe(200);
    expect(
      await ctx.database.db
        .select()
        .from(roles)
        .where(inArray(roles.id, [Number(a.id), Number(b.id)])),
    ).toEqual([]);
    expect(
      await ctx.database.db
        .select()
        .from(roleMenus)
        .where(eq(roleMenus.roleId, Number(a.id))),
    ).toEqual([]);
  });
});

describe('menus of a role', () => {
  it("replaces the set, and the holder's permissions change on the next request", async () => {
    const role = await createRoleAs('manager', 'MENU_TARGET');
    tokens.target = await userWithRole('menu-target', Number(role.id));
    expect(await myPerms('target')).toEqual([]);

    const first = [perms['sys:role:query'], perms['sys:role:add']].map(String);
    expect((await call('manager', 'PUT', `/${role.id}/menus`, first)).statusCode).toBe(200);
    const ids = ZEnvelope(ZRoleMenuIds).parse(
      (await call('manager', 'GET', `/${role.id}/menuIds`)).json(),
    ).data;
    expect(ids.sort()).toEqual([...first].sort());
    expect(await myPerms('target')).toEqual(['sys:role:add', 'sys:role:query']);
    expect((await call('target', 'GET', '/options')).statusCode).toBe(200);

    const second = [String(perms['sys:role:edit'])];
    expect((await call('manager', 'PUT', `/${role.id}/menus`, second)).statusCode).toBe(200);
    expect(
      ZEnvelope(ZRoleMenuIds).parse((await call('manager', 'GET', `/${role.id}/menuIds`)).json()).data,
    ).toEqual(second);
    expect(await myPerms('target')).toEqual(['sys:role:edit']);
    expect((await call('target', 'GET', '/options')).statusCode).toBe(403);

    expect((await call('manager', 'PUT', `/${role.id}/menus`, [])).statusCode).toBe(200);
    expect(await myPerms('target')).toEqual([]);
  });

  it('a disabled role grants nothing', async () => {
    const role = await createRoleAs('manager', 'SWITCHED');
    await call('manager', 'PUT', `/${role.id}/menus`, [String(perms['sys:role:query'])]);
    tokens.switched = await userWithRole('switched-user', Number(role.id));
    expect(await myPerms('switched')).toEqual(['sys:role:query']);
    await call('manager', 'PUT', `/${role.id}/status?status=0`);
    expect(await myPerms('switched')).toEqual([]);
  });

  it('refuses unknown menu ids and keeps the old set', async () => {
    const role = await createRoleAs('manager', 'MENU_KEEP');
    const keep = [String(perms['sys:role:query'])];
    await call('manager', 'PUT', `/${role.id}/menus`, keep);
    const res = await call('manager', 'PUT', `/${role.id}/menus`, [
      String(perms['sys:role:add']),
      '999999999',
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(res.json().data.fields[0].field).toBe('menuIds');
    expect(
      ZEnvelope(ZRoleMenuIds).parse((await call('manager', 'GET', `/${role.id}/menuIds`)).json()).data,
    ).toEqual(keep);

    const notArray = await call('manager', 'PUT', `/${role.id}/menus`, { menuIds: keep });
    expect(notArray.statusCode).toBe(400);
    const badId = await call('manager', 'PUT', `/${role.id}/menus`, ['abc']);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().data.fields[0].field).toBe('0');
  });
});

describe('ids', () => {
  it('answers a bad id with A0400 naming it, an unknown id with A0404', async () => {
    const cases: ['GET' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/abc/form'],
      ['GET', '/1.5/menuIds'],
      ['PUT', '/-1', { name: 'x', code: 'X' }],
      ['PUT', '/0/status?status=1'],
      ['PUT', '/99999999999999999999/menus', []],
    ];
    for (const [method, url, payload] of cases) {
      const res = await call('manager', method, url, payload);
      expect({
        url,
        status: res.statusCode,
        code: res.json().code,
        field: res.json().data?.fields?.[0]?.field,
      }).toEqual({
        url,
        status: 400,
        code: ErrorCode.VALIDATION_FAILED,
        field: 'id',
      });
    }
    for (const ids of ['1,x', ',', '1,,2', 'abc']) {
      const res = await call('manager', 'DELETE', `/${ids}`);
      expect({ ids, status: res.statusCode, field: res.json().data?.fields?.[0]?.field }).toEqual({
        ids,
        status: 400,
        field: 'ids',
      });
    }
    const status = await call('manager', 'PUT', `/${managerRoleId}/status?status=7`);
    expect(status.statusCode).toBe(400);
    expect(status.json().data.fields[0].field).toBe('status');

    for (const [method, url, payload] of [
      ['GET', '/424242/form'],
      ['GET', '/424242/menuIds'],
      ['PUT', '/424242', { name: 'x', code: 'NEW_X' }],
      ['PUT', '/424242/status?status=1'],
      ['PUT', '/424242/menus', []],
      ['DELETE', '/424242'],
    ] as ['GET' | 'PUT' | 'DELETE', string, unknown?][]) {
      const res = await call('manager', method, url, payload);
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({
        url,
        status: 404,
        code: ErrorCode.NOT_FOUND,
      });
    }
  });
});
