import {
  ErrorCode,
  type TCheckoutAnswer,
  type TCreator,
  type TCreatorDetail,
  type TCreatorPage,
  type TOrderReceipt,
  type TShop,
} from '@linkstore/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/auth/auth.tables';
import { addProductOnSale } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { newKey, payoutsKit, type Creator } from '../../test/payouts-kit';
import { operatorWith } from '../../test/users';
import { orders } from '../orders/orders.table';
import { shopActions, shops } from '../shops/shops.table';

/** The console's creators: figures from the ledger, filters, detail, suspension and payout holds. */
let ctx: TestContext;
const kit = payoutsKit(() => ctx, 'cr');
const { creator, sale, call, summary } = kit;
const tokens: Record<string, string> = {};
let address = 0;
const nextIp = () => `10.7.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.viewer = await operatorWith(ctx, 'creator-viewer', ['sys:creator:query']);
  tokens.suspender = await operatorWith(ctx, 'creator-suspender', [
    'sys:creator:query',
    'sys:creator:suspend',
  ]);
  tokens.holder = await operatorWith(ctx, 'creator-holder', ['sys:payout:hold']);
});
afterAll(() => ctx.close());

const as = (who: keyof typeof tokens) => tokens[who] ?? '';

async function ok<T>(who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

const page = (query: string) =>
  ok<TCreatorPage>(as('viewer'), 'GET', `/api/v1/system/creators/page?${query}`);
const rowOf = async (who: Creator): Promise<TCreator | undefined> =>
  (await page(`keywords=cr-${who.name}&pageSize=100`)).list.find((c) => c.userId === String(who.userId));

async function setEmail(who: Creator, email: string) {
  await ctx.database.db.update(users).set({ email }).where(eq(users.id, who.userId));
}

describe('the list', () => {
  it('shows each creator with figures equal to their own ledger summary', async () => {
    const ann = await creator('ann');
    await sale(ann, 5_000);
    await sale(ann, 1_200);
    await sale(ann, 800, { completedAt: new Date() }); // still in its hold
    const payout = await call(ann, 'POST', '/api/v1/payouts', {
      amountMinor: 2_000,
      currencyCode: 'USD',
      requestKey: newKey(),
    });
    expect(payout.statusCode, payout.body).toBe(200);
    await kit.service().followPayouts(); // → paid
    const ben = await creator('ben', { payerId: null }); // a typed email, no sales
    const cid = await creator('cid', { email: '', payerId: null });
    await ctx.database.db.update(shops).set({ paypalEmail: null }).where(eq(shops.id, cid.shopId));

    const own = await summary(ann);
    const row = await rowOf(ann);
    expect(row).toMatchObject({
      shopId: String(ann.shopId),
      shopName: 'Shop ann',
      slug: 'cr-ann',
      salesCount: 3,
      salesMinor: own.totalEarnedMinor,
      balanceMinor: own.balanceMinor,
      pendingMinor: own.pendingMinor,
      paidOutMinor: own.paidOutMinor,
      currencyCode: 'USD',
      payoutAccount: 'verified',
      suspendedReason: null,
      payoutsHeldReason: null,
    });
    expect(row).toMatchObject({
      salesMinor: 7_000,
      balanceMinor: 5_000,
      pendingMinor: 800,
      paidOutMinor: 2_000,
    });
    expect(await rowOf(ben)).toMatchObject({ salesCount: 0, balanceMinor: 0, payoutAccount: 'unverified' });
    expect(await rowOf(cid)).toMatchObject({ payoutAccount: 'none' });
  });

  it('filters by email, shop name or slug, state and sign-up days, and pages', async () => {
    const dee = await creator('dee');
    const eve = await creator('eve');
    await setEmail(dee, 'dee.unique@example.com');
    await ctx.database.db
      .update(users)
      .set({ createdAt: new Date('2025-03-10T12:00:00Z') })
      .where(eq(users.id, eve.userId));
    await ctx.database.db.update(shops).set({ name: 'Eve’s Quirky Things' }).where(eq(shops.id, eve.shopId));

    const ids = (p: TCreatorPage) => p.list.map((c) => c.userId);
    expect(ids(await page('keywords=DEE.UNIQUE'))).toEqual([String(dee.userId)]);
    expect(ids(await page('keywords=quirky'))).toEqual([String(eve.userId)]);
    expect(ids(await page('keywords=cr-dee'))).toEqual([String(dee.userId)]);
    expect(ids(await page('from=2025-03-10&to=2025-03-10'))).toEqual([String(eve.userId)]);
    expect(ids(await page('to=2025-03-09'))).toEqual([]);
    // Operators without a shop are no creators.
    expect((await page('keywords=creator-viewer')).total).toBe(0);

    const all = await page('pageSize=100');
    const first = await page('pageSize=2&pageNum=1');
    const second = await page('pageSize=2&pageNum=2');
    expect(first.total).toBe(all.total);
    expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, 4));

    const bad = await call(as('viewer'), 'GET', '/api/v1/system/creators/page?from=2025-03-11&to=2025-03-10');
    expect(bad.statusCode).toBe(400);
    const state = await call(as('viewer'), 'GET', '/api/v1/system/creators/page?state=closed');
    expect(state.statusCode).toBe(400);
  });
});

describe('suspension', () => {
  let fay: Creator;
  let productId = 0;

  function checkout(ip = nextIp()) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/checkout',
      remoteAddress: ip,
      payload: {
        shop: 'cr-fay',
        email: 'buyer@example.com',
        address: {
          name: 'Ana',
          line1: '1 Main St',
          city: 'Lisbon',
          postalCode: '1000-001',
          countryCode: 'PT',
        },
        items: [{ productId: String(productId), quantity: 1 }],
        language: 'en',
      },
    });
  }
  const tokenOf = (answer: TCheckoutAnswer) =>
    new URL(answer.approveUrl, 'http://x').searchParams.get('token') ?? '';
  const ordersOfFay = async () =>
    (await ctx.database.db.select({ n: count() }).from(orders).where(eq(orders.shopId, fay.shopId)))[0]?.n;

  const storefront = () => [
    `/api/v1/public/shops/cr-fay`,
    `/api/v1/public/shops/cr-fay/page`,
    `/api/v1/public/shops/cr-fay/products`,
    `/api/v1/public/shops/cr-fay/products/${productId}`,
    `/api/v1/public/shops/cr-fay/products/${productId}/reviews`,
  ];

  beforeAll(async () => {
    fay = await creator('fay');
    productId = await addProductOnSale(ctx.database.db, {
      category: 'Cr A',
      title: 'Mug',
      costMinor: 1_000,
      stock: 20,
    });
  });

  it('makes the storefront unavailable and refuses checkout; an order placed before is still captured', async () => {
    for (const url of storefront()) expect((await ctx.app.inject({ url })).statusCode, url).toBe(200);
    expect((await ctx.app.inject({ url: '/s/cr-fay' })).statusCode).toBe(200);

    // Placed (and approved) before the suspension, paid after it.
    const placed = await checkout();
    expect(placed.statusCode, placed.body).toBe(200);
    const answer = placed.json<{ data: TCheckoutAnswer }>().data;
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/sandbox/orders/${tokenOf(answer)}/approve`,
      payload: {},
      remoteAddress: nextIp(),
    });
    expect(approved.statusCode, approved.body).toBe(200);

    await ok(as('suspender'), 'POST', `/api/v1/system/creators/${fay.userId}/suspend`, {
      reason: 'Counterfeit goods reported',
    });

    for (const url of storefront()) {
      const res = await ctx.app.inject({ url, headers: { lang: 'es' } });
      expect({ url, status: res.statusCode, code: res.json<{ code: unknown }>().code }).toEqual({
        url,
        status: 409,
        code: ErrorCode.SHOP_SUSPENDED,
      });
      expect(res.json<{ msg: string }>().msg).toBe('Esta tienda no está disponible por ahora.');
    }
    for (const path of ['/s/cr-fay', '/s/cr-fay/cart', `/s/cr-fay/p/${productId}`]) {
      const html = await ctx.app.inject({ url: `${path}?lang=fr` });
      expect(html.statusCode, path).toBe(409);
      expect(html.body).toContain('<h1>Cette boutique est indisponible pour le moment.</h1>');
    }

    const before = await ordersOfFay();
    const refused = await checkout();
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: unknown }>().code).toBe(ErrorCode.SHOP_SUSPENDED);
    expect(await ordersOfFay()).toBe(before);

    // Existing orders continue: the buyer who approved before the suspension is charged.
    const captured = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/checkout/capture',
      payload: { orderNo: answer.orderNo, token: tokenOf(answer) },
      remoteAddress: nextIp(),
    });
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json<{ data: TOrderReceipt }>().data).toMatchObject({ orderNo: answer.orderNo });

    // The studio keeps working and tells the creator why.
    expect(await ok<TShop>(fay.token, 'GET', '/api/v1/shop')).toMatchObject({
      suspendedReason: 'Counterfeit goods reported',
    });
    expect(await rowOf(fay)).toMatchObject({ suspendedReason: 'Counterfeit goods reported', salesCount: 1 });
    expect((await page('state=suspended&pageSize=100')).list.map((c) => c.userId)).toContain(
      String(fay.userId),
    );
  });

  it('refuses suspending a suspended shop, with a translated conflict; a reason is required', async () => {
    const again = await call(as('suspender'), 'POST', `/api/v1/system/creators/${fay.userId}/suspend`, {
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: unknown; msg: string }>()).toMatchObject({
      code: ErrorCode.SHOP_STATE_UNCHANGED,
      msg: 'This shop is already suspended. Reload to see its current state.',
    });
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await call(as('suspender'), 'POST', `/api/v1/system/creators/${fay.userId}/lift`, body);
      expect(res.statusCode).toBe(400);
    }
    expect(await rowOf(fay)).toMatchObject({ suspendedReason: 'Counterfeit goods reported' });
    const missing = await call(as('suspender'), 'POST', '/api/v1/system/creators/999999/suspend', {
      reason: 'x',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lifts: the storefront and checkout work again; lifting an open shop is a conflict', async () => {
    await ok(as('suspender'), 'POST', `/api/v1/system/creators/${fay.userId}/lift`, { reason: 'Cleared' });
    for (const url of storefront()) expect((await ctx.app.inject({ url })).statusCode, url).toBe(200);
    expect((await ctx.app.inject({ url: '/s/cr-fay' })).statusCode).toBe(200);
    expect((await checkout()).statusCode).toBe(200);
    const again = await call(as('suspender'), 'POST', `/api/v1/system/creators/${fay.userId}/lift`, {
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ msg: string }>().msg).toBe(
      'This shop is not suspended. Reload to see its current state.',
    );
    const [shop] = await ctx.database.db.select().from(shops).where(eq(shops.id, fay.shopId));
    expect(shop).toMatchObject({ suspendedReason: null, suspendedBy: null, suspendedAt: null });
  });

  it('records who did what and why, payout holds included, and shows them in the detail', async () => {
    const hold = (body: object) =>
      call(as('holder'), 'PUT', `/api/v1/system/payouts/hold/${fay.userId}`, body);
    expect((await hold({ held: true, reason: 'Chargeback review' })).statusCode).toBe(200);
    const [held] = await ctx.database.db.select().from(shops).where(eq(shops.id, fay.shopId));
    expect(held?.payoutsHeldReason).toBe('Chargeback review');
    expect(held?.payoutsHeldBy).not.toBeNull();
    expect(held?.payoutsHeldAt).toBeInstanceOf(Date);
    expect(await rowOf(fay)).toMatchObject({ payoutsHeldReason: 'Chargeback review' });
    expect((await page('state=payoutsHeld&pageSize=100')).list.map((c) => c.userId)).toEqual([
      String(fay.userId),
    ]);
    expect((await hold({ held: false, reason: 'Resolved' })).statusCode).toBe(200);
    // Releasing again changes and records nothing.
    expect((await hold({ held: false })).statusCode).toBe(200);
    const [released] = await ctx.database.db.select().from(shops).where(eq(shops.id, fay.shopId));
    expect(released).toMatchObject({ payoutsHeldReason: null, payoutsHeldBy: null, payoutsHeldAt: null });

    const detail = await ok<TCreatorDetail>(as('viewer'), 'GET', `/api/v1/system/creators/${fay.userId}`);
    expect(detail.actions.map((a) => [a.action, a.reason, a.operator])).toEqual([
      ['release_payouts', 'Resolved', 'creator-holder'],
      ['hold_payouts', 'Chargeback review', 'creator-holder'],
      ['lift', 'Cleared', 'creator-suspender'],
      ['suspend', 'Counterfeit goods reported', 'creator-suspender'],
    ]);
    const rows = await ctx.database.db.select().from(shopActions).where(eq(shopActions.shopId, fay.shopId));
    expect(rows).toHaveLength(4);

    // Two orders (the captured one and the one after the lift), newest first.
    expect(detail.recentOrders).toHaveLength(2);
    expect(detail.recentOrders.map((o) => o.status)).toEqual([0, 1]);
    expect(detail.recentOrders[1]).toMatchObject({
      totalMinor: 1_500,
      profitMinor: 500,
      currencyCode: 'USD',
    });
    expect(detail.ledger).toMatchObject({ total: 1, list: [{ kind: 'sale', amountMinor: 500 }] });
    expect(detail.creator).toMatchObject({
      salesCount: 1,
      salesMinor: 500,
      balanceMinor: 500,
      pendingMinor: 500,
    });
    expect(detail.ledger.list[0]?.orderNo).toBe(detail.recentOrders[1]?.orderNo);

    const missing = await call(as('viewer'), 'GET', '/api/v1/system/creators/999999');
    expect(missing.statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses a role lacking sys:creator:query or sys:creator:suspend with 403 A0301', async () => {
    const expectForbidden = async (
      who: string,
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: object,
    ) => {
      const res = await call(who, method, url, payload);
      expect({ url, status: res.statusCode, code: res.json<{ code: unknown }>().code }).toEqual({
        url,
        status: 403,
        code: ErrorCode.FORBIDDEN,
      });
    };
    const gus = await creator('gus');
    await expectForbidden(as('holder'), 'GET', '/api/v1/system/creators/page');
    await expectForbidden(as('holder'), 'GET', `/api/v1/system/creators/${gus.userId}`);
    await expectForbidden(gus.token, 'GET', '/api/v1/system/creators/page');
    await expectForbidden(as('viewer'), 'POST', `/api/v1/system/creators/${gus.userId}/suspend`, {
      reason: 'x',
    });
    await expectForbidden(as('viewer'), 'POST', `/api/v1/system/creators/${gus.userId}/lift`, {
      reason: 'x',
    });
    await expectForbidden(as('suspender'), 'PUT', `/api/v1/system/payouts/hold/${gus.userId}`, {
      held: true,
      reason: 'x',
    });
    expect(await rowOf(gus)).toMatchObject({ suspendedReason: null, payoutsHeldReason: null });
  });
});
