import * as contract from '@linkstore/contract';
import {
  API_DOCS_PATH,
  ErrorCode,
  menusRoutes,
  OAUTH_CALLBACK_PATH,
  OAUTH_START_PATH,
  rolesRoutes,
  usersRoutes,
  type TRouteDef,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userRoles } from '../auth/access.tables';
import { createTestApp, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';

/**
 * Routes that are not contract routes and are open on purpose. Anything else under /api must
 * come from the contract with its access declared; a new route that forgets fails here.
 */
const OPEN_BY_DESIGN = new Set(['/api/openapi.json', OAUTH_START_PATH, OAUTH_CALLBACK_PATH]);
/**
 * Swagger UI's page, its local assets and the copy of `/api/openapi.json` it shows (api-docs.ts):
 * open like that document, since they hold nothing it does not; Try it out sends the operator's
 * own token and each route checks its access as always.
 */
const isApiDocs = (url: string) => url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`);

let ctx: TestContext;
let guestToken = '';

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  // A signed-in user whose role grants no permission at all.
  const id = await createUser(ctx.database.db, { username: 'nobody-special', password: 'plain-pass-1' });
  const [guest] = await ctx.database.db.select().from(roles).where(eq(roles.code, 'GUEST'));
  await ctx.database.db.insert(userRoles).values({ userId: id, roleId: guest?.id ?? 0 });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: 'nobody-special', password: 'plain-pass-1' },
  });
  guestToken = (res.json().data as { accessToken: string }).accessToken;
});
afterAll(() => ctx.close());

const apiRoutes = () =>
  ctx.app.routeRegistry
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
    .map((r) => ({ method: String(r.method), url: r.url, access: r.config?.access }));

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

const isRouteDef = (value: unknown): value is TRouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

/** Every route the contract declares (each `defineRoutes` group it exports), by "METHOD path". */
const contractRoutes = new Map(
  (Object.values(contract) as unknown[])
    .filter((group): group is object => typeof group === 'object' && group !== null)
    .flatMap((group) => Object.values(group).filter(isRouteDef))
    .map((def) => [`${def.method} ${def.path}`, def.access] as const),
);
const keyOf = (def: TRouteDef) => `${def.method} ${def.path}`;

describe('route registry', () => {
  it('every API route declares its access, or is open by design', () => {
    const undeclared = apiRoutes().filter(
      (r) => !r.access && !OPEN_BY_DESIGN.has(r.url) && !isApiDocs(r.url),
    );
    expect(undeclared).toEqual([]);
    // …and the docs only read.
    const docsMethods = apiRoutes()
      .filter((r) => isApiDocs(r.url))
      .flatMap((r) => r.method.split(','));
    expect(docsMethods.length).toBeGreaterThan(3);
    expect(docsMethods.filter((method) => method !== 'GET' && method !== 'HEAD')).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(15);
  });

  it('registers every contract route with exactly the access the contract declares', () => {
    expect(contractRoutes.size).toBeGreaterThan(50);
    const registered = new Map(apiRoutes().map((r) => [`${r.method} ${r.url}`, r.access]));
    const wrong = [...contractRoutes]
      .filter(([key, access]) => JSON.stringify(registered.get(key)) !== JSON.stringify(access))
      .map(([key, access]) => ({ key, declared: access, registered: registered.get(key) }));
    expect(wrong).toEqual([]);
  });

  it('every route that needs a sign-in refuses a visitor with 1002', async () => {
    for (const route of apiRoutes().filter((r) => r.access && !('public' in r.access))) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: {},
      });
      expect({
        route: `${route.method} ${route.url}`,
        status: res.statusCode,
        code: res.json().code,
      }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
        code: ErrorCode.ACCESS_TOKEN_INVALID,
      });
    }
  });

  it('every route with a permission refuses a signed-in user without it (A0301)', async () => {
    const guarded = apiRoutes().filter((r) => r.access && 'permission' in r.access && r.access.permission);
    // The walk covers exactly the contract's permission routes, one permission or a list of them…
    const declared = [...contractRoutes]
      .filter(([, access]) => 'permission' in access && access.permission)
      .map(([key]) => key);
    expect(guarded.map((r) => `${r.method} ${r.url}`).sort()).toEqual(declared.sort());
    expect(declared).toEqual(expect.arrayContaining([keyOf(usersRoutes.page), keyOf(rolesRoutes.options)]));
    // …and none of the routes any signed-in caller may use.
    expect(declared).not.toContain(keyOf(menusRoutes.routes));
    for (const route of guarded) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: {},
        headers: { authorization: `Bearer ${guestToken}` },
      });
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
  });
});
