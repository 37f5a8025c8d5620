import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed, type SeedReport } from '../../seed';
import { createTestApp, type TestContext } from '../../test/helper';
import { TEST_SEED_PASSWORD } from '../../test/test-database';
import { accessTokenFor } from '../../test/users';
import { shopProducts, shopProductStats, shops } from '../shops/shops.table';
import {
  categories,
  platformBanners,
  productImages,
  productVariants,
  products,
  reviews,
} from './catalog.table';
import { composeProducts, seededRandom } from './catalog.seed';

let ctx: TestContext;
let first: SeedReport;
/** The demo creator's address (the shops module's DEMO_EMAIL, which it keeps to itself). */
const DEMO_EMAIL = 'demo@linkstore.local';

/** The one test that pays for the sample catalogue: the shared template database has none. */
beforeAll(async () => {
  ctx = await createTestApp({
    env: { CAPTCHA_ENABLED: 'false', STORAGE_LOCAL_DIR: mkdtempSync(join(tmpdir(), 'linkstore-seed-')) },
  });
  first = await runSeed(ctx.database.db, {
    seedPassword: TEST_SEED_PASSWORD,
    demo: { storage: ctx.app.storage.active },
  });
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

const countOf = async (
  table: typeof categories | typeof products | typeof reviews,
  where?: ReturnType<typeof eq>,
) => (await ctx.database.db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;

describe('the seed catalogue', () => {
  it('is the same on every install and keeps every price whole and positive', () => {
    const a = composeProducts(seededRandom(7));
    expect(composeProducts(seededRandom(7))).toEqual(a);
    expect(a.every((p) => Number.isInteger(p.priceMinor) && p.priceMinor > 0)).toBe(true);
    expect(new Set(a.map((p) => p.title[0])).size).toBe(a.length);
  });

  it('has 10 first-level and 40 second-level categories, translated, each with an icon', async () => {
    expect(await countOf(categories, eq(categories.parentId, 0))).toBe(10);
    expect(await countOf(categories, ne(categories.parentId, 0))).toBe(40);
    const rows = await ctx.database.db.select().from(categories);
    expect(
      rows.every((c) => c.iconUrl?.startsWith('/files/category/') && Object.keys(c.names).length === 4),
    ).toBe(true);
  });

  it('has at least 200 products, each with an image that is stored and served', async () => {
    expect(await countOf(products)).toBeGreaterThanOrEqual(200);
    const withoutImage = await ctx.database.db.$count(
      products,
      sql`not exists (select 1 from ${productImages} where ${productImages.productId} = ${products.id})`,
    );
    expect(withoutImage).toBe(0);
    const [image] = await ctx.database.db.select().from(productImages).limit(1);
    const res = await ctx.app.inject({ method: 'GET', url: image!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('has published, unverified reviews in several languages, and three platform banners', async () => {
    // The catalogue's own reviews: the demo orders' verified ones (orders module) have an order item.
    const rows = await ctx.database.db.select().from(reviews).where(isNull(reviews.orderItemId));
    expect(rows.length).toBeGreaterThan(200);
    expect(rows.every((r) => r.status === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.language)).size).toBe(5);
    expect(new Set(rows.map((r) => r.rating)).size).toBe(5);
    expect(await ctx.database.db.$count(platformBanners)).toBe(3);
  });
});

describe('the demo creator', () => {
  it('signs in with the seed password through the real login and owns the shop `demo`', async () => {
    expect(first.demo).toEqual({ exists: true, created: true });
    expect(first.demoOrders).toBe(12);
    const token = await accessTokenFor(ctx.app, DEMO_EMAIL, TEST_SEED_PASSWORD);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/shop',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ data: { slug: string } }>().data.slug).toBe('demo');
    const pricing = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/pricing/settings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pricing.json<{ data: unknown }>().data).toMatchObject({
      defaultPercentage: 200,
      rounding: '99',
      categories: expect.arrayContaining([
        expect.objectContaining({ percentage: 150 }),
        expect.objectContaining({ percentage: 180 }),
      ]) as unknown,
    });
  });

  it('has a public shop with two banners, rules, overrides at or above cost and plausible stats', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/public/shops/demo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { banners: unknown[] } }>().data.banners).toHaveLength(2);
    const db = ctx.database.db;
    const [shop] = await db.select().from(shops).where(eq(shops.slug, 'demo'));
    expect(shop).toMatchObject({ defaultPercentage: 200, rounding: '99' });
    expect(shop?.pricesSavedAt).not.toBeNull();
    const overrides = await db
      .select({ override: shopProducts.overridePriceMinor, cost: productVariants.platformPriceMinor })
      .from(shopProducts)
      .innerJoin(productVariants, eq(productVariants.productId, shopProducts.productId))
      .where(and(eq(shopProducts.shopId, shop!.id), gt(shopProducts.overridePriceMinor, 0)));
    expect(overrides).toHaveLength(3);
    expect(overrides.every((o) => o.override! >= o.cost)).toBe(true);
    expect(await db.$count(shopProducts, eq(shopProducts.visible, 0))).toBeGreaterThan(0);
    const stats = await db.select().from(shopProductStats);
    expect(stats.length).toBeGreaterThan(10);
    expect(stats.every((s) => s.views >= s.clicks)).toBe(true);
  });
});

describe('running the seed again', () => {
  it('inserts nothing', async () => {
    const again = await runSeed(ctx.database.db, {
      seedPassword: TEST_SEED_PASSWORD,
      demo: { storage: ctx.app.storage.active },
    });
    expect(again.catalogue).toEqual({ categories: 0, products: 0, images: 0, reviews: 0, banners: 0 });
    expect(again.demo).toEqual({ exists: true, created: false });
    expect(again.demoOrders).toBe(0);
    expect(await countOf(categories)).toBe(50);
  });
});
