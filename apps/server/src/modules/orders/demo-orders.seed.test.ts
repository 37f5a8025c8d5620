import { insertSimpleProducts } from '../catalog/catalog.api';
import { priceProduct, type TCreatorOrderPage, type TEarningsSummary } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { STOCK_SHORT_FLAG } from './checkout.repository';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVariedProduct } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { categories, reviews } from '../catalog/catalog.table';
import { ledgerEntries } from '../earnings/earnings.table';
import { shopCategoryPrices, shopProducts, shops } from '../shops/shops.table';
import { DEMO_REVIEW_BODIES } from './demo-orders.seed-data';
import { planDemoOrders, seedDemoOrders, type DemoProduct } from './demo-orders.seed';
import { orderItems, orders } from './orders.table';

let ctx: TestContext;
let token = '';
let inserted = 0;
const EMAIL = 'demo-orders@example.com';
const PASSWORD = 'Demo-orders-pw-1';
const NOW = new Date('2026-11-22T12:00:00Z');
const DAY_MS = 86_400_000;
/** What each product sells for in the shop, by the rules set up below. */
const expectedSelling = new Map<number, number>();
let hiddenId = 0;
let teeId = 0;

/** A small deterministic generator (the seed itself is given the catalogue's). */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

async function addProduct(categoryId: number, cost: number): Promise<number> {
  const [row] = await insertSimpleProducts(ctx.database.db, [
    { categoryId, title: `Demo ${cost}`, description: '', platformPriceMinor: cost, stock: 9 },
  ]);
  return row?.id ?? 0;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  const userId = await createUser(db, { email: EMAIL, password: PASSWORD });
  token = await accessTokenFor(ctx.app, EMAIL, PASSWORD);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shop',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Demo picks', slug: 'demo-orders' },
  });
  const [shop] = await db
    .update(shops)
    .set({ defaultPercentage: 200, rounding: '99' })
    .where(eq(shops.ownerUserId, userId))
    .returning({ id: shops.id });
  const shopId = shop?.id ?? 0;
  const [parent] = await db.insert(categories).values({ parentId: 0, name: 'Home' }).returning();
  const [child] = await db
    .insert(categories)
    .values({ parentId: parent?.id ?? 0, name: 'Mugs' })
    .returning();
  const [other] = await db
    .insert(categories)
    .values({ parentId: parent?.id ?? 0, name: 'Lamps' })
    .returning();
  const mugs = [await addProduct(child?.id ?? 0, 500), await addProduct(child?.id ?? 0, 1234)];
  const lamps = [await addProduct(other?.id ?? 0, 2000), await addProduct(other?.id ?? 0, 999)];
  hiddenId = await addProduct(other?.id ?? 0, 700);
  // A tee in sizes: sold as its first size, which its demo order lines name.
  const tee = await addVariedProduct(db, {
    categoryId: other?.id ?? 0,
    title: 'Demo tee',
    options: [{ name: 'Size', values: [{ value: 'XS' }, { value: 'S' }] }],
    variants: [
      { values: ['XS'], sku: 'DEMO-TEE-XS', costMinor: 800, stock: 9 },
      { values: ['S'], sku: 'DEMO-TEE-S', costMinor: 800, stock: 9 },
    ],
  });
  teeId = tee.id;
  await db.insert(shopCategoryPrices).values({ shopId, categoryId: child?.id ?? 0, percentage: 150 });
  await db.insert(shopProducts).values([
    { shopId, productId: lamps[0] ?? 0, overridePriceMinor: 4500 },
    { shopId, productId: hiddenId, visible: 0 },
  ]);
  const rules = { defaultPercentage: 200, rounding: '99' as const };
  for (const [id, cost] of [
    [mugs[0], 500],
    [mugs[1], 1234],
  ] as const) {
    expectedSelling.set(id ?? 0, priceProduct(cost, { ...rules, secondLevelPercentage: 150 }).sellingMinor);
  }
  expectedSelling.set(lamps[0] ?? 0, 4500);
  expectedSelling.set(lamps[1] ?? 0, priceProduct(999, rules).sellingMinor);
  expectedSelling.set(teeId, priceProduct(800, rules).sellingMinor);
  inserted = await seedDemoOrders(db, { ownerEmail: EMAIL, random: lcg(7), now: NOW });
});

afterAll(async () => {
  await ctx.close();
});

describe('the demo orders', () => {
  it('plans the same orders from the same seed', () => {
    const pool: DemoProduct[] = [
      {
        id: 1,
        variantId: 11,
        sku: 'LS-1',
        variantLabel: '',
        title: 'A',
        imageUrl: null,
        costMinor: 100,
        sellingMinor: 199,
        profitMinor: 99,
      },
      {
        id: 2,
        variantId: 12,
        sku: 'LS-2',
        variantLabel: '',
        title: 'B',
        imageUrl: null,
        costMinor: 300,
        sellingMinor: 599,
        profitMinor: 299,
      },
    ];
    const plan = (seed: number) =>
      planDemoOrders(lcg(seed), pool, NOW).map((o) => [o.orderNo, o.status, o.createdAt, o.lines]);
    expect(plan(3)).toEqual(plan(3));
    expect(plan(3)).not.toEqual(plan(4));
    expect(planDemoOrders(lcg(3), [], NOW)).toEqual([]);
  });

  it('puts a dozen orders in every status over the last 30 days, priced by the shop’s rules', async () => {
    expect(inserted).toBe(12);
    const rows = await ctx.database.db.select().from(orders);
    const byStatus = [0, 1, 2].map((status) => rows.filter((o) => o.status === status).length);
    expect(byStatus).toEqual([3, 5, 4]);
    for (const order of rows) {
      expect(order.orderNo).toMatch(/^LS\d{6}-[A-Z2-7]{8}$/);
      expect(order.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 31 * DAY_MS);
      expect(order.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(order.paidAt !== null).toBe(order.status > 0);
      expect(order.completedAt !== null).toBe(order.status === 2);
    }
    // The newest paid order waits in the console's flagged queue, as payments flag a short stock.
    const flagged = rows.filter((o) => o.flag !== null);
    const newestPaid = rows.filter((o) => o.status === 1).sort((a, b) => +b.createdAt - +a.createdAt)[0];
    expect(flagged).toEqual([
      expect.objectContaining({
        id: newestPaid?.id,
        flag: STOCK_SHORT_FLAG,
        flagReason: 'stock_short',
        flaggedAt: newestPaid?.paidAt,
        flagResolvedAt: null,
      }),
    ]);
    const items = await ctx.database.db.select().from(orderItems);
    expect(items.length).toBeGreaterThanOrEqual(12);
    for (const item of items) {
      expect(item.productId).not.toBe(hiddenId);
      expect(item.sellingPriceMinor).toBe(expectedSelling.get(item.productId));
    }
  });

  it('names the variant each line was sold as: the tee’s first size, nothing for a product without options', async () => {
    const lines = await ctx.database.db
      .select({ productId: orderItems.productId, sku: orderItems.sku, label: orderItems.variantLabel })
      .from(orderItems);
    const tees = lines.filter((line) => line.productId === teeId);
    expect(tees.length).toBeGreaterThan(0);
    expect(new Set(tees.map((line) => `${line.sku} ${line.label}`))).toEqual(new Set(['DEMO-TEE-XS XS']));
    expect(lines.filter((line) => line.productId !== teeId).every((line) => line.label === '')).toBe(true);
  });

  it('credits the profit of every paid and completed order once, and nothing else', async () => {
    const paid = (await ctx.database.db.select().from(orders)).filter((o) => o.status > 0);
    const sales = await ctx.database.db.select().from(ledgerEntries);
    expect(sales.map((s) => s.orderId).sort()).toEqual(paid.map((o) => o.id).sort());
    expect(sales.every((s) => s.kind === 'sale')).toBe(true);
    const profit = paid.reduce((sum, o) => sum + o.profitMinor, 0);
    const summary = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/earnings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(summary.json<{ data: TEarningsSummary }>().data.totalEarnedMinor).toBe(profit);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/orders?status=1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json<{ data: TCreatorOrderPage }>().data.total).toBe(5);
  });

  it('has verified reviews from buyers of completed orders, in their language', async () => {
    const rows = await ctx.database.db
      .select({ review: reviews, item: orderItems, order: orders })
      .from(reviews)
      .innerJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId));
    expect(rows).toHaveLength(3);
    expect(await ctx.database.db.$count(reviews)).toBe(3);
    for (const { review, item, order } of rows) {
      expect(order.status).toBe(2);
      expect(review).toMatchObject({ productId: item.productId, status: 1, language: order.language });
      expect(DEMO_REVIEW_BODIES[order.language as 'en']).toContain(review.body);
      expect(review.rating).toBeGreaterThanOrEqual(4);
    }
  });

  it('inserts nothing while the shop has orders, nor for an unknown creator', async () => {
    expect(await seedDemoOrders(ctx.database.db, { ownerEmail: EMAIL, random: lcg(7), now: NOW })).toBe(0);
    expect(await seedDemoOrders(ctx.database.db, { ownerEmail: 'nobody@example.com', random: lcg(7) })).toBe(
      0,
    );
    expect(await ctx.database.db.$count(orders)).toBe(12);
  });
});
