import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, testConfig, type TestContext } from '../../test/helper';
import { payoutsKit, type Creator } from '../../test/payouts-kit';
import { users } from '../auth/auth.tables';
import { withTransaction } from '../db/transaction';

/**
 * Signed-in callers' checked sessions and own reads are kept per process and forgotten when the
 * database reports a change to them (decision 0031) — here two apps on one database, each with
 * its own caches and feed, like two processes.
 */
const FEED_BOUND_MS = 1000;

let ctx: TestContext;
let second: FastifyInstance;
const kit = payoutsKit(() => ctx, 'private-answers');

beforeAll(async () => {
  const env = { CAPTCHA_ENABLED: 'false', PRIVATE_CACHE_MS: '5000' };
  ctx = await createTestApp({ env });
  second = await buildApp({ config: testConfig(env), database: ctx.database, logger: false });
  await second.ready();
});

afterAll(async () => {
  await second.close();
  await ctx.close();
});

const get = (app: FastifyInstance, who: Creator, url: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });

/** Asks `url` on both apps until `seen` holds on each; throws past FEED_BOUND_MS. */
async function untilBoth(who: Creator, url: string, seen: (status: number, body: string) => boolean) {
  const started = Date.now();
  const pending = new Set([ctx.app, second]);
  while (pending.size > 0) {
    for (const app of [...pending]) {
      const res = await get(app, who, url);
      if (seen(res.statusCode, res.body)) pending.delete(app);
    }
    if (Date.now() - started > FEED_BOUND_MS) {
      throw new Error(`${url}: the change did not reach ${pending.size} app(s) within ${FEED_BOUND_MS} ms`);
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Renames the shop without telling the feed (triggers off in this transaction): only the cache time shows it. */
async function unreportedRename(who: Creator, name: string): Promise<void> {
  await withTransaction(ctx.database.db, async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update shops set name = ${name} where id = ${who.shopId}`);
  });
}

const nameOf = (body: string) => (JSON.parse(body) as { data: { name: string } }).data.name;

describe('private answers', () => {
  it("keeps a creator's read until their rows change, on every process, and never hands it to another caller", async () => {
    const a = await kit.creator('a');
    const b = await kit.creator('b');
    const first = await get(ctx.app, a, '/api/v1/shop');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    await get(second, a, '/api/v1/shop');

    // Not reported: both processes keep answering what they stored.
    await unreportedRename(a, 'Quiet rename');
    for (const app of [ctx.app, second]) expect((await get(app, a, '/api/v1/shop')).body).toBe(first.body);

    // Another caller asks the same URL: their own answer.
    expect(nameOf((await get(ctx.app, b, '/api/v1/shop')).body)).toBe('Shop b');

    // A reported change reaches both at once.
    await ctx.database.db.execute(sql`update shops set name = 'Loud rename' where id = ${a.shopId}`);
    await untilBoth(a, '/api/v1/shop', (status, body) => status === 200 && nameOf(body) === 'Loud rename');

    // A sale (an order and its ledger row) reaches the creator's earnings at once.
    const before = await get(second, a, '/api/v1/earnings');
    await kit.sale(a, 500);
    await untilBoth(a, '/api/v1/earnings', (status, body) => status === 200 && body !== before.body);
    await kit.expectBalanced(a);
  });

  it("shows a caller's own write on their next read, before the feed's notice", async () => {
    const c = await kit.creator('c');
    expect((await get(ctx.app, c, '/api/v1/shop')).json<{ data: { name: string } }>().data.name).toBe(
      'Shop c',
    );
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/shop',
      headers: { authorization: `Bearer ${c.token}` },
      payload: { name: 'Renamed c' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(ctx.app, c, '/api/v1/shop')).json<{ data: { name: string } }>().data.name).toBe(
      'Renamed c',
    );
  });

  it('refuses an ended sign-in or a disabled user on every process at once', async () => {
    const d = await kit.creator('d');
    for (const app of [ctx.app, second]) expect((await get(app, d, '/api/v1/shop')).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${d.token}` },
    });
    expect(out.statusCode, out.body).toBe(200);
    // The process that ended it knows at once; the other as soon as the feed tells it.
    expect((await get(ctx.app, d, '/api/v1/shop')).statusCode).toBe(401);
    await untilBoth(d, '/api/v1/shop', (status) => status === 401);

    const e = await kit.creator('e');
    for (const app of [ctx.app, second]) expect((await get(app, e, '/api/v1/shop')).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ status: 0 }).where(eq(users.id, e.userId));
    await untilBoth(e, '/api/v1/shop', (status) => status === 401);
  });
});
