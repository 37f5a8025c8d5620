import type { TCheckoutAnswer, TCheckoutQuote, TConsoleRefund, TOrderReceipt } from '@linkstore/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { addSubcategory } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { insertSimpleProducts } from '../catalog/catalog.api';
import { productVariants } from '../catalog/catalog.table';
import { ledgerEntries } from '../earnings/earnings.table';
import { shops } from '../shops/shops.table';
import { shippingMethods, shippingZones } from '../shipping/shipping.table';
import { seedShipping } from '../shipping/shipping.api';
import { seedTaxRates } from '../taxes/taxes.api';
import { orderItems, orders } from './orders.table';

/*
 * What an order charges besides its items (decision 0056): the shipping method chosen for the
 * destination, the tax in force there (added, or included in the prices shown), computed on the
 * server when the order is placed and frozen; the creator's profit never includes either.
 * The zones and rates are the demo's seeded ones (the test template has none).
 */

let ctx: TestContext;
let address = 0;
const tokens: Record<string, string> = {};
const { ok } = apiCalls(() => ctx.app, tokens, '/system/orders');
const nextIp = () => `10.34.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
let mug = 0;
let tee = 0;

type Item = [productId: number, quantity: number];
const itemsOf = (items: Item[]) => items.map(([id, quantity]) => ({ productId: String(id), quantity }));
const where = {
  DE: { name: 'Jana', line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', countryCode: 'DE' },
  NY: {
    name: 'Sam',
    line1: '1 Main St',
    city: 'Albany',
    region: 'ny',
    postalCode: '12207',
    countryCode: 'US',
  },
  JP: { name: 'Aiko', line1: '1-1 Chiyoda', city: 'Tokyo', postalCode: '100-0001', countryCode: 'JP' },
  BR: { name: 'Rui', line1: 'Rua A 1', city: 'Recife', postalCode: '50000-000', countryCode: 'BR' },
};
type Where = keyof typeof where;

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/public${url}`, payload, remoteAddress: nextIp() });

async function quote(to: Where, items: Item[], shippingMethodId?: string): Promise<TCheckoutQuote> {
  const { countryCode, region } = { region: undefined, ...where[to] };
  const res = await post('/checkout/quote', {
    shop: 'ch-shop',
    countryCode,
    region,
    items: itemsOf(items),
    shippingMethodId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TCheckoutQuote }>().data;
}

const checkout = (to: Where, items: Item[], shippingMethodId?: string) =>
  post('/checkout', {
    shop: 'ch-shop',
    email: 'buyer@example.com',
    address: where[to],
    items: itemsOf(items),
    shippingMethodId,
    language: 'en',
  });

async function paid(to: Where, items: Item[], shippingMethodId?: string) {
  const res = await checkout(to, items, shippingMethodId);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<{ data: TCheckoutAnswer }>().data;
  const token = new URL(answer.approveUrl, 'http://x').searchParams.get('token') ?? '';
  expect((await post(`/sandbox/orders/${token}/approve`, {})).statusCode).toBe(200);
  const captured = await post('/checkout/capture', { orderNo: answer.orderNo, token });
  expect(captured.statusCode, captured.body).toBe(200);
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.orderNo, answer.orderNo));
  if (!order) throw new Error('no order');
  const items_ = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { answer, order, items: items_, receipt: captured.json<{ data: TOrderReceipt }>().data };
}

const methodOf = (found: TCheckoutQuote, name: string) =>
  found.methods.find((m) => m.name === name)?.methodId;
const half = (minor: number, micros: number) => Math.floor((minor * micros) / 1_000_000 + 0.5);
const countOrders = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n ?? 0;

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  await seedShipping(db);
  await seedTaxRates(db);
  tokens.admin = await accessTokenFor(ctx.app, 'admin');
  const ownerUserId = await createUser(db, { username: 'ch-owner' });
  await db.insert(shops).values({ ownerUserId, slug: 'ch-shop', name: 'Charges', defaultPercentage: 200 });
  const categoryId = await addSubcategory(db, 'Charges');
  const rows = await insertSimpleProducts(db, [
    { categoryId, title: 'Mug', platformPriceMinor: 1_000, stock: 20 },
    { categoryId, title: 'Tee', platformPriceMinor: 1_501, stock: 20 },
  ]);
  mug = rows[0]?.id ?? 0;
  tee = rows[1]?.id ?? 0;
});
afterAll(() => ctx.close());

describe('an order’s charges', () => {
  it('charges a buyer in Germany the chosen method and VAT included in the prices shown; the creator’s profit is the items’ only', async () => {
    const cart: Item[] = [
      [mug, 2],
      [tee, 1],
    ];
    const offered = await quote('DE', cart);
    expect(offered.shippable).toBe(true);
    expect(offered.methods.map((m) => [m.name, m.costMinor, m.minDays, m.maxDays])).toEqual([
      ['Standard', 999 + 200 * 2, 4, 8],
      ['Express', 2_999 + 500 * 2, 2, 3],
    ]);
    expect(offered.tax).toEqual({ name: 'VAT', rateMicros: 190_000, inclusive: true });
    const express = methodOf(offered, 'Express');
    const priced = await quote('DE', cart, express);

    const { order, items, receipt } = await paid('DE', cart, express);
    const units = items.map(
      (item) => [item.sellingPriceMinor, item.platformPriceMinor, item.quantity] as const,
    );
    const itemsMinor = units.reduce((sum, [unit, , quantity]) => sum + unit * quantity, 0);
    const platformMinor = units.reduce((sum, [, cost, quantity]) => sum + cost * quantity, 0);
    // Included VAT: each unit's, so the buyer pays the prices shown, and the shipping's.
    const itemsTax = units.reduce((sum, [unit, , quantity]) => sum + quantity * half(unit, 190_000), 0);
    const shippingTax = half(3_999, 190_000);
    expect(order).toMatchObject({
      shippingMinor: 3_999,
      shippingMethod: 'Express',
      deliveryMinDays: 2,
      deliveryMaxDays: 3,
      taxName: 'VAT',
      taxRateMicros: 190_000,
      taxInclusive: true,
      shippingTaxMinor: shippingTax,
      taxMinor: itemsTax + shippingTax,
      totalMinor: itemsMinor + 3_999 + itemsTax + shippingTax,
      platformMinor,
      profitMinor: itemsMinor - platformMinor,
    });
    // What the buyer was quoted is what was frozen.
    expect(priced.totalMinor).toBe(order.totalMinor);
    // The ledger credits the profit alone: no shipping, no tax.
    const credits = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order.id));
    expect(credits.map((entry) => entry.amountMinor)).toEqual([itemsMinor - platformMinor]);
    expect(receipt.money).toMatchObject({ itemsMinor, shippingMinor: 3_999, taxMinor: order.taxMinor });
    expect(receipt.shipping).toEqual({ method: 'Express', minDays: 2, maxDays: 3 });

    // One unit refunded: the tax and shipping go back in proportion to the line's value.
    const teeLine = items.find((item) => item.productId === tee);
    const refund = await ok<TConsoleRefund>('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      lines: [{ itemId: String(teeLine?.id), quantity: 1 }],
      reason: 'Wrong size',
      version: 0,
    });
    const share = (teeLine?.sellingPriceMinor ?? 0) / itemsMinor;
    expect(refund.amountMinor).toBe(Math.round(order.totalMinor * share));
    expect(refund.profitReversedMinor).toBe(
      Math.round((order.profitMinor * refund.amountMinor) / order.totalMinor),
    );
  });

  it('adds a US state’s sales tax on top at checkout, shipping untaxed, free over the threshold', async () => {
    const small = await paid('NY', [[mug, 1]]);
    expect(small.order).toMatchObject({
      taxName: 'Sales tax',
      taxInclusive: false,
      shippingMethod: 'Standard',
      shippingMinor: 499,
      shippingTaxMinor: 0,
    });
    const unit = small.items[0]?.sellingPriceMinor ?? 0;
    expect(small.order.taxMinor).toBe(half(unit, 40_000));
    expect(small.order.totalMinor).toBe(unit + 499 + small.order.taxMinor);

    const large = await quote('NY', [[tee, 3]]);
    expect(large.methods[0]).toMatchObject({ name: 'Standard', costMinor: 0, free: true });
    expect(large.shippingMinor).toBe(0);
  });

  it('says before paying that a country without a zone is not shipped to, and places nothing there', async () => {
    const refused = await quote('JP', [[mug, 1]]);
    expect(refused).toMatchObject({ shippable: false, methods: [], shippingMethodId: null });
    const before = await countOrders();
    const stock = async () =>
      (await ctx.database.db.select().from(productVariants).where(eq(productVariants.productId, mug)))[0]
        ?.stock;
    const held = await stock();
    const res = await checkout('JP', [[mug, 1]]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ data: { fields: { field: string }[] } }>().data.fields.map((f) => f.field)).toEqual([
      'address.countryCode',
    ]);
    expect(await countOrders()).toBe(before);
    expect(await stock()).toBe(held);
  });

  it('refuses, per field and translated, a postcode of another format and a state not on the list; nothing is placed', async () => {
    const before = await countOrders();
    const res = await post('/checkout', {
      shop: 'ch-shop',
      email: 'buyer@example.com',
      address: { ...where.NY, region: 'New York', postalCode: '1000-001' },
      items: itemsOf([[mug, 1]]),
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ data: { fields: { field: string; message: string }[] } }>().data.fields;
    expect(fields).toEqual([
      { field: 'address.region', message: 'Choose the state, province or territory from the list.' },
      {
        field: 'address.postalCode',
        message: 'This postal code does not have the format of the country chosen.',
      },
    ]);
    expect(await countOrders()).toBe(before);
    // A country code naming the object's own machinery is refused like any other, never a 500.
    for (const countryCode of ['__proto__', 'constructor']) {
      const odd = await post('/checkout', {
        shop: 'ch-shop',
        email: 'buyer@example.com',
        address: { ...where.DE, countryCode },
        items: itemsOf([[mug, 1]]),
      });
      expect(odd.statusCode, odd.body).toBe(400);
    }
  });

  it('refuses a method of another zone, and prices by weight up to the heaviest band', async () => {
    const us = await quote('NY', [[mug, 1]]);
    // The quote prices the zone's first method instead; placing the order refuses it.
    const de = await quote('DE', [[mug, 1]], methodOf(us, 'Express'));
    expect(de.shippingMethodId).toBe(methodOf(de, 'Standard'));
    expect(de.shippingMinor).toBe(999);
    const res = await checkout('DE', [[mug, 1]], methodOf(us, 'Express'));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ data: { fields: { field: string }[] } }>().data.fields[0]?.field).toBe(
      'shippingMethodId',
    );

    const db = ctx.database.db;
    await db.update(productVariants).set({ weightGrams: 600 }).where(eq(productVariants.productId, mug));
    expect((await quote('BR', [[mug, 2]])).methods.map((m) => [m.name, m.costMinor])).toEqual([
      ['International', 3_499],
    ]);
    await db.update(productVariants).set({ weightGrams: 3_000 }).where(eq(productVariants.productId, mug));
    expect(await quote('BR', [[mug, 2]])).toMatchObject({ shippable: false, methods: [] });
    expect((await checkout('BR', [[mug, 2]])).statusCode).toBe(400);
    await db.update(productVariants).set({ weightGrams: 0 }).where(eq(productVariants.productId, mug));
  });

  it('ships everywhere, free and untaxed where nothing is set, while no zone exists at all', async () => {
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
      expect(await quote('JP', [[mug, 1]])).toMatchObject({
        shippable: true,
        methods: [],
        shippingMinor: 0,
        tax: null,
      });
      const { order } = await paid('JP', [[mug, 1]]);
      expect(order).toMatchObject({ shippingMinor: 0, taxMinor: 0, shippingMethod: null });
    } finally {
      await db.insert(shippingZones).values(zones);
      await db.insert(shippingMethods).values(methods);
    }
  });
});
