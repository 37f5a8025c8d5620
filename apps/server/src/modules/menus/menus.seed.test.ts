import * as contract from '@linkstore/contract';
import { ErrorCode, ZEnvelope, ZRouteTree } from '@linkstore/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_TYPE_CODES, menus, roleMenus, roles, userRoles } from '../../platform/auth/access.tables';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { seedMenus, seedPermissions } from './menus.seed';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
});
afterAll(() => ctx.close());

/** Every registered route that demands a permission, with the permissions any one of which lets a caller in. */
function guardedRoutes() {
  return ctx.app.routeRegistry
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
    .flatMap((r) => {
      const access = r.config?.access as { permission?: string | readonly string[] | null } | undefined;
      if (!access?.permission) return [];
      const perms = typeof access.permission === 'string' ? [access.permission] : [...access.permission];
      return [{ method: String(r.method), url: r.url, perms }];
    });
}

const probeUrl = (url: string) => url.replace(/:[A-Za-z]+/g, '999999');

describe('built-in menu tree', () => {
  it('gives the seeded admin the System catalog with every page, the dictionary items page hidden', async () => {
    const token = await accessTokenFor(ctx.app, 'admin');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/menus/routes',
      headers: { authorization: `Bearer ${token}` },
    });
    const tree = ZEnvelope(ZRouteTree).parse(res.json()).data;
    const system = tree.find((node) => node.path === '/system');
    expect(system?.component).toBe('Layout');
    expect(system?.children?.map((c) => [c.path, c.component, c.meta.hidden])).toEqual([
      ['user', 'system/user/index', false],
      ['role', 'system/role/index', false],
      ['menu', 'system/menu/index', false],
      ['dept', 'system/dept/index', false],
      ['dict', 'system/dict/index', false],
      ['dict-data', 'system/dict/data', true],
      ['config', 'system/config/index', false],
      ['country', 'system/country/index', false],
      ['info-pages', 'system/info-pages/index', false],
      ['log', 'system/log/index', false],
      ['notice', 'system/notice/index', false],
      ['job', 'system/job/index', false],
    ]);
  });

  it('gives the seeded admin the Commerce catalog with its pages and their buttons', async () => {
    const token = await accessTokenFor(ctx.app, 'admin');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/menus/routes',
      headers: { authorization: `Bearer ${token}` },
    });
    const tree = ZEnvelope(ZRouteTree).parse(res.json()).data;
    const commerce = tree.find((node) => node.path === '/commerce');
    expect(tree.map((node) => node.path).indexOf('/commerce')).toBeGreaterThan(
      tree.map((node) => node.path).indexOf('/catalog'),
    );
    expect(commerce?.children?.map((c) => [c.path, c.name, c.component])).toEqual([
      ['payouts', 'Payouts', 'commerce/payouts/index'],
      ['orders', 'Orders', 'commerce/orders/index'],
      ['creators', 'Creators', 'commerce/creators/index'],
      ['reconciliation', 'Reconciliation', 'commerce/reconciliation/index'],
      ['shipping', 'Shipping', 'commerce/shipping/index'],
      ['cases', 'Cases', 'commerce/cases/index'],
      ['tax', 'TaxRate', 'commerce/taxes/index'],
      ['tax-report', 'TaxReport', 'commerce/tax-report/index'],
    ]);
    expect(seedPermissions()).toEqual(
      expect.arrayContaining(['sys:payout:query', 'sys:payout:hold', 'sys:order:query', 'sys:order:ship']),
    );
  });

  it('nests the Demos tree three levels deep, with one view behind two menus told apart by their query', async () => {
    const token = await accessTokenFor(ctx.app, 'admin');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/menus/routes',
      headers: { authorization: `Bearer ${token}` },
    });
    const tree = ZEnvelope(ZRouteTree).parse(res.json()).data;
    const demo = tree.find((node) => node.path === '/demo');
    expect(demo?.meta.alwaysShow).toBe(true);
    const multi = demo?.children?.find((c) => c.path === 'multi-level');
    const level2 = multi?.children?.[0]?.children?.[0];
    expect(level2?.component).toBe('demo/multi-level/level2');
    expect(level2?.children?.map((c) => [c.path, c.component, c.meta.keepAlive])).toEqual([
      ['level3-1', 'demo/multi-level/level3', true],
      ['level3-2', 'demo/multi-level/level3', true],
    ]);
    const params = demo?.children?.find((c) => c.path === 'route-param')?.children;
    expect(params?.map((c) => [c.component, c.meta.params])).toEqual([
      ['demo/route-param/index', { type: '1' }],
      ['demo/route-param/index', { type: '2' }],
    ]);
    const dev = tree.find((node) => node.path === '/dev');
    expect(dev?.children?.map((c) => c.component)).toEqual(['codegen/index', 'dev/api-docs/index']);
  });

  it('seeds a button for every permission a route demands, so each can be granted', () => {
    const seeded = new Set(seedPermissions());
    const missing = [...new Set(guardedRoutes().flatMap((r) => r.perms))].filter((p) => !seeded.has(p));
    expect(missing).toEqual([]);
  });

  it('is idempotent, and puts back a deleted built-in button granted to ADMIN', async () => {
    const db = ctx.database.db;
    expect(await seedMenus(db)).toBe(0);
    await db
      .delete(menus)
      .where(and(eq(menus.type, MENU_TYPE_CODES.BUTTON), eq(menus.perm, 'sys:config:refresh')));
    expect(await seedMenus(db)).toBe(1);
    const [admin] = await db.select().from(roles).where(eq(roles.code, 'ADMIN'));
    const granted = await db
      .select({ perm: menus.perm })
      .from(roleMenus)
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(and(eq(roleMenus.roleId, admin?.id ?? 0), eq(menus.perm, 'sys:config:refresh')));
    expect(granted).toHaveLength(1);
  });
});

describe('permission matrix', () => {
  describe('refuses every guarded endpoint to a role holding every permission but its own, and lets the holder through', () => {
    // (For a route that takes any of several permissions, "its own" is all of them.) One case per
    // permission set the contract names, so each has its own time; the sets are read from the
    // contract here and matched against the routes the server registered.
    const sets = [
      ...new Set(
        (Object.values(contract) as unknown[])
          .filter((group): group is object => typeof group === 'object' && group !== null)
          .flatMap((group): unknown[] => Object.values(group))
          .flatMap((def: unknown) => {
            const access = (def as { access?: { permission?: string | readonly string[] | null } } | null)
              ?.access;
            if (!access?.permission || !('method' in (def as object))) return [];
            const perms =
              typeof access.permission === 'string' ? [access.permission] : [...access.permission];
            return [[...perms].sort().join(' ')];
          }),
      ),
    ].sort();
    let roleId = 0;
    let token = '';
    let allMenus: { id: number; perm: string | null }[] = [];

    beforeAll(async () => {
      const db = ctx.database.db;
      const [role] = await db
        .insert(roles)
        .values({ name: 'Almost everything', code: 'ALMOST', sort: 9, dataScope: 0 })
        .returning();
      roleId = role?.id ?? 0;
      const userId = await createUser(db, { username: 'almost', password: 'almost-pass-1' });
      await db.insert(userRoles).values({ userId, roleId });
      allMenus = await db.select({ id: menus.id, perm: menus.perm }).from(menus);
      await db.insert(roleMenus).values(allMenus.map((m) => ({ roleId, menuId: m.id })));
      token = await accessTokenFor(ctx.app, 'almost', 'almost-pass-1');
    });

    const call = (route: { method: string; url: string }) =>
      ctx.app.inject({
        method: route.method as 'GET',
        url: probeUrl(route.url),
        payload: {},
        headers: { authorization: `Bearer ${token}` },
      });

    it('covers every guarded route the server registered', () => {
      const registered = new Set(guardedRoutes().map((route) => [...route.perms].sort().join(' ')));
      expect([...registered].filter((key) => !sets.includes(key))).toEqual([]);
      expect(sets.length).toBeGreaterThan(10);
    });

    it.each(sets)('%s', async (key) => {
      const db = ctx.database.db;
      const routes = guardedRoutes().filter((route) => [...route.perms].sort().join(' ') === key);
      expect(routes.length).toBeGreaterThan(0);
      const perms = key.split(' ');
      const ids = allMenus.filter((m) => m.perm !== null && perms.includes(m.perm)).map((m) => m.id);
      await db.delete(roleMenus).where(and(eq(roleMenus.roleId, roleId), inArray(roleMenus.menuId, ids)));
      for (const route of routes) {
        const res = await call(route);
        expect({
          route: `${route.method} ${route.url}`,
          status: res.statusCode,
          code: res.json().code,
        }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 403,
          code: ErrorCode.FORBIDDEN,
        });
      }
      await db.insert(roleMenus).values(ids.map((menuId) => ({ roleId, menuId })));
      for (const route of routes) {
        const res = await call(route);
        expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).not.toEqual({
          route: `${route.method} ${route.url}`,
          status: 403,
        });
      }
    });
  });
});
