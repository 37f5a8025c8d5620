import type {
  TCheckoutAnswer,
  TCheckoutQuote,
  TDiscountCode,
  TOrderReceipt,
  TPublicShop,
  TShop,
} from '@linkstore/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { addSubcategory } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { insertSimpleProducts } from '../catalog/catalog.api';
import { ledgerEntries } from '../earnings/earnings.table';
import { seedShipping } from '../shipping/shipping.api';
import { shippingMethods, shippingZones } from '../shipping/shipping.table';
import { shops } from '../shops/shops.table';
import { seedTaxRates } from '../taxes/taxes.api';
import { composeConfirmation } from './order-mail';
import { moneyOf } from './order-money';
import { orders } from './orders.table';

/*
 * A creator's free shipping over an amount, paid from their profit (decision 0056): saved with the
 * shop only when an order at the threshold can pay its cheapest shipping; at checkout it pays the
 * cheapest method offered, the buyer pays the rest of a dearer one, and never when the order's
 * profit cannot cover it. The zones and rates are the demo's seeded ones; the shop sells at 200 %
 * of cost (profit / price = 1/2), so the dearest zone's cheapest first item ($14.99, rest of the
 * world) needs a threshold of $29.98.
 */

let ctx: TestContext;
let address = 0;
const tokens: Record<string, string> = {};
const { call, ok } = apiCalls(() => ctx.app, tokens);
const nextIp = () => `10.40.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
let mug = 0;

type Item = [productId: number, quantity: number];
const itemsOf = (items: Item[]) => items.map(([id, quantity]) => ({ productId: String(id), quantity }));
const where = {
  NY: {
    name: 'Sam',
    line1: '1 Main St',
    city: 'Albany',
    region: 'NY',
    postalCode: '12207',
    countryCode: 'US',
  },
  DE: { name: 'Jana', line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', countryCode: 'DE' },
  BR: { name: 'Rui', line1: 'Rua A 1', city: 'Recife', postalCode: '50000-000', countryCode: 'BR' },
};
type Where = keyof typeof where;

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/public${url}`, payload, remoteAddress: nextIp() });

async function quote(to: Where, items: Item[], extra: object = {}): Promise<TCheckoutQuote> {
  const { countryCode, region } = { region: undefined, ...where[to] };
  const res = await post('/checkout/quote', {
    shop: 'fs-shop',
    countryCode,
    region,
    items: itemsOf(items),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TCheckoutQuote }>().data;
}

async function paid(to: Where, items: Item[], shippingMethodId?: string) {
  const res = await post('/checkout', {
    shop: 'fs-shop',
    email: 'buyer@example.com',
    address: where[to],
    items: itemsOf(items),
    shippingMethodId,
    language: 'en',
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<{ data: TCheckoutAnswer }>().data;
  const token = new URL(answer.approveUrl, 'http://x').searchParams.get('token') ?? '';
  expect((await post(`/sandbox/orders/${token}/approve`, {})).statusCode).toBe(200);
  const captured = await post('/checkout/capture', { orderNo: answer.orderNo, token });
  expect(captured.statusCode, captured.body).toBe(200);
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.orderNo, answer.orderNo));
  if (!order) throw new Error('no order');
  return { order, receipt: captured.json<{ data: TOrderReceipt }>().data };
}

const saveThreshold = (freeShippingOverMinor: number | null, lang?: string) =>
  call('owner', 'PUT', '/shop', { freeShippingOverMinor }, lang);
const fieldsOf = (body: string) =>
  (JSON.parse(body) as { data: { fields: { field: string; message: string }[] } }).data.fields;
const savedThreshold = async () => (await ok<TShop>('owner', 'GET', '/shop')).freeShippingOverMinor ?? null;
const methodOf = (found: TCheckoutQuote, name: string) =>
  found.methods.find((m) => m.name === name)?.methodId;
const half = (minor: number, micros: number) => Math.floor((minor * micros) / 1_000_000 + 0.5);

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  await seedShipping(db);
  await seedTaxRates(db);
  const ownerUserId = await createUser(db, { username: 'fs-owner', password: 'Owner-pass-1' });
  await db.insert(shops).values({ ownerUserId, slug: 'fs-shop', name: 'Free Ship', defaultPercentage: 200 });
  tokens.owner = await accessTokenFor(ctx.app, 'fs-owner', 'Owner-pass-1');
  const categoryId = await addSubcategory(db, 'Free shipping');
  const rows = await insertSimpleProducts(db, [
    { categoryId, title: 'Mug', platformPriceMinor: 1_000, stock: 50 },
    { categoryId, title: 'Tee', platformPriceMinor: 1_501, stock: 50 },
  ]);
  mug = rows[0]?.id ?? 0;
});
afterAll(() => ctx.close());

describe('a creator’s free shipping over an amount', () => {
  it('refuses a threshold an order could not pay its shipping at, naming the lowest that works; nothing is saved', async () => {
    const low = await saveThreshold(2_997);
    expect(low.statusCode).toBe(400);
    expect(fieldsOf(low.body)).toEqual([
      {
        field: 'freeShippingOverMinor',
        message:
          'At this amount an order could not pay its shipping from your profit: offer free shipping from $29.98.',
      },
    ]);
    const french = await saveThreshold(1_000, 'fr');
    expect(fieldsOf(french.body)[0]?.message).toContain('29,98');
    expect(await savedThreshold()).toBeNull();
    // Out of the contract's range: refused on the field too.
    for (const value of [0, 10_000_001, 12.5]) {
      const res = await saveThreshold(value);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.body)[0]?.field).toBe('freeShippingOverMinor');
    }

    // A product sold at its cost: no threshold can pay its orders' shipping.
    const db = ctx.database.db;
    await db.update(shops).set({ defaultPercentage: 100 }).where(eq(shops.slug, 'fs-shop'));
    try {
      const atCost = await saveThreshold(1_000_000);
      expect(atCost.statusCode).toBe(400);
      expect(fieldsOf(atCost.body)[0]?.message).toContain('"Mug" sells at its cost');
    } finally {
      await db.update(shops).set({ defaultPercentage: 200 }).where(eq(shops.slug, 'fs-shop'));
    }
    expect(await savedThreshold()).toBeNull();
  });

  it('takes any threshold while no zone exists (shipping is free everywhere), and can be switched off', async () => {
    const db = ctx.database.db;
    const zones = await db.select().from(shippingZones);
    const methods = await db.select().from(shippingMethods);
    await db.delete(shippingZones).where(
      inArray(
        shippingZones.id,
        zones.map((zone) => zone.id),
      ),
    );
    try {
      expect((await saveThreshold(1)).statusCode).toBe(200);
      expect(await savedThreshold()).toBe(1);
    } finally {
      await db.insert(shippingZones).values(zones);
      await db.insert(shippingMethods).values(methods);
    }
    expect(
      (await ok<TShop>('owner', 'PUT', '/shop', { freeShippingOverMinor: null })).freeShippingOverMinor,
    ).toBeNull();
  });

  it('saves the lowest threshold that works and shows it on the public shop', async () => {
    const saved = await ok<TShop>('owner', 'PUT', '/shop', { freeShippingOverMinor: 2_998 });
    expect(saved.freeShippingOverMinor).toBe(2_998);
    expect(
      (await ok<TShop>('owner', 'PUT', '/shop', { freeShippingOverMinor: 3_000 })).freeShippingOverMinor,
    ).toBe(3_000);
    // Other fields saved alone keep it.
    expect((await ok<TShop>('owner', 'PUT', '/shop', { name: 'Free Ship' })).freeShippingOverMinor).toBe(
      3_000,
    );
    const shown = await ok<TPublicShop>(null, 'GET', '/public/shops/fs-shop');
    expect(shown.freeShippingOverMinor).toBe(3_000);
  });

  it('says how much is missing below the threshold, and charges shipping as usual', async () => {
    const below = await quote('NY', [[mug, 1]]);
    expect(below.freeShipping).toEqual({
      thresholdMinor: 3_000,
      applies: false,
      reason: 'belowThreshold',
      missingMinor: 1_000,
      creatorShippingMinor: 0,
    });
    expect(below).toMatchObject({ shippingMinor: 499, creatorShippingMinor: 0 });
  });

  it('pays the cheapest method from the profit: free for the buyer, a dearer one for the difference', async () => {
    const cart: Item[] = [[mug, 2]];
    const offered = await quote('NY', cart);
    // Standard 499 + 150, Express 1,499 + 300: the shop pays 649 of either.
    expect(offered.methods.map((m) => [m.name, m.costMinor])).toEqual([
      ['Standard', 0],
      ['Express', 1_150],
    ]);
    expect(offered).toMatchObject({
      shippingMinor: 0,
      creatorShippingMinor: 649,
      freeShipping: {
        thresholdMinor: 3_000,
        applies: true,
        reason: null,
        missingMinor: 0,
        creatorShippingMinor: 649,
      },
    });

    const { order, receipt } = await paid('NY', cart, methodOf(offered, 'Express'));
    expect(order).toMatchObject({
      shippingMethod: 'Express',
      shippingMinor: 1_150,
      creatorShippingMinor: 649,
      shippingTaxMinor: 0,
      platformMinor: 2_000,
      profitMinor: 4_000 - 2_000 - 649,
    });
    expect(order.totalMinor).toBe(4_000 + 1_150 + order.taxMinor);
    // The check the database keeps: profit = total − shipping − tax − platform − creator's shipping.
    expect(order.profitMinor).toBe(
      order.totalMinor -
        order.shippingMinor -
        order.taxMinor -
        order.platformMinor -
        order.creatorShippingMinor,
    );
    await expect(
      ctx.database.db.update(orders).set({ creatorShippingMinor: 0 }).where(eq(orders.id, order.id)),
    ).rejects.toThrow();
    // The ledger credits the reduced profit.
    const credits = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order.id));
    expect(credits.map((entry) => entry.amountMinor)).toEqual([4_000 - 2_000 - 649]);
    expect(receipt.money).toMatchObject({ shippingMinor: 1_150, creatorShippingMinor: 649 });
  });

  it('taxes only the shipping the buyer pays where shipping bears VAT', async () => {
    const cart: Item[] = [[mug, 2]];
    const offered = await quote('DE', cart);
    const express = methodOf(offered, 'Express');
    // Standard 999 + 200 is paid by the shop; Express 2,999 + 500 costs the buyer 2,300.
    const { order } = await paid('DE', cart, express);
    expect(order).toMatchObject({
      shippingMinor: 2_300,
      creatorShippingMinor: 1_199,
      shippingTaxMinor: half(2_300, 190_000),
      profitMinor: 4_000 - 2_000 - 1_199,
    });
    const standard = await paid('DE', cart, methodOf(offered, 'Standard'));
    expect(standard.order).toMatchObject({
      shippingMinor: 0,
      shippingTaxMinor: 0,
      creatorShippingMinor: 1_199,
    });
    // The buyer's mail says who paid it.
    const mail = composeConfirmation('buyer@example.com', {
      orderUrl: 'http://127.0.0.1/s/demo/order/t.s',
      lang: 'en',
      currencyCode: 'USD',
      orderNo: standard.order.orderNo,
      shopName: 'Free Ship',
      totalMinor: standard.order.totalMinor,
      money: moneyOf(standard.order),
      shipping: null,
      items: [],
    });
    expect(mail.text).toContain('Shipping: free (offered by the shop)');
  });

  it('does not apply when the order’s profit after the discount cannot pay the shipping, and says so', async () => {
    const code = await ok<TDiscountCode>('owner', 'POST', '/discounts', {
      code: 'TENOFF',
      kind: 'amount',
      amountMinor: 1_000,
      minOrderMinor: null,
      startsOn: null,
      endsOn: null,
      maxUses: null,
      maxUsesPerEmail: null,
      productIds: null,
    });
    // Three mugs: 6,000 − 1,000 = 5,000 reach the threshold; the profit 3,000 − 1,000 pays $14.99.
    expect((await quote('BR', [[mug, 3]], { discountCode: code.code })).freeShipping).toMatchObject({
      applies: true,
      creatorShippingMinor: 1_499,
    });
    // Two: 4,000 − 1,000 = 3,000 reach it, but the profit 2,000 − 1,000 is 499 short of $14.99.
    const short = await quote('BR', [[mug, 2]], { discountCode: code.code });
    expect(short.freeShipping).toEqual({
      thresholdMinor: 3_000,
      applies: false,
      reason: 'profit',
      missingMinor: 499,
      creatorShippingMinor: 0,
    });
    expect(short).toMatchObject({ shippingMinor: 1_499, creatorShippingMinor: 0, discountMinor: 1_000 });
  });
});
