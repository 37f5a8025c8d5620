import type { TCheckoutAnswer, TCheckoutQuote, TDiscountCode, TOrderReceipt } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { addSubcategory } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { startSmtpSink, waitFor, type SmtpSink } from '../../platform/mail/mail-testing';
import { insertSimpleProducts } from '../catalog/catalog.api';
import { countries } from '../countries/countries.table';
import { seedShipping } from '../shipping/shipping.api';
import { shops } from '../shops/shops.table';
import { seedTaxRates } from '../taxes/taxes.api';
import { composeConfirmation } from './order-mail';
import { moneyOf } from './order-money';
import { orders } from './orders.table';

/*
 * EU import VAT (decision 0056): goods shipped into the EU worth at most €150 (the items less the
 * discount, at the operators' euro rate) have their VAT collected at checkout under IOSS; worth
 * more, no tax is charged at checkout (the carrier collects import VAT and duties on delivery).
 * The scheme is frozen on the order and shown on the quote, the receipt and the mail. The test
 * template keeps the seeded euro rate: 0.92 euro per dollar, so €150 is $163.04.
 */

let ctx: TestContext;
let sink: SmtpSink;
let address = 0;
const tokens: Record<string, string> = {};
const { ok } = apiCalls(() => ctx.app, tokens);
const nextIp = () => `10.35.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
let scarf = 0;
let coat = 0;

type Item = [productId: number, quantity: number];
const itemsOf = (items: Item[]) => items.map(([id, quantity]) => ({ productId: String(id), quantity }));
const where = {
  DE: { name: 'Jana', line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', countryCode: 'DE' },
  NY: {
    name: 'Sam',
    line1: '1 Main St',
    city: 'Albany',
    region: 'NY',
    postalCode: '12207',
    countryCode: 'US',
  },
};
type Where = keyof typeof where;

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/public${url}`, payload, remoteAddress: nextIp() });

async function quote(
  to: Where,
  items: Item[],
  discountCode?: string,
  shippingMethodId?: string,
): Promise<TCheckoutQuote> {
  const { countryCode, region } = { region: undefined, ...where[to] };
  const res = await post('/checkout/quote', {
    shop: 'iv-shop',
    countryCode,
    region,
    items: itemsOf(items),
    discountCode,
    shippingMethodId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TCheckoutQuote }>().data;
}

/** Places and pays an order; answers it as stored, and its receipt. */
async function paid(
  to: Where,
  items: Item[],
  email: string,
  discountCode?: string,
  shippingMethodId?: string,
) {
  const res = await post('/checkout', {
    shop: 'iv-shop',
    email,
    address: where[to],
    items: itemsOf(items),
    discountCode,
    shippingMethodId,
    language: 'fr',
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

/** US cents in euro cents at the seeded rate, half up. */
const euros = (usdMinor: number) => Math.floor((usdMinor * 920_000) / 1_000_000 + 0.5);

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', SMTP_URL: sink.url } });
  const db = ctx.database.db;
  await seedShipping(db);
  await seedTaxRates(db);
  const ownerUserId = await createUser(db, { username: 'iv-owner', password: 'Owner-pass-1' });
  await db.insert(shops).values({ ownerUserId, slug: 'iv-shop', name: 'Imports', defaultPercentage: 200 });
  tokens.owner = await accessTokenFor(ctx.app, 'iv-owner', 'Owner-pass-1');
  const categoryId = await addSubcategory(db, 'Imports');
  const rows = await insertSimpleProducts(db, [
    { categoryId, title: 'Scarf', platformPriceMinor: 1_000, stock: 50 },
    { categoryId, title: 'Coat', platformPriceMinor: 10_000, stock: 50 },
  ]);
  scarf = rows[0]?.id ?? 0;
  coat = rows[1]?.id ?? 0;
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

describe('EU import VAT', () => {
  it('charges German VAT at checkout on goods worth at most €150, under IOSS, and freezes it', async () => {
    const offered = await quote('DE', [[scarf, 2]]);
    expect(euros(offered.itemsMinor)).toBeLessThanOrEqual(15_000);
    expect(offered).toMatchObject({ taxScheme: 'ioss', tax: { name: 'VAT', rateMicros: 190_000 } });
    expect(offered.taxMinor).toBeGreaterThan(0);

    const { order, receipt } = await paid('DE', [[scarf, 2]], 'low@example.com');
    expect(order).toMatchObject({
      taxScheme: 'ioss',
      taxName: 'VAT',
      taxCountry: 'DE',
      taxMinor: offered.taxMinor,
    });
    expect(order.totalMinor).toBe(offered.totalMinor);
    expect(receipt.money.taxScheme).toBe('ioss');
    const mail = await waitFor(() => sink.messages.find((m) => m.to.includes('low@example.com')));
    expect(mail.text).toContain(
      'La TVA à l’importation est incluse : rien de plus à payer à la livraison (IOSS).',
    );
  });

  it('charges no tax at checkout on goods worth more than €150: the carrier collects it on delivery', async () => {
    // Express: Standard is free over its threshold, and the total must show the shipping paid.
    const express = (await quote('DE', [[coat, 1]])).methods.find((m) => m.name === 'Express')?.methodId;
    const offered = await quote('DE', [[coat, 1]], undefined, express);
    expect(euros(offered.itemsMinor)).toBeGreaterThan(15_000);
    expect(offered).toMatchObject({ taxScheme: 'import', tax: null, taxMinor: 0, shippingTaxMinor: 0 });
    expect(offered.totalMinor).toBe(offered.itemsMinor - offered.discountMinor + offered.shippingMinor);
    expect(offered.shippingMinor).toBeGreaterThan(0);

    const { order, receipt } = await paid('DE', [[coat, 1]], 'high@example.com', undefined, express);
    expect(order).toMatchObject({
      taxScheme: 'import',
      taxMinor: 0,
      shippingTaxMinor: 0,
      taxName: null,
      taxCountry: null,
      taxRateMicros: 0,
      totalMinor: offered.totalMinor,
    });
    expect(order.totalMinor).toBe(offered.itemsMinor + order.shippingMinor);
    expect(receipt.money).toMatchObject({ taxScheme: 'import', tax: null, taxMinor: 0 });
    const mail = await waitFor(() => sink.messages.find((m) => m.to.includes('high@example.com')));
    expect(mail.text).toContain(
      'La TVA à l’importation et les droits de douane ne sont pas inclus : le transporteur les perçoit à la livraison.',
    );
    expect(mail.text).not.toContain('TVA 19');
  });

  it('reads the value less the discount: a code bringing the goods to €150 or less makes it IOSS', async () => {
    const full = await quote('DE', [[coat, 1]]);
    // Leaves $160.00 of goods: €147.20.
    const code = await ok<TDiscountCode>('owner', 'POST', '/discounts', {
      code: 'WINTER',
      kind: 'amount',
      amountMinor: full.itemsMinor - 16_000,
      minOrderMinor: null,
      startsOn: null,
      endsOn: null,
      maxUses: null,
      maxUsesPerEmail: null,
      productIds: null,
    });
    const offered = await quote('DE', [[coat, 1]], code.code);
    expect(offered.itemsMinor - offered.discountMinor).toBe(16_000);
    expect(offered).toMatchObject({ discountCode: 'WINTER', taxScheme: 'ioss', tax: { name: 'VAT' } });
    expect(offered.taxMinor).toBeGreaterThan(0);
    const { order } = await paid('DE', [[coat, 1]], 'coded@example.com', 'WINTER');
    expect(order).toMatchObject({ taxScheme: 'ioss', taxName: 'VAT', totalMinor: offered.totalMinor });
  });

  it('has no scheme outside the EU, and counts as IOSS where no euro rate is kept', async () => {
    expect(await quote('NY', [[coat, 1]])).toMatchObject({ taxScheme: null, tax: { name: 'Sales tax' } });
    const { order } = await paid('NY', [[coat, 1]], 'us@example.com');
    expect(order.taxScheme).toBeNull();

    const db = ctx.database.db;
    await db.update(countries).set({ currencyCode: 'XEU' }).where(eq(countries.currencyCode, 'EUR'));
    try {
      expect(await quote('DE', [[coat, 1]])).toMatchObject({ taxScheme: 'ioss', tax: { name: 'VAT' } });
    } finally {
      await db.update(countries).set({ currencyCode: 'EUR' }).where(eq(countries.currencyCode, 'XEU'));
    }
    expect(await quote('DE', [[coat, 1]])).toMatchObject({ taxScheme: 'import', tax: null });
  });

  it('writes the note in each language of the mail, after the summary', () => {
    const money = moneyOf({
      totalMinor: 30_499,
      discountMinor: 0,
      discountCode: null,
      discountTaxMinor: 0,
      shippingMinor: 499,
      shippingTaxMinor: 0,
      taxMinor: 0,
      currencyCode: 'USD',
      taxName: null,
      taxRateMicros: 0,
      taxInclusive: false,
      taxScheme: 'import',
    });
    const mail = (lang: 'en' | 'es' | 'pt' | 'fr' | 'zh-cn', taxScheme: 'ioss' | 'import' | null) =>
      composeConfirmation('b@example.com', {
        orderUrl: 'http://127.0.0.1/s/demo/order/t.s',
        lang,
        orderNo: 'LS261122-AAAAAAAA',
        currencyCode: 'USD',
        shopName: 'Shop',
        totalMinor: money.totalMinor,
        money: { ...money, taxScheme },
        shipping: null,
        items: [{ title: 'Coat', quantity: 1, sellingPriceMinor: 30_000 }],
      }).text;
    expect(mail('en', 'import')).toContain(
      'Shipping: $4.99\nImport VAT and duties are not included: the carrier collects them on delivery.\nTotal paid: $304.99',
    );
    expect(mail('en', 'ioss')).toContain('Import VAT is included: nothing more to pay on delivery (IOSS).');
    expect(mail('es', 'ioss')).toContain('(IOSS)');
    expect(mail('pt', 'import')).toContain('a transportadora cobra-os na entrega');
    expect(mail('zh-cn', 'ioss')).toContain('已含进口增值税');
    expect(mail('en', null)).not.toMatch(/Import VAT/);
  });
});
