import type { TStorefrontPage, TStorefrontProductPage } from '@linkstore/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, testConfig, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';
import { categories, products } from '../catalog/catalog.table';
import { shopProducts, shops } from '../shops/shops.table';

/**
 * The storefront's answer cache stays honest (decision 0029): what a creator or an operator
 * saves reaches buyers within STOREFRONT_CACHE_MS, on every API process — here two apps on one
 * database, each with its own cache, like two processes.
 */
const CACHE_MS = 400;
/** What the test allows on top of the cache time for a loaded machine to answer. */
const SLACK_MS = 1600;

let ctx: TestContext;
let second: FastifyInstance;
/** A third process with the default 5 s: long enough to see the cache hold on a busy machine. */
let longCache: FastifyInstance;
let shopId = 0;
let productId = 0;

const productsUrl = '/api/v1/public/shops/fresh-shop/products?pageNum=1&pageSize=24';
const pageUrl = '/api/v1/public/shops/fresh-shop/page';

beforeAll(async () => {
  const env = { CAPTCHA_ENABLED: 'false', STOREFRONT_CACHE_MS: String(CACHE_MS) };
  ctx = await createTestApp({ env });
  second = await buildApp({ config: testConfig(env), database: ctx.database, logger: false });
  await second.ready();
  longCache = await buildApp({
    config: testConfig({ ...env, STOREFRONT_CACHE_MS: '5000' }),
    database: ctx.database,
    logger: false,
  });
  await longCache.ready();
  const db = ctx.database.db;
  const owner = await createUser(db, { username: 'fresh-owner', password: 'Fresh-pw-1' });
  const [parent] = await db.insert(categories).values({ parentId: 0, name: 'Fresh' }).returning();
  const [child] = await db
    .insert(categories)
    .values({ parentId: parent?.id ?? 0, name: 'Fresh child' })
    .returning();
  const [product] = await db
    .insert(products)
    .values({ categoryId: child?.id ?? 0, title: 'Fresh product', platformPriceCents: 1000, stock: 5 })
    .returning();
  productId = product?.id ?? 0;
  const [shop] = await db
    .insert(shops)
    .values({
      ownerUserId: owner,
      slug: 'fresh-shop',
      name: 'Before',
      paypalEmail: 'fresh@example.com',
      defaultPercentage: 150,
      rounding: 'none',
    })
    .returning();
  shopId = shop?.id ?? 0;
});

afterAll(async () => {
  await longCache.close();
  await second.close();
  await ctx.close();
});

/** Asks both apps until `seen` holds for each; the milliseconds it took (throws past the bound). */
async function untilBoth(url: string, seen: (status: number, body: string) => boolean): Promise<number> {
  const started = Date.now();
  const pending = new Set<FastifyInstance>([ctx.app, second]);
  while (pending.size > 0) {
    for (const app of [...pending]) {
      const res = await app.inject({ method: 'GET', url });
      if (seen(res.statusCode, res.body)) pending.delete(app);
    }
    if (Date.now() - started > CACHE_MS + SLACK_MS) {
      throw new Error(
        `${url}: the change did not reach ${pending.size} app(s) within ${CACHE_MS + SLACK_MS} ms`,
      );
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

const cardOf = (body: string) =>
  (JSON.parse(body) as { data: TStorefrontProductPage }).data.list.find((p) => p.id === String(productId));

describe('storefront answer cache', () => {
  it('answers from the cache within its time: same bytes and ETag; a browser that has them gets 304', async () => {
    const first = await longCache.inject({ method: 'GET', url: productsUrl });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    // The row changes in the database, but within the cache time the stored answer is sent.
    await ctx.database.db
      .update(products)
      .set({ title: 'Renamed product' })
      .where(eq(products.id, productId));
    const again = await longCache.inject({ method: 'GET', url: productsUrl });
    expect(again.body).toBe(first.body);
    const revalidated = await longCache.inject({
      method: 'GET',
      url: productsUrl,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // Another language is another answer.
    const es = await longCache.inject({ method: 'GET', url: productsUrl, headers: { lang: 'es' } });
    expect(es.statusCode).toBe(200);
    expect(JSON.parse(es.body).msg).not.toBe(JSON.parse(first.body).msg);
  });

  it('a price saved reaches buyers on both processes within the cache time', async () => {
    await untilBoth(productsUrl, (status, body) => status === 200 && cardOf(body) !== undefined);
    await ctx.database.db.insert(shopProducts).values({ shopId, productId, overridePriceCents: 4321 });
    const ms = await untilBoth(productsUrl, (_s, body) => cardOf(body)?.priceCents === 4321);
    expect(ms).toBeLessThanOrEqual(CACHE_MS + SLACK_MS);
  });

  it('a product hidden leaves the list within the cache time', async () => {
    await ctx.database.db
      .update(shopProducts)
      .set({ visible: 0 })
      .where(and(eq(shopProducts.shopId, shopId), eq(shopProducts.productId, productId)));
    await untilBoth(productsUrl, (status, body) => status === 200 && cardOf(body) === undefined);
    await untilBoth(`/api/v1/public/shops/fresh-shop/products/${productId}`, (status) => status === 404);
  });

  it('a shop renamed, then suspended, shows so within the cache time', async () => {
    await ctx.database.db.update(shops).set({ name: 'After' }).where(eq(shops.id, shopId));
    await untilBoth(
      pageUrl,
      (status, body) =>
        status === 200 && (JSON.parse(body) as { data: TStorefrontPage }).data.shop.name === 'After',
    );
    await ctx.database.db
      .update(shops)
      .set({ suspendedReason: 'fraud', suspendedAt: new Date() })
      .where(eq(shops.id, shopId));
    await untilBoth(pageUrl, (status) => status === 409);
    await untilBoth(productsUrl, (status) => status === 409);
  });
});
