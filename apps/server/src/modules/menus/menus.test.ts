import { ZEnvelope, ZRouteTree } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_TYPE_CODES, menus, roleMenus, roles, userRoles } from '../../platform/auth/access.tables';
import { createTestApp, type TestContext } from '../../test/helper';
import { TEST_SEED_PASSWORD } from '../../test/test-database';
import { createUser } from '../../test/users';

let ctx: TestContext;
const ids: Record<string, number> = {};

async function addMenu(
  key: string,
  fields: Partial<typeof menus.$inferInsert> & { name: string; type: number },
) {
  const [row] = await ctx.database.db.insert(menus).values(fields).returning({ id: menus.id });
  ids[key] = row?.id ?? 0;
  return ids[key] ?? 0;
}

async function tokenFor(username: string, password: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
  });
  return (res.json().data as { accessToken: string }).accessToken;
}

async function routesAs(token: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/menus/routes',
    headers: { authorization: `Bearer ${token}` },
  });
  return ZEnvelope(ZRouteTree).parse(res.json()).data;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const system = await addMenu('system', {
    name: 'system',
    type: MENU_TYPE_CODES.CATALOG,
    routePath: '/system',
    redirect: '/system/user',
    icon: 'system',
    sort: 1,
  });
  const user = await addMenu('user', {
    parentId: system,
    name: 'user',
    type: MENU_TYPE_CODES.MENU,
    routePath: 'user',
    routeName: 'User',
    component: 'system/user/index',
    keepAlive: 1,
    sort: 1,
  });
  await addMenu('userAdd', {
    parentId: user,
    name: 'Add user',
    type: MENU_TYPE_CODES.BUTTON,
    perm: 'sys:user:add',
  });
  await addMenu('role', {
    parentId: system,
    name: 'role',
    type: MENU_TYPE_CODES.MENU,
    routePath: 'role',
    component: 'system/role/index',
    sort: 2,
  });
  await addMenu('hiddenPage', {
    parentId: system,
    name: 'dict-data',
    type: MENU_TYPE_CODES.MENU,
    routePath: 'dict-data',
    component: 'system/dict/data',
    visible: 0,
    sort: 3,
  });
  await addMenu('docs', {
    name: 'docs',
    type: MENU_TYPE_CODES.EXTLINK,
    routePath: 'https://docs.example.com',
    sort: 2,
    params: { a: '1' },
  });

  // A role that grants the system catalog, the user page and its "add" button — not roles.
  const [editor] = await ctx.database.db
    .insert(roles)
    .values({ name: 'Editor', code: 'EDITOR' })
    .returning({ id: roles.id });
  const roleId = editor?.id ?? 0;
  await ctx.database.db
    .insert(roleMenus)
    .values(['system', 'user', 'userAdd'].map((k) => ({ roleId, menuId: ids[k] ?? 0 })));
  const editorUser = await createUser(ctx.database.db, { username: 'editor', password: 'editor-pass-1' });
  await ctx.database.db.insert(userRoles).values({ userId: editorUser, roleId });
});
afterAll(() => ctx.close());

describe('GET /api/v1/menus/routes', () => {
  it('gives ROOT every catalog, page and link, as a tree in sort order, without buttons', async () => {
    const tree = await routesAs(await tokenFor('root', TEST_SEED_PASSWORD));
    expect(tree.map((n) => n.name)).toEqual(['System', 'HttpsDocsExampleCom']);
    const [system, docs] = tree;
    expect(system).toMatchObject({
      path: '/system',
      component: 'Layout',
      redirect: '/system/user',
      meta: { title: 'system', icon: 'system' },
    });
    expect(system?.children?.map((c) => [c.name, c.component, c.meta.hidden, c.meta.keepAlive])).toEqual([
      ['User', 'system/user/index', false, true],
      ['Role', 'system/role/index', false, false],
      ['DictData', 'system/dict/data', true, false],
    ]);
    expect(system?.children?.[0]?.children).toBeUndefined();
    expect(docs).toMatchObject({
      component: null,
      path: 'https://docs.example.com',
      meta: { params: { a: '1' } },
    });
  });

  it('gives another user only what their roles grant, with the permission strings on /users/me', async () => {
    const token = await tokenFor('editor', 'editor-pass-1');
    const tree = await routesAs(token);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.children?.map((c) => c.name)).toEqual(['User']);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data).toMatchObject({ roles: ['EDITOR'], perms: ['sys:user:add'] });
  });

  it('grants nothing through a disabled role', async () => {
    await ctx.database.db.update(roles).set({ status: 0 }).where(eq(roles.code, 'EDITOR'));
    const token = await tokenFor('editor', 'editor-pass-1');
    expect(await routesAs(token)).toEqual([]);
    await ctx.database.db.update(roles).set({ status: 1 }).where(eq(roles.code, 'EDITOR'));
  });

  it('gives a role with no menus (GUEST) nothing, and a visitor a 1002', async () => {
    expect(await routesAs(await tokenFor('test', TEST_SEED_PASSWORD))).toEqual([]);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/menus/routes' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('seeded operators', () => {
  it('are root, admin and test with their roles', async () => {
    for (const [username, role] of [
      ['root', 'ROOT'],
      ['admin', 'ADMIN'],
      ['test', 'GUEST'],
    ] as const) {
      const token = await tokenFor(username, TEST_SEED_PASSWORD);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.json().data.roles).toEqual([role]);
    }
  });
});
