import {
  ZEnvelope,
  ZMenuForm,
  ZMenuOptionTree,
  ZMenuTree,
  ZRouteTree,
  type TMenu,
  type TMenuForm,
} from '@linkstore/contract';
import { eq, gt } from 'drizzle-orm';
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
  // This suite builds its own small tree; the built-in one is covered in menus.seed.test.ts.
  await ctx.database.db.delete(menus).where(gt(menus.id, 0));
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

// ---- Menu management ----

interface Envelope<T = unknown> {
  code: number | string;
  msg: string;
  data: T;
}

let rootToken = '';

async function call<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  token = rootToken,
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

async function create(form: Record<string, unknown>): Promise<TMenuForm> {
  const res = await call<TMenuForm>('POST', '/api/v1/menus', form);
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return ZMenuForm.parse(res.body.data);
}

const fieldsOf = (body: Envelope) =>
  (body.data as { fields: { field: string }[] }).fields.map((f) => f.field);

const findIn = (tree: TMenu[], id: string): TMenu | undefined => {
  for (const node of tree) {
    if (node.id === id) return node;
    const found = findIn(node.children ?? [], id);
    if (found) return found;
  }
  return undefined;
};

const countMenus = async () => (await ctx.database.db.select({ id: menus.id }).from(menus)).length;

describe('menu management', () => {
  let shop: TMenuForm;
  let goods: TMenuForm;
  let goodsAdd: TMenuForm;
  let help: TMenuForm;

  beforeAll(async () => {
    rootToken = await tokenFor('root', TEST_SEED_PASSWORD);
    shop = await create({ name: 'shop', type: 'CATALOG', routePath: 'shop', icon: 'system', sort: 9 });
    goods = await create({
      parentId: shop.id,
      name: 'goods',
      type: 'MENU',
      routeName: 'Goods',
      routePath: 'goods',
      component: 'shop/goods/index',
      keepAlive: 1,
      params: [{ key: 'tab', value: 'all' }],
      sort: 1,
    });
    goodsAdd = await create({
      parentId: goods.id,
      name: 'Add goods',
      type: 'BUTTON',
      perm: 'shop:goods:add',
    });
    help = await create({
      parentId: shop.id,
      name: 'help',
      type: 'EXTLINK',
      routePath: 'https://help.example.com/shop',
      component: 'ignored/view',
      sort: 2,
    });
  });

  it('reads back the created tree, as the table, the form and the options', async () => {
    const list = await call<TMenu[]>('GET', '/api/v1/menus');
    expect(list.status).toBe(200);
    const tree = ZMenuTree.parse(list.body.data);
    const shopNode = findIn(tree, shop.id);
    expect(shopNode).toMatchObject({ parentId: '0', type: 'CATALOG', component: 'Layout', visible: 1 });
    expect(shopNode?.children?.map((c) => [c.name, c.type])).toEqual([
      ['goods', 'MENU'],
      ['help', 'EXTLINK'],
    ]);
    expect(shopNode?.children?.[0]?.children).toEqual([
      expect.objectContaining({
        id: goodsAdd.id,
        type: 'BUTTON',
        perm: 'shop:goods:add',
        parentId: goods.id,
      }),
    ]);

    const form = await call<TMenuForm>('GET', `/api/v1/menus/${goods.id}/form`);
    expect(ZMenuForm.parse(form.body.data)).toEqual({
      id: goods.id,
      parentId: shop.id,
      name: 'goods',
      type: 'MENU',
      routeName: 'Goods',
      routePath: 'goods',
      component: 'shop/goods/index',
      perm: null,
      visible: 1,
      sort: 1,
      icon: null,
      redirect: null,
      keepAlive: 1,
      alwaysShow: 0,
      params: [{ key: 'tab', value: 'all' }],
    });
    const [stored] = await ctx.database.db
      .select()
      .from(menus)
      .where(eq(menus.id, Number(goods.id)));
    expect(stored?.params).toEqual({ tab: 'all' });

    const full = ZMenuOptionTree.parse((await call('GET', '/api/v1/menus/options')).body.data);
    const shopOption = full.find((o) => o.value === shop.id);
    expect(shopOption?.label).toBe('shop');
    expect(shopOption?.children?.map((c) => c.label)).toEqual(['goods', 'help']);
    expect(shopOption?.children?.[0]?.children).toEqual([{ value: goodsAdd.id, label: 'Add goods' }]);

    const parents = ZMenuOptionTree.parse(
      (await call('GET', '/api/v1/menus/options?onlyParent=true')).body.data,
    );
    expect(parents.find((o) => o.value === shop.id)).toEqual({
      value: shop.id,
      label: 'shop',
      children: [{ value: goods.id, label: 'goods' }],
    });
  });

  it('filters the table by name, keeping the matches beneath a match', async () => {
    const tree = ZMenuTree.parse((await call('GET', '/api/v1/menus?keywords=GOODS')).body.data);
    expect(tree.map((n) => n.name)).toEqual(['goods']);
    expect(tree[0]?.children?.map((c) => c.name)).toEqual(['Add goods']);
    expect((await call('GET', '/api/v1/menus?keywords=nothing-like-this')).body.data).toEqual([]);
  });

  it('applies the save rules of each type', async () => {
    // CATALOG: component forced to Layout, a top-level path gets its leading slash; a nested one does not.
    expect(shop).toMatchObject({ routePath: '/shop', component: 'Layout' });
    const nested = await create({ parentId: shop.id, name: 'inner', type: 'CATALOG', routePath: 'inner' });
    expect(nested).toMatchObject({ routePath: 'inner', component: 'Layout' });
    // Only MENU keeps routeName (and keepAlive).
    const catalogNamed = await create({
      name: 'named',
      type: 'CATALOG',
      routePath: '/named',
      routeName: 'Named',
      keepAlive: 1,
    });
    expect(catalogNamed).toMatchObject({ routeName: null, keepAlive: 0 });
    // EXTLINK: component null, routePath must be an http(s) URL.
    expect(help).toMatchObject({ component: null, routePath: 'https://help.example.com/shop' });
    for (const routePath of ['help.example.com', 'javascript:alert(1)', 'ftp://files.example.com']) {
      const bad = await call('POST', '/api/v1/menus', { name: 'x', type: 'EXTLINK', routePath });
      expect([bad.status, bad.body.code, fieldsOf(bad.body)]).toEqual([400, 'A0400', ['routePath']]);
    }
    // BUTTON: a permission string and a parent.
    const noPerm = await call('POST', '/api/v1/menus', { parentId: goods.id, name: 'x', type: 'BUTTON' });
    expect([noPerm.status, fieldsOf(noPerm.body)]).toEqual([400, ['perm']]);
    const badPerm = await call('POST', '/api/v1/menus', {
      parentId: goods.id,
      name: 'x',
      type: 'BUTTON',
      perm: 'shop goods; drop',
    });
    expect([badPerm.status, fieldsOf(badPerm.body)]).toEqual([400, ['perm']]);
    const topButton = await call('POST', '/api/v1/menus', { name: 'x', type: 'BUTTON', perm: 'a:b:c' });
    expect([topButton.status, fieldsOf(topButton.body)]).toEqual([400, ['parentId']]);
    // The parent must exist, and be a catalog or a page.
    const orphan = await call('POST', '/api/v1/menus', {
      parentId: '999999',
      name: 'x',
      type: 'CATALOG',
      routePath: 'x',
    });
    expect([orphan.status, orphan.body.code, fieldsOf(orphan.body)]).toEqual([400, 'A0400', ['parentId']]);
    const underButton = await call('POST', '/api/v1/menus', {
      parentId: goodsAdd.id,
      name: 'x',
      type: 'BUTTON',
      perm: 'a:b',
    });
    expect(fieldsOf(underButton.body)).toEqual(['parentId']);
  });

  it('refuses a route name another menu uses, naming routeName', async () => {
    const before = await countMenus();
    const res = await call('POST', '/api/v1/menus', {
      parentId: shop.id,
      name: 'goods again',
      type: 'MENU',
      routeName: 'Goods',
      routePath: 'goods-again',
      component: 'shop/goods/index',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('A0400');
    expect(res.body.data).toEqual({
      fields: [{ field: 'routeName', message: 'routeName is already in use.' }],
    });
    expect(await countMenus()).toBe(before);
    // The menu itself may keep its name when saved again.
    const again = await call<TMenuForm>('PUT', `/api/v1/menus/${goods.id}`, { ...goods, sort: 3 });
    expect([again.status, again.body.data.sort, again.body.data.routeName]).toEqual([200, 3, 'Goods']);
  });

  it('refuses the menu itself or one beneath it as its parent, changing nothing', async () => {
    for (const parentId of [shop.id, goods.id, goodsAdd.id]) {
      const res = await call('PUT', `/api/v1/menus/${shop.id}`, { ...shop, parentId, name: 'moved' });
      expect([res.status, res.body.code, fieldsOf(res.body)]).toEqual([400, 'A0400', ['parentId']]);
    }
    const form = await call<TMenuForm>('GET', `/api/v1/menus/${shop.id}/form`);
    expect(form.body.data).toEqual(shop);
  });

  it('answers A0400 naming a bad id, and A0404 for an unknown one', async () => {
    const bad = await call('GET', '/api/v1/menus/abc/form');
    expect([bad.status, bad.body.code, fieldsOf(bad.body)]).toEqual([400, 'A0400', ['id']]);
    for (const [method, url, payload] of [
      ['GET', '/api/v1/menus/987654/form', undefined],
      ['PUT', '/api/v1/menus/987654', { name: 'x', type: 'CATALOG', routePath: '/x' }],
      ['DELETE', '/api/v1/menus/987654', undefined],
      ['PATCH', '/api/v1/menus/987654?visible=0', undefined],
    ] as const) {
      const res = await call(method, url, payload);
      expect([method, res.status, res.body.code]).toEqual([method, 404, 'A0404']);
    }
  });

  it('hides a menu from the route tree and shows it again', async () => {
    const hide = await call('PATCH', `/api/v1/menus/${goods.id}?visible=0`);
    expect([hide.status, hide.body.code]).toEqual([200, 1]);
    const hiddenShop = (await routesAs(rootToken)).find((n) => n.path === '/shop');
    expect(hiddenShop?.children?.find((c) => c.name === 'Goods')?.meta).toMatchObject({
      hidden: true,
      keepAlive: true,
      params: { tab: 'all' },
    });
    await call('PATCH', `/api/v1/menus/${goods.id}?visible=1`);
    const shown = (await routesAs(rootToken)).find((n) => n.path === '/shop');
    expect(shown?.children?.find((c) => c.name === 'Goods')?.meta.hidden).toBe(false);
    const bad = await call('PATCH', `/api/v1/menus/${goods.id}?visible=2`);
    expect([bad.status, fieldsOf(bad.body)]).toEqual([400, ['visible']]);
  });

  it('deletes a menu with everything beneath it, and their role grants', async () => {
    const [role] = await ctx.database.db
      .insert(roles)
      .values({ name: 'Shop', code: 'SHOP' })
      .returning({ id: roles.id });
    await ctx.database.db.insert(roleMenus).values({ roleId: role?.id ?? 0, menuId: Number(goodsAdd.id) });
    const before = await countMenus();
    const res = await call('DELETE', `/api/v1/menus/${shop.id}`);
    expect([res.status, res.body.code]).toEqual([200, 1]);
    // shop, goods, its button, help and the nested catalog.
    expect(await countMenus()).toBe(before - 5);
    const tree = ZMenuTree.parse((await call('GET', '/api/v1/menus')).body.data);
    for (const menu of [shop, goods, goodsAdd, help]) expect(findIn(tree, menu.id)).toBeUndefined();
    expect(
      await ctx.database.db
        .select()
        .from(roleMenus)
        .where(eq(roleMenus.roleId, role?.id ?? 0)),
    ).toEqual([]);
    expect((await call('GET', `/api/v1/menus/${goodsAdd.id}/form`)).status).toBe(404);
  });

  it('refuses to add a menu to a user who may only read them (403 A0301)', async () => {
    const [viewer] = await ctx.database.db
      .insert(roles)
      .values({ name: 'Menu viewer', code: 'MENU_VIEWER' })
      .returning({ id: roles.id });
    const [button] = await ctx.database.db
      .insert(menus)
      .values({
        name: 'Query menus',
        type: MENU_TYPE_CODES.BUTTON,
        parentId: ids.user ?? 0,
        perm: 'sys:menu:query',
      })
      .returning({ id: menus.id });
    await ctx.database.db.insert(roleMenus).values({ roleId: viewer?.id ?? 0, menuId: button?.id ?? 0 });
    const userId = await createUser(ctx.database.db, { username: 'menu-viewer', password: 'viewer-pass-1' });
    await ctx.database.db.insert(userRoles).values({ userId, roleId: viewer?.id ?? 0 });
    const token = await tokenFor('menu-viewer', 'viewer-pass-1');

    expect((await call('GET', '/api/v1/menus', undefined, token)).status).toBe(200);
    const before = await countMenus();
    const res = await call('POST', '/api/v1/menus', { name: 'x', type: 'CATALOG', routePath: '/x' }, token);
    expect([res.status, res.body.code]).toEqual([403, 'A0301']);
    expect(await countMenus()).toBe(before);
  });
});
