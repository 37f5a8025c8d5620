import { ErrorCode, OAUTH_CALLBACK_PATH, OAUTH_START_PATH } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userRoles } from '../auth/access.tables';
import { createTestApp, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';
import { z } from 'zod';
import { registerRoute } from './routes';

/**
 * Routes that are not contract routes and are open on purpose. Anything else under /api must
 * come from the contract with its access declared; a new route that forgets fails here.
 */
const OPEN_BY_DESIGN = new Set(['/api/openapi.json', OAUTH_START_PATH, OAUTH_CALLBACK_PATH]);

let ctx: TestContext;
let guestToken = '';

beforeAll(async () => {
  ctx = await createTestApp({
    env: { CAPTCHA_ENABLED: 'false' },
    // Until the console's own routes land, a probe keeps the permission matrix from being empty.
    extend: (app) =>
      registerRoute(
        app,
        {
          method: 'POST',
          path: '/api/test/needs-permission',
          summary: 'probe',
          tags: ['test'],
          body: z.object({ n: z.number() }),
          response: z.null(),
          access: { permission: 'sys:test:run' },
        },
        async () => null,
      ),
  });
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

describe('route registry', () => {
  it('every API route declares its access, or is open by design', () => {
    const undeclared = apiRoutes().filter((r) => !r.access && !OPEN_BY_DESIGN.has(r.url));
    expect(undeclared).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(15);
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
    expect(guarded.length).toBeGreaterThan(0);
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
