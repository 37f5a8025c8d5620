import {
  ErrorCode,
  type TPricedProduct,
  type TPricingSettings,
  type TShopProduct,
  type TShopProductVariants,
  type TStorefrontProductDetail,
  type TStorefrontProductPage,
} from '@linkstore/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { addSubcategory, addVariedProduct } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { orderItems, orders } from '../orders/orders.table';
import { shopProducts, shops, shopVariantPrices } from '../shops/shops.table';

/*
 * A creator's own price per variant and "compare at" (sale) prices (decision 0055): saved with
 * the price pages (all or nothing), shown in the studio and to buyers, charged at checkout — the
 * own price as typed, the compare-at never.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const PASSWORD = 'Variant-prices-pw-1';
const { call, ok } = apiCalls(() => ctx.app, tokens);

let hoodieId = 0;
let otherId = 0;
/** The hoodie's variants by SKU suffix: S, M, L at 18.00 and 3XL at 21.00 (S / Black sold as). */
const v: Record<string, number> = {};
const vid = (key: string) => String(v[key] ?? 0);
let otherVariant = 0;
let address = 0;

const SIZE = {
  name: 'Size',
  es: 'Talla',
  values: [{ value: 'S' }, { value: 'M' }, { value: 'L' }, { value: '3XL' }],
};
const COLOUR = { name: 'Colour', es: 'Color', values: [{ value: 'Black', es: 'Negro' }] };

async function openShop(name: string): Promise<void> {
  await createUser(ctx.database.db, { username: `vp-${name}`, password: PASSWORD });
  tokens[name] = await accessTokenFor(ctx.app, `vp-${name}`, PASSWORD);
  if (name === 'nobody') return;
  await ok(name, 'POST', '/shop', { name, slug: `vp-${name}` });
}

const variantsOf = (as: string, lang?: string) =>
  ok<TShopProductVariants>(as, 'GET', `/shop/products/${hoodieId}/variants`, undefined, lang);
const byId = (list: TShopProductVariants) => new Map(list.variants.map((x) => [x.id, x]));

async function studioRow(as: string): Promise<TShopProduct | undefined> {
  const page = await ok<{ list: TShopProduct[] }>(
    as,
    'GET',
    '/shop/products?pageSize=100&keywords=VP%20Hoodie',
  );
  return page.list.find((p) => p.id === String(hoodieId));
}
async function pricingRow(as: string): Promise<TPricedProduct | undefined> {
  const page = await ok<{ list: TPricedProduct[] }>(
    as,
    'GET',
    '/pricing/products?pageSize=100&keywords=VP%20Hoodie',
  );
  return page.list.find((p) => p.id === String(hoodieId));
}
async function publicRead<T>(url: string): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/public/shops/vp-anna${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}
/** Everything a save could have written for the shop, to compare before and after a refusal. */
async function written() {
  const db = ctx.database.db;
  const [shop] = await db.select().from(shops).where(eq(shops.slug, 'vp-anna'));
  return {
    shop: { defaultPercentage: shop?.defaultPercentage, rounding: shop?.rounding },
    products: await db
      .select()
      .from(shopProducts)
      .where(eq(shopProducts.shopId, shop?.id ?? 0))
      .orderBy(asc(shopProducts.productId)),
    variants: await db
      .select({
        variantId: shopVariantPrices.variantId,
        priceMinor: shopVariantPrices.priceMinor,
        compareAtMinor: shopVariantPrices.compareAtMinor,
      })
      .from(shopVariantPrices)
      .where(eq(shopVariantPrices.shopId, shop?.id ?? 0))
      .orderBy(asc(shopVariantPrices.variantId)),
  };
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const categoryId = await addSubcategory(ctx.database.db, 'VP apparel');
  const hoodie = await addVariedProduct(ctx.database.db, {
    categoryId,
    title: 'VP Hoodie',
    options: [SIZE, COLOUR],
    variants: [
      { values: ['S', 'Black'], sku: 'VP-S', costMinor: 1800, stock: 5 },
      { values: ['M', 'Black'], sku: 'VP-M', costMinor: 1800, stock: 5 },
      { values: ['L', 'Black'], sku: 'VP-L', costMinor: 1800, stock: 5 },
      { values: ['3XL', 'Black'], sku: 'VP-3XL', costMinor: 2100, stock: 5 },
    ],
  });
  hoodieId = hoodie.id;
  for (const size of ['S', 'M', 'L', '3XL']) v[size] = hoodie.variantIds[`VP-${size}`] ?? 0;
  const other = await addVariedProduct(ctx.database.db, {
    categoryId,
    title: 'VP Cap',
    options: [{ name: 'Size', values: [{ value: 'One' }] }],
    variants: [{ values: ['One'], sku: 'VP-CAP', costMinor: 900, stock: 5 }],
  });
  otherId = other.id;
  otherVariant = other.variantIds['VP-CAP'] ?? 0;
  for (const name of ['anna', 'bruno', 'nobody']) await openShop(name);
});

afterAll(() => ctx.close());

describe("a variant's own price", () => {
  it('wins over the rules and is used as typed (not rounded); the other variants keep the rules', async () => {
    await ok('anna', 'PUT', '/pricing', {
      rounding: '99',
      products: [{ productId: String(hoodieId), variants: [{ variantId: vid('3XL'), priceMinor: 4550 }] }],
    });
    const answer = await variantsOf('anna');
    expect(answer.sellingVariantId).toBe(vid('S'));
    expect(
      answer.variants.map((x) => [
        x.label,
        x.sku,
        x.stock,
        x.costMinor,
        x.sellingMinor,
        x.profitMinor,
        x.source,
      ]),
    ).toEqual([
      ['S / Black', 'VP-S', 5, 1800, 3699, 1899, 'default'],
      ['M / Black', 'VP-M', 5, 1800, 3699, 1899, 'default'],
      ['L / Black', 'VP-L', 5, 1800, 3699, 1899, 'default'],
      ['3XL / Black', 'VP-3XL', 5, 2100, 4550, 2450, 'variant'],
    ]);
    expect(byId(answer).get(vid('3XL'))).toMatchObject({
      priceMinor: 4550,
      compareAtMinor: null,
      percentage: null,
    });
    expect(byId(answer).get(vid('M'))).toMatchObject({ priceMinor: null, percentage: 200 });
    // Labels in the caller's language.
    expect((await variantsOf('anna', 'es')).variants.map((x) => x.label)).toEqual([
      'S / Negro',
      'M / Negro',
      'L / Negro',
      '3XL / Negro',
    ]);
    // The studio's range and the storefront follow it.
    expect(await studioRow('anna')).toMatchObject({
      sellingMinor: 3699,
      minSellingMinor: 3699,
      maxSellingMinor: 4550,
      minProfitMinor: 1899,
      maxProfitMinor: 2450,
      compareAtMinor: null,
    });
    const page = await publicRead<TStorefrontProductDetail>(`/products/${hoodieId}`);
    expect(page.variants.map((x) => [x.id, x.priceMinor])).toEqual([
      [vid('S'), 3699],
      [vid('M'), 3699],
      [vid('L'), 3699],
      [vid('3XL'), 4550],
    ]);
  });

  it("beats the product's own price; on the variant it is sold as it prices the product", async () => {
    await ok('anna', 'PUT', '/pricing', {
      products: [
        {
          productId: String(hoodieId),
          overridePriceMinor: 3000,
          variants: [{ variantId: vid('S'), priceMinor: 2900 }],
        },
      ],
    });
    const prices = byId(await variantsOf('anna'));
    expect(
      [vid('S'), vid('M'), vid('L'), vid('3XL')].map((id) => [
        prices.get(id)?.sellingMinor,
        prices.get(id)?.source,
      ]),
    ).toEqual([
      [2900, 'variant'],
      [3000, 'override'],
      [3000, 'override'],
      [4550, 'variant'],
    ]);
    expect(await pricingRow('anna')).toMatchObject({
      costMinor: 1800,
      sellingMinor: 2900,
      profitMinor: 1100,
      source: 'variant',
      overridePriceMinor: 3000,
      sellingVariantId: vid('S'),
      variantPriceMinor: 2900,
      variants: 4,
    });
    expect(await studioRow('anna')).toMatchObject({
      sellingMinor: 2900,
      minSellingMinor: 2900,
      maxSellingMinor: 4550,
    });
    const card = (await publicRead<TStorefrontProductPage>('/products?pageSize=48')).list.find(
      (p) => p.id === String(hoodieId),
    );
    expect(card).toMatchObject({ priceMinor: 2900, priceVaries: true, compareAtMinor: null });
  });

  it('is kept per shop: another creator sees the rules alone', async () => {
    const prices = await variantsOf('bruno');
    expect(prices.variants.map((x) => [x.sellingMinor, x.source, x.priceMinor])).toEqual([
      [3600, 'default', null],
      [3600, 'default', null],
      [3600, 'default', null],
      [4200, 'default', null],
    ]);
  });
});

describe('"compare at" prices', () => {
  it("show the product's compare-at carried by the difference of prices, a variant's own first", async () => {
    await ok('anna', 'PUT', '/pricing', {
      products: [
        {
          productId: String(hoodieId),
          compareAtMinor: 4000,
          variants: [{ variantId: vid('M'), compareAtMinor: 3500 }],
        },
      ],
    });
    const prices = byId(await variantsOf('anna'));
    // S is sold at 29.00 (the product's compare-at is its own), L at 30.00, 3XL at 45.50.
    expect(
      [vid('S'), vid('M'), vid('L'), vid('3XL')].map((id) => prices.get(id)?.shownCompareAtMinor),
    ).toEqual([4000, 3500, 4100, 5650]);
    expect(prices.get(vid('M'))).toMatchObject({
      compareAtMinor: 3500,
      priceMinor: null,
      sellingMinor: 3000,
    });
    expect(await pricingRow('anna')).toMatchObject({ compareAtMinor: 4000, sellingMinor: 2900 });
    expect(await studioRow('anna')).toMatchObject({ compareAtMinor: 4000 });

    const page = await publicRead<TStorefrontProductDetail>(`/products/${hoodieId}`);
    expect(page.variants.map((x) => [x.priceMinor, x.compareAtMinor])).toEqual([
      [2900, 4000],
      [3000, 3500],
      [3000, 4100],
      [4550, 5650],
    ]);
    // The card is priced at its cheapest variant, with that variant's compare-at.
    expect(page).toMatchObject({ priceMinor: 2900, compareAtMinor: 4000 });
    const card = (await publicRead<TStorefrontProductPage>('/products?pageSize=48')).list.find(
      (p) => p.id === String(hoodieId),
    );
    expect(card).toMatchObject({ priceMinor: 2900, priceVaries: true, compareAtMinor: 4000 });
    // Another shop shows none.
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/public/shops/vp-bruno/products/${hoodieId}`,
    });
    expect(res.json<{ data: TStorefrontProductDetail }>().data.variants.map((x) => x.compareAtMinor)).toEqual(
      [null, null, null, null],
    );
  });

  it('never changes what checkout charges or the profit: the own price is charged, as typed', async () => {
    address += 1;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/checkout',
      remoteAddress: `10.9.0.${address}`,
      payload: {
        shop: 'vp-anna',
        email: 'buyer@example.com',
        address: { name: 'Ana', line1: 'Calle 1', city: 'Madrid', postalCode: '28001', countryCode: 'ES' },
        items: [
          { productId: String(hoodieId), variantId: vid('3XL'), quantity: 1 },
          { productId: String(hoodieId), variantId: vid('M'), quantity: 2 },
          { productId: String(hoodieId), quantity: 1 },
        ],
        language: 'en',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderNo = res.json<{ data: { orderNo: string } }>().data.orderNo;
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    const lines = await ctx.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? 0))
      .orderBy(asc(orderItems.id));
    expect(
      lines.map((line) => [
        line.variantId,
        line.sellingPriceMinor,
        line.platformPriceMinor,
        line.profitMinor,
      ]),
    ).toEqual([
      [v['3XL'], 4550, 2100, 2450],
      [v.M, 3000, 1800, 1200],
      // A line naming only the product is the variant it is sold as, at its own price.
      [v.S, 2900, 1800, 1100],
    ]);
    expect(order).toMatchObject({ totalMinor: 4550 + 6000 + 2900 });
  });
});

describe('a save with variant prices is all or nothing', () => {
  it('refuses a variant of another product or an unknown one, on its field, writing nothing', async () => {
    const before = await written();
    const res = await call('anna', 'PUT', '/pricing', {
      defaultPercentage: 300,
      products: [
        { productId: String(otherId), overridePriceMinor: 2000 },
        {
          productId: String(hoodieId),
          compareAtMinor: 9000,
          variants: [
            { variantId: vid('L'), priceMinor: 3333 },
            { variantId: String(otherVariant), priceMinor: 3333 },
            { variantId: '999999999', compareAtMinor: 9999 },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ code: string; data: { fields: { field: string; message: string }[] } }>();
    expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(body.data.fields).toEqual([
      { field: 'products.1.variants.1.variantId', message: 'This is not a variant of "VP Hoodie".' },
      { field: 'products.1.variants.2.variantId', message: 'This is not a variant of "VP Hoodie".' },
    ]);
    expect(await written()).toEqual(before);
  });

  it("refuses an own price below its variant's cost (pricing.belowCost), naming the variant", async () => {
    const before = await written();
    const res = await call(
      'anna',
      'PUT',
      '/pricing',
      {
        rounding: 'whole',
        products: [
          {
            productId: String(hoodieId),
            variants: [
              { variantId: vid('L'), priceMinor: 1800 },
              { variantId: vid('3XL'), priceMinor: 2099 },
            ],
          },
        ],
      },
      'es',
    );
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ code: string; msg: string; data: { fields: { field: string }[] } }>();
    expect(body.code).toBe(ErrorCode.PRICE_BELOW_COST);
    expect(body.msg).toBe(
      'El precio de venta de "VP Hoodie — 3XL / Negro" ($20.99) no puede ser inferior a su coste ($21.00).',
    );
    expect(body.data.fields.map((f) => f.field)).toEqual(['products.0.variants.1.priceMinor']);
    expect(await written()).toEqual(before);
  });

  it('refuses a compare-at not above the price it applies to as the save leaves it, undoing the rest', async () => {
    const before = await written();
    // The product's compare-at applies to S / Black, which the same save prices at 35.00.
    const res = await call('anna', 'PUT', '/pricing', {
      defaultPercentage: 250,
      products: [
        {
          productId: String(hoodieId),
          compareAtMinor: 3500,
          variants: [
            { variantId: vid('S'), priceMinor: 3500 },
            { variantId: vid('L'), compareAtMinor: 3000 },
            { variantId: vid('3XL'), compareAtMinor: 4551 },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ code: string; data: { fields: { field: string; message: string }[] } }>();
    expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(body.data.fields).toEqual([
      {
        field: 'products.0.compareAtMinor',
        message: 'The "compare at" price of "VP Hoodie" ($35.00) must be above its selling price ($35.00).',
      },
      {
        field: 'products.0.variants.1.compareAtMinor',
        message:
          'The "compare at" price of "VP Hoodie — L / Black" ($30.00) must be above its selling price ($30.00).',
      },
    ]);
    expect(await written()).toEqual(before);
    // In French too (the server's catalogue).
    const fr = await call(
      'anna',
      'PUT',
      '/pricing',
      {
        products: [{ productId: String(hoodieId), variants: [{ variantId: vid('L'), compareAtMinor: 100 }] }],
      },
      'fr',
    );
    expect(fr.json<{ msg: string }>().msg).toBe(
      'Le prix barré de « VP Hoodie — L / Black » ($1.00) doit être supérieur à son prix de vente ($30.00).',
    );
  });

  it('refuses malformed prices and too many variants before reading anything', async () => {
    const before = await written();
    const many = Array.from({ length: 251 }, () => ({ variantId: vid('L'), priceMinor: 3000 }));
    for (const payload of [
      { products: [{ productId: String(hoodieId), variants: many }] },
      { products: [{ productId: String(hoodieId), variants: [{ variantId: vid('L'), priceMinor: 0 }] }] },
      {
        products: [
          { productId: String(hoodieId), variants: [{ variantId: vid('L'), compareAtMinor: 12.5 }] },
        ],
      },
      { products: [{ productId: String(hoodieId), compareAtMinor: -1 }] },
      { products: [{ productId: String(hoodieId), variants: [{ variantId: 'x', priceMinor: 3000 }] }] },
    ]) {
      const res = await call('anna', 'PUT', '/pricing', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
      expect(res.json<{ code: string }>().code).toBe(ErrorCode.VALIDATION_FAILED);
    }
    expect(await written()).toEqual(before);
  });

  it('null removes an own price or compare-at; a variant left with neither has no row', async () => {
    await ok<TPricingSettings>('anna', 'PUT', '/pricing', {
      products: [
        {
          productId: String(hoodieId),
          compareAtMinor: null,
          variants: [
            { variantId: vid('S'), priceMinor: null },
            { variantId: vid('M'), compareAtMinor: null },
            { variantId: vid('3XL'), compareAtMinor: 6000 },
          ],
        },
      ],
    });
    expect((await written()).variants).toEqual([
      { variantId: v['3XL'], priceMinor: 4550, compareAtMinor: 6000 },
    ]);
    const prices = byId(await variantsOf('anna'));
    expect(prices.get(vid('S'))).toMatchObject({
      sellingMinor: 3000,
      source: 'override',
      shownCompareAtMinor: null,
    });
    expect(prices.get(vid('3XL'))).toMatchObject({ sellingMinor: 4550, shownCompareAtMinor: 6000 });
    await ok('anna', 'PUT', '/pricing', {
      products: [
        {
          productId: String(hoodieId),
          variants: [{ variantId: vid('3XL'), priceMinor: null, compareAtMinor: null }],
        },
      ],
    });
    expect((await written()).variants).toEqual([]);
    // A rule that lifts a price past a stored compare-at hides it; nothing is refused.
    await ok('anna', 'PUT', '/pricing', {
      products: [{ productId: String(hoodieId), compareAtMinor: 3100 }],
    });
    await ok('anna', 'PUT', '/pricing', {
      products: [{ productId: String(hoodieId), overridePriceMinor: 3200 }],
    });
    expect((await variantsOf('anna')).variants.map((x) => x.shownCompareAtMinor)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(await studioRow('anna')).toMatchObject({ compareAtMinor: 3100, sellingMinor: 3200 });
  });
});

describe('the variants of a product in the studio', () => {
  it("answer only the caller's own shop, and absent for a product not on sale", async () => {
    const none = await call('nobody', 'GET', `/shop/products/${hoodieId}/variants`);
    expect(none.statusCode).toBe(404);
    expect(none.json<{ msg: string }>().msg).toBe('You have not opened your shop yet.');
    const visitor = await call(null, 'GET', `/shop/products/${hoodieId}/variants`);
    expect(visitor.statusCode).toBe(401);
    const unknown = await call('anna', 'GET', '/shop/products/999999999/variants');
    expect(unknown.statusCode).toBe(404);
    const bad = await call('anna', 'GET', '/shop/products/abc/variants');
    expect(bad.statusCode).toBe(400);
  });
});
