import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { accessibilityViolations } from '../support/axe';
import { checkOutInSandbox } from '../support/buyer';
import { PHONE, expectTapTargets } from '../support/phone';
import { E2E_SEED_PASSWORD } from '../support/ports';
import { expectNoSidewaysScroll } from '../support/themes';
import { english } from '../support/studio';

/*
 * What an order charges, end to end (decision 0056), on the demo install's seeded zones and
 * rates: a buyer in Germany on a phone arrives through the shop's link with the creator's discount
 * code, sees how a product ships there and its price with VAT, picks Express at checkout with the
 * code applied, pays through the sandbox and reads items, discount, shipping, VAT and total on the
 * receipt; the creator's profit is the items less their cost less the discount, to the cent; an
 * operator ships it and refunds one unit (its share of VAT and shipping back with it); the tax
 * report shows the German VAT of the month net of that refund.
 */

const sf = (key: string, values?: Record<string, string | number>) => english(`storefront:${key}`, values);

interface Envelope<T> {
  data: T;
}

async function ok<T>(answer: Promise<APIResponse>): Promise<T> {
  const res = await answer;
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as Envelope<T>).data;
}

async function operatorHeaders(
  request: APIRequestContext,
  username = 'admin',
): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/auth/login', {
    data: { username, password: E2E_SEED_PASSWORD },
  });
  const token = ((await login.json()) as Envelope<{ accessToken: string }>).data.accessToken;
  return { authorization: `Bearer ${token}` };
}

interface ReportRow {
  month: string;
  countryCode: string;
  region: string;
  collectedMinor: number;
  refundedMinor: number;
  netMinor: number;
}

/** This month's German VAT in the tax report (zeros before any German order). */
async function germanVat(request: APIRequestContext) {
  const month = new Date().toISOString().slice(0, 7);
  const report = await ok<{ rows: ReportRow[] }>(
    request.get(`/api/v1/taxes/report?from=${month}&to=${month}`, {
      headers: await operatorHeaders(request),
    }),
  );
  const rows = report.rows.filter((row) => row.countryCode === 'DE' && row.region === '');
  const sum = (of: (row: ReportRow) => number) => rows.reduce((total, row) => total + of(row), 0);
  return {
    collected: sum((r) => r.collectedMinor),
    refunded: sum((r) => r.refundedMinor),
    net: sum((r) => r.netMinor),
  };
}

/**
 * A product of the demo shop without options, with at least `units` in stock, and cheap enough
 * that two units stay under the EU's €150 for imports collected at checkout (IOSS): above it no
 * VAT is charged at checkout (decision 0056).
 */
async function stockedProduct(request: APIRequestContext, units = 5): Promise<{ id: string }> {
  const answer = await ok<{ list: { id: string; inStock: boolean; priceMinor: number }[] }>(
    request.get('/api/v1/public/shops/demo/products?pageSize=48&pageNum=1'),
  );
  for (const card of answer.list.filter((p) => p.inStock && p.priceMinor <= 6_000)) {
    const product = await ok<{ id: string; stock: number; options: unknown[] }>(
      request.get(`/api/v1/public/shops/demo/products/${card.id}`),
    );
    if (product.options.length === 0 && product.stock >= units) return product;
  }
  throw new Error(`no product of the demo shop without options has ${units} in stock`);
}

test.use({
  ...PHONE,
  // axe-core is injected as a script, which the storefront's Content Security Policy forbids.
  bypassCSP: true,
});

test('a buyer in Germany comes with the shop’s code, sees the price with VAT and how it ships, pays Express; the profit is the items’ less the discount, a refund takes back its share, the tax report nets it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const before = await germanVat(request);
  // Two units of a product with stock to spare (the demo's stock is drawn).
  const product = await stockedProduct(request);
  // The demo creator's code: $1 off an order, shared as the shop's link.
  const code = `DE${Date.now().toString(36).toUpperCase()}`;
  await ok(
    request.post('/api/v1/discounts', {
      headers: await operatorHeaders(request, 'demo@linkstore.local'),
      data: {
        code,
        kind: 'amount',
        amountMinor: 100,
        minOrderMinor: null,
        startsOn: null,
        endsOn: null,
        maxUses: null,
        maxUsesPerEmail: 1,
        productIds: null,
      },
    }),
  );
  await page.goto(`/s/demo?code=${code.toLowerCase()}&lang=en`);
  await expect(page.getByText(sf('discount.notice', { code }))).toBeVisible();

  // The product page: shipped to Germany by Standard, its price with the 19 % VAT included.
  await page.goto(`/s/demo/p/${product.id}?lang=en`);
  const delivery = page.getByRole('region', { name: sf('delivery.title') });
  await delivery.getByLabel(sf('delivery.shipTo')).selectOption('DE');
  await expect(delivery).toContainText(/Standard: \$\d+\.\d\d, 4–8 business days after dispatch/);
  await expect(delivery).toContainText(/\$\d+\.\d\d including VAT \(19%\)/);
  await expectNoSidewaysScroll(page, 'the product page with its delivery estimate');
  await expectTapTargets(page, 'the ship-to choice', '.sf-delivery');
  // The product's own price, and every price of the shop's grid, now show the VAT included.
  await expect(page.locator('.sf-tax-label').first()).toHaveText(sf('price.inclTax', { name: 'VAT' }));
  await page.goto('/s/demo?lang=en');
  await expect(page.locator('.sf-grid .sf-tax-label').first()).toHaveText(
    sf('price.inclTax', { name: 'VAT' }),
  );
  await expectNoSidewaysScroll(page, 'the shop page with prices incl. VAT');
  await page.goto(`/s/demo/p/${product.id}?lang=en`);
  await page.getByLabel(sf('cart.quantity'), { exact: true }).fill('2');
  await page.getByRole('button', { name: sf('product.addToCart') }).click();

  // Checkout: Germany kept from the product page, Express picked, VAT included in the summary.
  await page.goto('/s/demo/checkout?lang=en');
  await expect(page.getByLabel(sf('checkout.fields.countryCode'))).toHaveValue('DE');
  await page.getByRole('radio', { name: /Express/ }).check();
  // The code from the shop's link, applied: its saving is a row of the summary.
  await expect(page.getByLabel(sf('discount.label'))).toHaveValue(code);
  const rows = page.locator('.sf-money-row');
  await expect(rows.filter({ hasText: sf('money.rows.discountCode', { code }) })).toHaveCount(1);
  // Goods under €150 into the EU: the import VAT is collected here (IOSS), nothing on delivery.
  await expect(page.getByText(sf('ioss.ioss'))).toBeVisible();
  await expect(
    rows.filter({ hasText: sf('money.rows.taxIncluded', { name: 'VAT', rate: '19%' }) }),
  ).toHaveCount(1);
  await expectNoSidewaysScroll(page, 'the checkout with its shipping methods');
  await expectTapTargets(page, 'the shipping methods', '.sf-methods');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const serious = (await accessibilityViolations(page)).filter((v) => /\((serious|critical)\)/.test(v));
    expect(serious, `the checkout, ${scheme} theme`).toEqual([]);
  }
  const orderNo = await checkOutInSandbox(page, {
    email: `charges-${Date.now()}@example.com`,
    name: 'Jana Kunde',
  });

  // The receipt: items, the code's discount, shipping and total, and the VAT they include.
  const receipt = page.locator('.sf-money-row');
  await expect(receipt).toHaveText([
    /^Items\$[\d,.]+$/,
    new RegExp(`^Discount \\(${code}\\)−\\$[\\d.]+$`),
    /^Shipping\$[\d,.]+$/,
    /^Total\$[\d,.]+$/,
    /^Includes VAT \(19%\)\$[\d,.]+$/,
  ]);

  // What was frozen: Express, the VAT, the code, and the creator's profit = Σ (price − cost) − the
  // discount, to the cent.
  const headers = await operatorHeaders(request);
  const detail = await ok<{
    version: number;
    totalMinor: number;
    profitMinor: number;
    items: { id: string; sellingUnitMinor: number; platformUnitMinor: number; quantity: number }[];
    money: {
      itemsMinor: number;
      discountMinor: number;
      discountCode: string | null;
      shippingMinor: number;
      taxMinor: number;
      tax: { name: string; inclusive: boolean };
    };
    shipping: { method: string };
  }>(request.get(`/api/v1/system/orders/${orderNo}`, { headers }));
  expect(detail.shipping.method).toBe('Express');
  expect(detail.money.tax).toMatchObject({ name: 'VAT', inclusive: true });
  const line = detail.items[0];
  if (!line) throw new Error('no line');
  expect(detail.money).toMatchObject({ discountCode: code, discountMinor: 100 });
  expect(detail.profitMinor).toBe((line.sellingUnitMinor - line.platformUnitMinor) * line.quantity - 100);
  expect(detail.totalMinor).toBe(
    detail.money.itemsMinor - detail.money.discountMinor + detail.money.shippingMinor + detail.money.taxMinor,
  );

  // An operator ships it, then refunds one of the two units: half the items' share of the total.
  await ok(
    request.post('/api/v1/system/orders/ship', {
      headers,
      data: {
        items: [{ orderNo, carrier: 'dhl', trackingNo: 'JJD000390007821456', version: detail.version }],
      },
    }),
  );
  const shipped = await ok<{ version: number }>(request.get(`/api/v1/system/orders/${orderNo}`, { headers }));
  const refund = await ok<{ amountMinor: number }>(
    request.post('/api/v1/system/orders/refund', {
      headers,
      data: {
        orderNo,
        lines: [{ itemId: line.id, quantity: 1 }],
        reason: 'One arrived broken',
        version: shipped.version,
      },
    }),
  );
  expect(refund.amountMinor).toBe(Math.round(detail.totalMinor / 2));

  // The tax report: this order's VAT collected, and the refund's half of it given back.
  const after = await germanVat(request);
  expect(after.collected - before.collected).toBe(detail.money.taxMinor);
  // The refund's share of the tax: tax × refunded / captured, half up (integers).
  const taxBack = Math.floor(
    (2 * detail.money.taxMinor * refund.amountMinor + detail.totalMinor) / (2 * detail.totalMinor),
  );
  expect(after.refunded - before.refunded).toBe(taxBack);
  expect(after.net - before.net).toBe(detail.money.taxMinor - taxBack);
});
