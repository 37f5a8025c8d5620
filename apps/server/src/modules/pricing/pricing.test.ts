import { insertSimpleProducts } from '../catalog/catalog.api';
import { eq } from 'drizzle-orm';
import { ErrorCode, priceProduct, type TPricedProduct, type TPricingSettings } from '@linkstore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, type TMethod } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { categories, products } from '../catalog/catalog.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const PASSWORD = 'Pricing-owner-pw-1';
const ids: Record<string, string> = {};
const productKeys = new Map<string, string>();

const { call, ok } = apiCalls(() => ctx.app, tokens);

const id = (key: string) => ids[key] ?? '';

/** The products of the test's two first-level categories, by key. */
async function priced(as: string, query = ''): Promise<Record<string, TPricedProduct>> {
  const out: Record<string, TPricedProduct> = {};
  for (const top of ['A', 'B']) {
    const page = await ok<{ list: TPricedProduct[]; total: number }>(
      as,
      'GET',
      `/pricing/products?pageSize=100&categoryId=${id(top)}${query}`,
    );
    for (const p of page.list) {
      const key = productKeys.get(p.id);
      if (key) out[key] = p;
    }
  }
  return out;
}

async function addCategory(key: string, parentId: number): Promise<number> {
  const [row] = await ctx.database.db
    .insert(categories)
    .values({ parentId, name: `Pricing test ${key}` })
    .returning({ id: categories.id });
  if (!row) throw new Error('category not inserted');
  ids[key] = String(row.id);
  return row.id;
}

async function addProduct(key: string, categoryId: number, cost: number): Promise<void> {
  const [row] = await insertSimpleProducts(ctx.database.db, [
    {
      categoryId,
      title: `Product ${key}`,
      titles: { es: `Producto ${key}` },
      platformPriceMinor: cost,
    },
  ]);
  if (!row) throw new Error('product not inserted');
  ids[key] = String(row.id);
  productKeys.set(String(row.id), key);
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  for (const name of ['anna', 'bruno', 'carla']) {
    await createUser(ctx.database.db, { username: `pricing-${name}`, password: PASSWORD });
    tokens[name] = await accessTokenFor(ctx.app, `pricing-${name}`, PASSWORD);
  }
  const a = await addCategory('A', 0);
  const a1 = await addCategory('A1', a);
  const a2 = await addCategory('A2', a);
  const b = await addCategory('B', 0);
  const b1 = await addCategory('B1', b);
  await addProduct('a1x', a1, 1000);
  await addProduct('a1y', a1, 1234);
  await addProduct('a2x', a2, 500);
  await addProduct('b1x', b1, 999);
  for (const name of ['anna', 'bruno']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/shop',
      headers: { authorization: `Bearer ${tokens[name] ?? ''}` },
      payload: { name, slug: `pricing-${name}` },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});

afterAll(async () => {
  await ctx.close();
});

describe('the pricing rule through the API', () => {
  it('starts at the default percentage (200) for every product', async () => {
    expect(await ok('anna', 'GET', '/pricing/settings')).toEqual({
      defaultPercentage: 200,
      rounding: 'none',
      categories: [],
    });
    const list = await priced('anna');
    expect(list.a1x).toMatchObject({
      costMinor: 1000,
      sellingMinor: 2000,
      profitMinor: 1000,
      source: 'default',
      percentage: 200,
      overridePriceMinor: null,
      visible: 1,
    });
    expect(Object.keys(list).sort()).toEqual(['a1x', 'a1y', 'a2x', 'b1x']);
  });

  it("records the first save as the quick start's price step, and keeps that time", async () => {
    expect(await ok('anna', 'GET', '/shop')).toMatchObject({ pricesSavedAt: null });
    await ok('anna', 'PUT', '/pricing', { defaultPercentage: 200 });
    const first = (await ok<{ pricesSavedAt: string | null }>('anna', 'GET', '/shop')).pricesSavedAt;
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ok('anna', 'PUT', '/pricing', { rounding: 'none' });
    expect(await ok('anna', 'GET', '/shop')).toMatchObject({ pricesSavedAt: first });
    expect(await ok('bruno', 'GET', '/shop')).toMatchObject({ pricesSavedAt: null });
  });

  it('override > second level > first level > default', async () => {
    await ok('anna', 'PUT', '/pricing', { categories: [{ categoryId: id('A'), percentage: 150 }] });
    let list = await priced('anna');
    expect([list.a1x?.sellingMinor, list.a1x?.source]).toEqual([1500, 'firstLevel']);
    expect([list.a2x?.sellingMinor, list.a2x?.source]).toEqual([750, 'firstLevel']);
    expect([list.b1x?.sellingMinor, list.b1x?.source]).toEqual([1998, 'default']);

    await ok('anna', 'PUT', '/pricing', { categories: [{ categoryId: id('A1'), percentage: 120 }] });
    list = await priced('anna');
    expect([list.a1x?.sellingMinor, list.a1x?.source, list.a1x?.percentage]).toEqual([
      1200,
      'secondLevel',
      120,
    ]);
    expect([list.a1y?.sellingMinor, list.a1y?.source]).toEqual([1481, 'secondLevel']);
    expect([list.a2x?.sellingMinor, list.a2x?.source]).toEqual([750, 'firstLevel']);

    await ok('anna', 'PUT', '/pricing', { products: [{ productId: id('a1x'), overridePriceMinor: 1111 }] });
    list = await priced('anna');
    expect(list.a1x).toMatchObject({
      sellingMinor: 1111,
      profitMinor: 111,
      source: 'override',
      percentage: null,
      overridePriceMinor: 1111,
    });

    await ok('anna', 'PUT', '/pricing', { defaultPercentage: 300 });
    list = await priced('anna');
    expect([list.b1x?.sellingMinor, list.b1x?.source]).toEqual([2997, 'default']);
    expect(list.a1y?.sellingMinor).toBe(1481);
  });

  it('a category change re-prices every product without an override at once', async () => {
    await ok('anna', 'PUT', '/pricing', { categories: [{ categoryId: id('A1'), percentage: 250 }] });
    const list = await priced('anna');
    expect(list.a1y?.sellingMinor).toBe(3085);
    expect(list.a1x?.sellingMinor).toBe(1111);
  });

  it('rounds computed prices upward (never overrides), and agrees with priceProduct', async () => {
    for (const rounding of ['99', '95', 'whole', 'none'] as const) {
      const settings = await ok<TPricingSettings>('anna', 'PUT', '/pricing', { rounding });
      const list = await priced('anna');
      const byCategory = new Map(settings.categories.map((c) => [c.categoryId, c.percentage]));
      for (const p of Object.values(list)) {
        const expected = priceProduct(p.costMinor, {
          overrideMinor: p.overridePriceMinor,
          secondLevelPercentage: byCategory.get(p.categoryId),
          firstLevelPercentage: byCategory.get(p.parentCategoryId),
          defaultPercentage: settings.defaultPercentage,
          rounding,
        });
        expect({ ...p, rounding }).toMatchObject({ ...expected, rounding });
      }
      if (rounding === '99') expect(list.a1y?.sellingMinor).toBe(3099);
      if (rounding === '95') expect(list.a2x?.sellingMinor).toBe(795);
      if (rounding === 'whole') expect(list.b1x?.sellingMinor).toBe(3000);
      expect(list.a1x?.sellingMinor).toBe(1111);
    }
  });

  it('removing a rule falls back to the next one; visibility is kept per product', async () => {
    await ok('anna', 'PUT', '/pricing', {
      categories: [{ categoryId: id('A1'), percentage: null }],
      products: [
        { productId: id('a1x'), overridePriceMinor: null },
        { productId: id('a2x'), overridePriceMinor: null, visible: 0 },
      ],
    });
    let list = await priced('anna');
    expect([list.a1x?.sellingMinor, list.a1x?.source]).toEqual([1500, 'firstLevel']);
    expect(list.a2x?.visible).toBe(0);
    await ok('anna', 'PUT', '/pricing', { products: [{ productId: id('a2x'), overridePriceMinor: 600 }] });
    list = await priced('anna');
    expect(list.a2x).toMatchObject({ visible: 0, sellingMinor: 600 });
  });

  it('filters by first- or second-level category and by keywords, in the caller language', async () => {
    const byA1 = await ok<{ list: TPricedProduct[]; total: number }>(
      'anna',
      'GET',
      `/pricing/products?categoryId=${id('A1')}`,
    );
    expect(byA1.list.map((p) => p.id).sort()).toEqual([id('a1x'), id('a1y')].sort());
    expect(byA1.total).toBe(2);
    const byA = await ok<{ total: number }>('anna', 'GET', `/pricing/products?categoryId=${id('A')}`);
    expect(byA.total).toBe(3);
    const res = await call(
      'anna',
      'GET',
      `/pricing/products?categoryId=${id('B')}&keywords=producto%20b1`,
      undefined,
      'es',
    );
    expect(res.json().data.list.map((p: TPricedProduct) => p.title)).toEqual(['Producto b1x']);
    // An empty translation is no translation: English, not a blank title.
    await ctx.database.db
      .update(products)
      .set({ titles: { es: 'Producto a1x', fr: '' } })
      .where(eq(products.id, Number(id('a1x'))));
    const inFrench = await call('anna', 'GET', `/pricing/products?categoryId=${id('A1')}`, undefined, 'fr');
    const a1x = inFrench.json().data.list.find((p: TPricedProduct) => p.id === id('a1x')) as TPricedProduct;
    expect(a1x.title).toBe('Product a1x');
  });
});

describe('a save is all or nothing', () => {
  it('refuses a price below cost, naming the product, and saves nothing of the batch', async () => {
    const settingsBefore = await ok('anna', 'GET', '/pricing/settings');
    const listBefore = await priced('anna');
    const res = await call(
      'anna',
      'PUT',
      '/pricing',
      {
        defaultPercentage: 400,
        rounding: 'whole',
        categories: [{ categoryId: id('B1'), percentage: 180 }],
        products: [
          { productId: id('a1y'), overridePriceMinor: 5000 },
          { productId: id('b1x'), overridePriceMinor: 998 },
        ],
      },
      'fr',
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(ErrorCode.PRICE_BELOW_COST);
    // The refusal names the product in the caller's language, translated by the error handler.
    expect(body.msg).toBe(
      'Le prix de vente de « Product b1x » ($9.98) ne peut pas être inférieur à son coût ($9.99).',
    );
    expect(body.data.fields).toEqual([{ field: 'products.1.overridePriceMinor', message: body.msg }]);
    expect(await ok('anna', 'GET', '/pricing/settings')).toEqual(settingsBefore);
    expect(await priced('anna')).toEqual(listBefore);
    // At cost exactly is allowed (no profit, never a loss).
    await ok('anna', 'PUT', '/pricing', { products: [{ productId: id('b1x'), overridePriceMinor: 999 }] });
    expect((await priced('anna')).b1x?.profitMinor).toBe(0);
  });

  it('refuses percentages outside 100..10000 and unknown ids, changing nothing', async () => {
    const before = await ok('anna', 'GET', '/pricing/settings');
    const refusals: [unknown, number][] = [
      [{ defaultPercentage: 99 }, 400],
      [{ defaultPercentage: 10_001 }, 400],
      [{ categories: [{ categoryId: id('A'), percentage: 99 }] }, 400],
      [{ rounding: '90' }, 400],
      [{ products: [{ productId: id('a1x'), overridePriceMinor: 12.5 }] }, 400],
      [{ defaultPercentage: 500, categories: [{ categoryId: '999999999', percentage: 150 }] }, 404],
      [{ defaultPercentage: 500, products: [{ productId: '999999999', overridePriceMinor: 100 }] }, 404],
    ];
    for (const [payload, status] of refusals) {
      const res = await call('anna', 'PUT', '/pricing', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }
    expect(await ok('anna', 'GET', '/pricing/settings')).toEqual(before);
  });
});

describe('tenant isolation', () => {
  it("a creator never sees or changes another shop's prices", async () => {
    const annaSettings = await ok('anna', 'GET', '/pricing/settings');
    const annaList = await priced('anna');
    expect(await ok('bruno', 'GET', '/pricing/settings')).toEqual({
      defaultPercentage: 200,
      rounding: 'none',
      categories: [],
    });
    const brunoList = await priced('bruno');
    for (const p of Object.values(brunoList)) {
      expect([p.source, p.overridePriceMinor, p.visible]).toEqual(['default', null, 1]);
    }
    await ok('bruno', 'PUT', '/pricing', {
      defaultPercentage: 110,
      categories: [{ categoryId: id('A'), percentage: 9000 }],
      products: [{ productId: id('a1x'), overridePriceMinor: 99_999, visible: 0 }],
    });
    expect(await ok('anna', 'GET', '/pricing/settings')).toEqual(annaSettings);
    expect(await priced('anna')).toEqual(annaList);
    expect((await priced('bruno')).a1x).toMatchObject({ sellingMinor: 99_999, visible: 0 });
  });

  it('without a shop every pricing endpoint answers A0404; a visitor gets 1002', async () => {
    const endpoints: [TMethod, string, unknown?][] = [
      ['GET', '/pricing/settings'],
      ['GET', '/pricing/products'],
      ['PUT', '/pricing', { defaultPercentage: 150 }],
    ];
    for (const [method, url, payload] of endpoints) {
      const none = await call('carla', method, url, payload);
      expect(none.statusCode, url).toBe(404);
      expect(none.json()).toMatchObject({
        code: ErrorCode.NOT_FOUND,
        msg: 'You have not opened your shop yet.',
      });
      const visitor = await call(null, method, url, payload);
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
    }
  });
});
