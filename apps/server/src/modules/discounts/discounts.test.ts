import type { TCheckoutAnswer, TCheckoutQuote, TDiscountCode, TDiscountCodePage } from '@linkstore/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { addSubcategory } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { insertSimpleProducts } from '../catalog/catalog.api';
import { ledgerEntries } from '../earnings/earnings.table';
import { orderItems, orders } from '../orders/orders.table';
import { shops } from '../shops/shops.table';
import { discountCodes, discountRedemptions } from './discounts.table';

/*
 * Discount codes (issue 34): a creator makes them for their own shop; the checkout applies one
 * per order out of the creator's profit, never below a line's platform cost; a code's limits hold
 * under concurrent checkouts.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const { call, ok } = apiCalls(() => ctx.app, tokens);
let address = 0;
const nextIp = () => `10.39.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
let mug = 0;
let tee = 0;
let otherProduct = 0;
/** One mug's price in the shop and its profit (read from a quote). */
let mugPrice = 0;
let mugProfit = 0;

const US = {
  name: 'Sam',
  line1: '1 Main St',
  city: 'Albany',
  region: 'NY',
  postalCode: '12207',
  countryCode: 'US',
};
type Item = [productId: number, quantity: number];
const itemsOf = (items: Item[]) => items.map(([id, quantity]) => ({ productId: String(id), quantity }));

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/public${url}`, payload, remoteAddress: nextIp() });

async function quote(items: Item[], discountCode?: string, email?: string, shop = 'dc-shop') {
  const res = await post('/checkout/quote', {
    shop,
    countryCode: 'US',
    region: 'NY',
    items: itemsOf(items),
    discountCode,
    email,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TCheckoutQuote }>().data;
}

const checkout = (items: Item[], discountCode: string | undefined, email = 'buyer@example.com') =>
  post('/checkout', {
    shop: 'dc-shop',
    email,
    address: US,
    items: itemsOf(items),
    discountCode,
    language: 'en',
  });

async function pay(answer: TCheckoutAnswer) {
  const token = new URL(answer.approveUrl, 'http://x').searchParams.get('token') ?? '';
  expect((await post(`/sandbox/orders/${token}/approve`, {})).statusCode).toBe(200);
  const captured = await post('/checkout/capture', { orderNo: answer.orderNo, token });
  expect(captured.statusCode, captured.body).toBe(200);
}

const codeBody = (over: Record<string, unknown> = {}) => ({
  code: 'spring10',
  kind: 'percent',
  percent: 10,
  minOrderMinor: null,
  startsOn: null,
  endsOn: null,
  maxUses: null,
  maxUsesPerEmail: null,
  productIds: null,
  ...over,
});

const fieldsOf = (body: string) =>
  (JSON.parse(body) as { data: { fields: { field: string; message: string }[] } }).data.fields;
const countCodes = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(discountCodes))[0]?.n ?? 0;

async function createCode(over: Record<string, unknown>): Promise<TDiscountCode> {
  return ok<TDiscountCode>('owner', 'POST', '/discounts', codeBody(over));
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  const owner = await createUser(db, { username: 'dc-owner', password: 'Owner-pass-1' });
  const rival = await createUser(db, { username: 'dc-rival', password: 'Rival-pass-1' });
  await db
    .insert(shops)
    .values({ ownerUserId: owner, slug: 'dc-shop', name: 'Codes', defaultPercentage: 200 });
  await db
    .insert(shops)
    .values({ ownerUserId: rival, slug: 'dc-rival', name: 'Rival', defaultPercentage: 200 });
  tokens.owner = await accessTokenFor(ctx.app, 'dc-owner', 'Owner-pass-1');
  tokens.rival = await accessTokenFor(ctx.app, 'dc-rival', 'Rival-pass-1');
  const categoryId = await addSubcategory(db, 'Codes');
  const rows = await insertSimpleProducts(db, [
    { categoryId, title: 'Mug', platformPriceMinor: 1_000, stock: 100 },
    { categoryId, title: 'Tee', platformPriceMinor: 1_501, stock: 100 },
    { categoryId, title: 'Cap', platformPriceMinor: 700, stock: 100 },
  ]);
  [mug, tee, otherProduct] = rows.map((row) => row.id) as [number, number, number];
  const plain = await quote([[mug, 1]]);
  mugPrice = plain.itemsMinor;
  mugProfit = mugPrice - 1_000;
});
afterAll(() => ctx.close());

describe('a creator’s discount codes', () => {
  it('saves a code upper-cased, lists it with its state and uses, and keeps it from other creators', async () => {
    const saved = await createCode({
      code: ' launch-5 ',
      kind: 'amount',
      percent: undefined,
      amountMinor: 500,
    });
    expect(saved).toMatchObject({
      code: 'LAUNCH-5',
      kind: 'amount',
      amountMinor: 500,
      state: 'active',
      uses: 0,
    });
    const page = await ok<TDiscountCodePage>('owner', 'GET', '/discounts?pageNum=1&pageSize=10');
    expect(page.list.map((c) => c.code)).toContain('LAUNCH-5');
    const theirs = await ok<TDiscountCodePage>('rival', 'GET', '/discounts?pageNum=1&pageSize=10');
    expect(theirs.list).toEqual([]);
    // Another creator can neither change, pause nor delete it: for them it does not exist.
    expect((await call('rival', 'PUT', `/discounts/${saved.id}`, codeBody())).statusCode).toBe(404);
    expect((await call('rival', 'PUT', `/discounts/${saved.id}/paused`, { paused: true })).statusCode).toBe(
      404,
    );
    expect((await call('rival', 'DELETE', `/discounts/${saved.id}`)).statusCode).toBe(404);
    // Nobody signed in: refused.
    expect((await call(null, 'GET', '/discounts')).statusCode).toBe(401);
  });

  it('refuses, per field and translated, a bad code, a percentage over 100, a name taken and a product not in the shop; nothing is written', async () => {
    const before = await countCodes();
    const bad = [
      [{ code: 'TWO WORDS' }, 'code'],
      [{ code: 'NUL\u0000CODE' }, 'code'],
      [{ code: 'PARTY🎉' }, 'code'],
      [{ code: 'A'.repeat(10_000) }, 'code'],
      [{ percent: 150 }, 'percent'],
      [{ percent: 0 }, 'percent'],
      [{ kind: 'amount', percent: undefined }, 'amountMinor'],
      [{ startsOn: '2026-12-10', endsOn: '2026-12-01' }, 'endsOn'],
      [{ productIds: [String(mug), String(mug)] }, 'productIds'],
      [{ code: 'LAUNCH-5' }, 'code'],
      [{ productIds: ['999999'] }, 'productIds'],
    ] as const;
    for (const [over, field] of bad) {
      const res = await call('owner', 'POST', '/discounts', codeBody(over));
      expect(res.statusCode, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(fieldsOf(res.body).map((f) => f.field)).toContain(field);
    }
    const spanish = await call('owner', 'POST', '/discounts', codeBody({ code: 'LAUNCH-5' }), 'es');
    expect(fieldsOf(spanish.body)[0]?.message).toBe('Tu tienda ya tiene un código con este nombre.');
    expect(await countCodes()).toBe(before);
  });

  it('refuses a percentage that would sell a product below its platform cost, naming the most it can be', async () => {
    const most = Math.floor((mugProfit * 100) / mugPrice);
    const res = await call(
      'owner',
      'POST',
      '/discounts',
      codeBody({ code: 'TOO-MUCH', percent: most + 1, productIds: [String(mug)] }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toEqual([
      {
        field: 'percent',
        message: `This percentage would sell “Mug” below its platform cost: at most ${most} % there.`,
      },
    ]);
    await createCode({ code: 'MUG-MOST', percent: most, productIds: [String(mug)] });
  });

  it('pauses, resumes and deletes a code; a deleted code’s name is free again', async () => {
    const saved = await createCode({ code: 'PAUSE-ME' });
    expect(
      (await ok<TDiscountCode>('owner', 'PUT', `/discounts/${saved.id}/paused`, { paused: true })).state,
    ).toBe('paused');
    expect((await quote([[mug, 1]], 'pause-me')).discount).toMatchObject({ refusal: 'paused' });
    expect(
      (await ok<TDiscountCode>('owner', 'PUT', `/discounts/${saved.id}/paused`, { paused: false })).state,
    ).toBe('active');
    expect(await ok('owner', 'DELETE', `/discounts/${saved.id}`)).toBeNull();
    expect((await quote([[mug, 1]], 'PAUSE-ME')).discount).toMatchObject({ refusal: 'unknown' });
    await createCode({ code: 'PAUSE-ME' });
  });
});

describe('a code at checkout', () => {
  it('takes the percentage off the lines it is for, out of the creator’s profit, and the order, receipt and ledger say so', async () => {
    await createCode({ code: 'TEE10', percent: 10, productIds: [String(tee)] });
    const cart: Item[] = [
      [mug, 2],
      [tee, 1],
    ];
    const plain = await quote(cart);
    const offered = await quote(cart, 'tee10');
    const teePrice = plain.itemsMinor - 2 * mugPrice;
    const off = Math.floor(teePrice / 10 + 0.5);
    expect(offered).toMatchObject({
      discountCode: 'TEE10',
      discountMinor: off,
      discount: { code: 'TEE10', refusal: null, capped: false },
      itemsMinor: plain.itemsMinor,
    });
    expect(offered.totalMinor).toBe(offered.itemsMinor - off + offered.shippingMinor + offered.taxMinor);

    const res = await checkout(cart, 'TEE10');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ data: TCheckoutAnswer }>().data;
    expect(answer.totalMinor).toBe(offered.totalMinor);
    await pay(answer);
    const db = ctx.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, answer.orderNo));
    if (!order) throw new Error('no order');
    expect(order).toMatchObject({ discountCode: 'TEE10', discountMinor: off });
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.map((line) => [line.productId, line.discountMinor]).sort()).toEqual(
      [
        [mug, 0],
        [tee, off],
      ].sort(),
    );
    const items = lines.reduce((sum, line) => sum + line.sellingPriceMinor * line.quantity, 0);
    const costs = lines.reduce((sum, line) => sum + line.platformPriceMinor * line.quantity, 0);
    expect(order.profitMinor).toBe(items - off - costs);
    const credited = await db
      .select({ amount: ledgerEntries.amountMinor })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order.id));
    expect(credited.reduce((sum, row) => sum + row.amount, 0)).toBe(order.profitMinor);

    const token = new URL(answer.approveUrl, 'http://x').searchParams.get('token') ?? '';
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/public/orders/receipt?orderNo=${answer.orderNo}&token=${token}`,
    });
    expect(receipt.json<{ data: { money: { discountCode: string } } }>().data.money.discountCode).toBe(
      'TEE10',
    );
    const listed = (await ok<TDiscountCodePage>('owner', 'GET', '/discounts?keywords=tee')).list[0];
    expect(listed).toMatchObject({
      code: 'TEE10',
      uses: 1,
      paidOrders: 1,
      discountMinor: off,
      salesMinor: items - off,
    });
  });

  it('gives back, refunding a line by lines, its share of what it was charged: its discount stays off', async () => {
    await createCode({
      code: 'TEE-ONLY',
      kind: 'amount',
      percent: undefined,
      amountMinor: 300,
      productIds: [String(tee)],
    });
    const res = await checkout(
      [
        [mug, 1],
        [tee, 1],
      ],
      'TEE-ONLY',
      'refund-me@example.com',
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ data: TCheckoutAnswer }>().data;
    await pay(answer);
    const db = ctx.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, answer.orderNo));
    if (!order) throw new Error('no order');
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const teeLine = lines.find((line) => line.productId === tee);
    if (!teeLine) throw new Error('no tee line');
    expect(teeLine.discountMinor).toBe(300);
    const paid = (line: (typeof lines)[number]) =>
      line.sellingPriceMinor * line.quantity - line.discountMinor;
    const orderPaid = lines.reduce((sum, line) => sum + paid(line), 0);

    tokens.admin ??= await accessTokenFor(ctx.app, 'admin');
    const refunded = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/system/orders/refund',
      headers: { authorization: `Bearer ${tokens.admin}` },
      payload: {
        orderNo: answer.orderNo,
        lines: [{ itemId: String(teeLine.id), quantity: 1 }],
        reason: 'Wrong size',
        version: order.version,
      },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // The capture's share of the tee as charged (its price less the code's $3), half up; before,
    // it was its price's share, and the mug's refund later gave back less than it was charged.
    const share = Math.floor((2 * order.totalMinor * paid(teeLine) + orderPaid) / (2 * orderPaid));
    expect(refunded.json<{ data: { amountMinor: number } }>().data.amountMinor).toBe(share);
  });

  it('caps an amount at each line’s profit and says so', async () => {
    await createCode({ code: 'BIG-AMOUNT', kind: 'amount', percent: undefined, amountMinor: 5_000 });
    const offered = await quote([[mug, 1]], 'BIG-AMOUNT');
    expect(offered.discount).toMatchObject({ refusal: null, capped: true });
    expect(offered.discountMinor).toBe(mugProfit);
  });

  it('tells the buyer why a code does not apply, and refuses an order placed with it anyway; nothing is placed', async () => {
    await createCode({ code: 'LATER', startsOn: '2999-01-01' });
    await createCode({ code: 'OVER', startsOn: '2020-01-01', endsOn: '2020-12-31' });
    await createCode({ code: 'CAPS-ONLY', productIds: [String(otherProduct)] });
    await createCode({ code: 'BIG-CART', minOrderMinor: 100_000 });
    await ok('rival', 'POST', '/discounts', codeBody({ code: 'RIVAL-ONLY' }));
    const reasons = {
      NOPE: 'unknown',
      'RIVAL-ONLY': 'otherShop',
      LATER: 'notStarted',
      OVER: 'expired',
      'CAPS-ONLY': 'notForTheseProducts',
      'BIG-CART': 'minimumNotReached',
    };
    for (const [code, refusal] of Object.entries(reasons)) {
      const found = await quote([[mug, 1]], code);
      expect(found.discount, code).toMatchObject({ code, refusal });
      expect(found.discountMinor).toBe(0);
      expect(found.discountCode).toBeNull();
    }
    expect((await quote([[mug, 1]], 'BIG-CART')).discount?.minOrderMinor).toBe(100_000);
    const before = (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;
    const res = await checkout([[mug, 1]], 'BIG-CART');
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toEqual([
      { field: 'discountCode', message: 'Spend $1,000.00 to use this code.' },
    ]);
    const expired = await checkout([[mug, 1]], 'OVER');
    expect(fieldsOf(expired.body)).toEqual([{ field: 'discountCode', message: 'This code has expired.' }]);
    expect((await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n).toBe(before);
    // A code with spaces, NUL, emoji or 10 KB is a field error of the request itself.
    for (const code of ['TWO WORDS', 'A\u0000B', '🎉🎉🎉', 'X'.repeat(10_240)]) {
      const odd = await post('/checkout/quote', {
        shop: 'dc-shop',
        countryCode: 'US',
        region: 'NY',
        items: itemsOf([[mug, 1]]),
        discountCode: code,
      });
      expect(odd.statusCode).toBe(400);
      expect(fieldsOf(odd.body).map((f) => f.field)).toEqual(['discountCode']);
    }
  });

  it('counts uses per buyer email, and frees a use when its order lapses unpaid', async () => {
    await createCode({ code: 'ONCE-EACH', maxUsesPerEmail: 1 });
    const first = await checkout([[mug, 1]], 'ONCE-EACH', 'ann@example.com');
    expect(first.statusCode, first.body).toBe(200);
    expect((await quote([[mug, 1]], 'ONCE-EACH', 'ann@example.com')).discount?.refusal).toBe('usedByYou');
    expect((await quote([[mug, 1]], 'ONCE-EACH', 'bob@example.com')).discount?.refusal).toBeNull();
    const again = await checkout([[mug, 1]], 'ONCE-EACH', 'ANN@example.com');
    expect(fieldsOf(again.body)).toEqual([
      { field: 'discountCode', message: 'You have already used this code.' },
    ]);
    // Unpaid past its reservation (the sweep gives its stock back): the use no longer counts.
    const orderNo = first.json<{ data: TCheckoutAnswer }>().data.orderNo;
    await ctx.database.db.update(orders).set({ reservedUntil: null }).where(eq(orders.orderNo, orderNo));
    expect((await quote([[mug, 1]], 'ONCE-EACH', 'ann@example.com')).discount?.refusal).toBeNull();
  });

  it('with one use left, 20 checkouts at once place exactly one order with the code', async () => {
    await createCode({ code: 'LAST-ONE', maxUses: 1 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => checkout([[mug, 1]], 'LAST-ONE', `racer${i}@example.com`)),
    );
    const placed = answers.filter((res) => res.statusCode === 200);
    expect(placed).toHaveLength(1);
    for (const refused of answers.filter((res) => res.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect(fieldsOf(refused.body)).toEqual([
        { field: 'discountCode', message: 'This code has been used up.' },
      ]);
    }
    const [code] = await ctx.database.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, 'LAST-ONE'));
    const uses = await ctx.database.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.codeId, code?.id ?? 0));
    expect(uses).toHaveLength(1);
    expect((await quote([[mug, 1]], 'LAST-ONE')).discount?.refusal).toBe('usedUp');
  });
});
