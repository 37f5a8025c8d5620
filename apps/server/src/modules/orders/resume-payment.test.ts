import { ErrorCode, type TCheckoutAnswer, type TResumeRefusal } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductOnSale } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';
import { productVariants } from '../catalog/catalog.table';
import { shops } from '../shops/shops.table';
import { releaseExpired } from './checkout.repository';
import { orders } from './orders.table';
import { RESUME_HOLD_MS, RESUME_MAX_AGE_MS } from './resume-payment';

let ctx: TestContext;
let address = 0;
let sequence = 0;
const products = { mug: 0, cap: 0 };
const db = () => ctx.database.db;
const MINUTE = 60_000;

const nextIp = () => `10.36.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const post = (url: string, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/public${url}`,
    remoteAddress: nextIp(),
    ...(payload ? { payload } : {}),
  });

/** An unpaid order of a mug and a cap, placed through the public checkout. */
async function placed(): Promise<TCheckoutAnswer & { id: number; token: string }> {
  const res = await post('/checkout', {
    shop: 'rs-shop',
    email: `rs-buyer-${++sequence}@example.com`,
    address: { name: 'Ana', line1: '1 Main St', city: 'Lisbon', postalCode: '1000-001', countryCode: 'PT' },
    items: [
      { productId: String(products.mug), quantity: 2 },
      { productId: String(products.cap), quantity: 1 },
    ],
    language: 'fr',
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<{ data: TCheckoutAnswer }>().data;
  const [order] = await db().select().from(orders).where(eq(orders.orderNo, answer.orderNo));
  const id = order?.id ?? 0;
  return { ...answer, id, token: ctx.app.orderLinks.links.sign(id) };
}

const resume = (token: string) => post(`/orders/by-link/${token}/resume`);
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const stockOf = async (productId: number) =>
  (await db().select().from(productVariants).where(eq(productVariants.productId, productId)))[0]?.stock ?? -1;
const setStock = (productId: number, stock: number) =>
  db().update(productVariants).set({ stock }).where(eq(productVariants.productId, productId));

/** The sweep's release of an order whose hold ran out: its stock goes back. */
async function holdRunsOut(id: number): Promise<void> {
  await db()
    .update(orders)
    .set({ reservedUntil: new Date(Date.now() - MINUTE) })
    .where(eq(orders.id, id));
  await releaseExpired(db());
  expect((await orderRow(id))?.reservedUntil).toBeNull();
}

async function payThrough(answer: TCheckoutAnswer) {
  const token = new URL(answer.approveUrl, 'http://x').searchParams.get('token') ?? '';
  expect((await post(`/sandbox/orders/${token}/approve`, {})).statusCode).toBe(200);
  const captured = await post('/checkout/capture', { orderNo: answer.orderNo, token });
  expect(captured.statusCode, captured.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const ownerUserId = await createUser(db(), { username: 'rs-owner' });
  await db()
    .insert(shops)
    .values({ ownerUserId, slug: 'rs-shop', name: 'Resume Shop', defaultPercentage: 150 });
  products.mug = await addProductOnSale(db(), {
    category: 'Rs mugs',
    title: 'Mug',
    costMinor: 900,
    stock: 50,
  });
  products.cap = await addProductOnSale(db(), {
    category: 'Rs caps',
    title: 'Cap',
    costMinor: 700,
    stock: 50,
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('resuming payment from the order page', () => {
  it('renews a hold that still lasts and answers what the checkout answered', async () => {
    const order = await placed();
    const before = (await orderRow(order.id))?.reservedUntil?.getTime() ?? 0;
    const stock = await stockOf(products.mug);
    const started = Date.now();
    const res = await resume(order.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TCheckoutAnswer }>().data).toEqual({
      orderNo: order.orderNo,
      totalMinor: order.totalMinor,
      currencyCode: order.currencyCode,
      approveUrl: order.approveUrl,
    });
    const renewed = (await orderRow(order.id))?.reservedUntil?.getTime() ?? 0;
    expect(renewed).toBeGreaterThanOrEqual(started + RESUME_HOLD_MS - 1000);
    expect(renewed).toBeGreaterThanOrEqual(before);
    // Nothing taken twice.
    expect(await stockOf(products.mug)).toBe(stock);
  });

  it('takes the stock again once the sweep gave it back, and the payment then goes through unflagged', async () => {
    const order = await placed();
    await holdRunsOut(order.id);
    const mugs = await stockOf(products.mug);
    const caps = await stockOf(products.cap);
    const res = await resume(order.token);
    expect(res.statusCode, res.body).toBe(200);
    expect([await stockOf(products.mug), await stockOf(products.cap)]).toEqual([mugs - 2, caps - 1]);
    expect((await orderRow(order.id))?.reservedUntil?.getTime()).toBeGreaterThan(Date.now());
    // The sweep leaves the renewed hold alone.
    await releaseExpired(db());
    expect(await stockOf(products.mug)).toBe(mugs - 2);

    await payThrough(res.json<{ data: TCheckoutAnswer }>().data);
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ status: 1, flag: null, reservedUntil: null });
    expect(await stockOf(products.mug)).toBe(mugs - 2);
  });

  it('refuses when the stock is gone, takes none of it, and links the products instead', async () => {
    const order = await placed();
    await holdRunsOut(order.id);
    const caps = await stockOf(products.cap);
    const mugs = await stockOf(products.mug);
    await setStock(products.mug, 1);
    try {
      const res = await post(`/orders/by-link/${order.token}/resume`);
      expect(res.statusCode, res.body).toBe(409);
      const body = res.json<{ code: string; msg: string; data: TResumeRefusal }>();
      expect(body.code).toBe(ErrorCode.ORDER_NOT_RESUMABLE);
      expect(body.msg).toMatch(/no longer in stock/);
      expect(body.data.reason).toBe('stock');
      expect(body.data.products).toEqual([
        {
          productId: String(products.mug),
          title: 'Mug',
          url: expect.stringMatching(/\/s\/rs-shop\/p\/\d+\?lang=fr$/),
        },
        {
          productId: String(products.cap),
          title: 'Cap',
          url: expect.stringMatching(/\/s\/rs-shop\/p\/\d+\?lang=fr$/),
        },
      ]);
      expect(body.data.products[0]?.url).toContain(`/p/${products.mug}?`);
      // All or nothing: the cap that was there is not taken either.
      expect(await stockOf(products.cap)).toBe(caps);
      expect(await stockOf(products.mug)).toBe(1);
      expect((await orderRow(order.id))?.reservedUntil).toBeNull();
    } finally {
      await setStock(products.mug, mugs);
    }
  });

  it('refuses a paid order, an order too old, a tampered link and a creator’s own purchase', async () => {
    const paid = await placed();
    await payThrough(paid);
    const paidRes = await resume(paid.token);
    expect(paidRes.statusCode).toBe(409);
    expect(paidRes.json<{ code: string; msg: string }>()).toMatchObject({
      code: ErrorCode.ORDERS_NOT_UNPAID,
      msg: 'This order is already paid.',
    });
    expect((await orderRow(paid.id))?.reservedUntil).toBeNull();

    const old = await placed();
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - RESUME_MAX_AGE_MS - MINUTE) })
      .where(eq(orders.id, old.id));
    const held = (await orderRow(old.id))?.reservedUntil;
    const oldRes = await resume(old.token);
    expect(oldRes.statusCode).toBe(409);
    expect(oldRes.json<{ data: TResumeRefusal }>().data.reason).toBe('expired');
    expect((await orderRow(old.id))?.reservedUntil).toEqual(held);

    const [payload = '', signature = ''] = old.token.split('.');
    const tampered = `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const bad = await resume(tampered);
    expect(bad.statusCode).toBe(404);
    expect(bad.json<{ code: string }>().code).toBe(ErrorCode.ORDER_LINK_INVALID);

    const own = await placed();
    await db().update(orders).set({ side: 'b' }).where(eq(orders.id, own.id));
    expect((await resume(own.token)).statusCode).toBe(404);
    await db().update(orders).set({ side: 'c' }).where(eq(orders.id, own.id));
  });
});
