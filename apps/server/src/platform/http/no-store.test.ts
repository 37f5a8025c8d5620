import { PUBLIC_CACHE_CONTROL } from './answer-cache';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';

/** Signed-in answers are never stored; public answers keep the caching they chose. */
let ctx: TestContext;
let token = '';

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const ownerUserId = await createUser(ctx.database.db, { username: 'ns-owner', password: 'plain-pass-1' });
  // A shop row as SQL: platform code does not import a module's tables.
  await ctx.database.db.execute(
    sql`insert into shops (owner_user_id, slug, name, default_percentage) values (${ownerUserId}, 'ns-shop', 'NS', 150)`,
  );
  token = await accessTokenFor(ctx.app, 'root');
});
afterAll(() => ctx.close());

const get = (url: string, signedIn: boolean) =>
  ctx.app.inject({ url, headers: signedIn ? { authorization: `Bearer ${token}` } : {} });

describe('Cache-Control: no-store', () => {
  it('is on every answer of a signed-in request, its errors included', async () => {
    for (const url of [
      '/api/v1/users/me',
      '/api/v1/roles/page',
      '/api/v1/roles/999999/form',
      '/api/v1/countries',
    ]) {
      const res = await get(url, true);
      expect(res.headers['cache-control'], `${url} (${res.statusCode})`).toBe('no-store');
    }
  });

  it('is on the refusal of a signed-in route to a visitor', async () => {
    const res = await get('/api/v1/users/me', false);
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not on public answers, which keep the caching they chose', async () => {
    const page = await get('/s/ns-shop', false);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(page.headers.etag).toBeDefined();
    for (const url of ['/api/v1/countries', '/api/v1/public/shops/ns-shop', '/api/health']) {
      const res = await get(url, false);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
  });
});
