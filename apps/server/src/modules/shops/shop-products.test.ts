import { insertSimpleProducts } from '../catalog/catalog.api';
import {
  ErrorCode,
  plainTextToDoc,
  priceProduct,
  type TShopCategory,
  type TShopProduct,
  type TShopProductDetail,
} from '@linkstore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, type TMethod } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { categories, productImages, reviews } from '../catalog/catalog.table';
import { clickThroughBasisPoints, ratingTenths } from './shop-products.service';
import { shopProductStats } from './shops.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const PASSWORD = 'Shop-products-pw-1';
const ids: Record<string, string> = {};
/** Product id → key (category and product ids come from different sequences and may be equal). */
const productKeys = new Map<string, string>();
const shopIds: Record<string, number> = {};

const { call, ok } = apiCalls(() => ctx.app, tokens);

const id = (key: string) => ids[key] ?? '';

/** The keys of the test's products in the order the list answers them. */
async function listed(as: string, query: string, lang = 'en'): Promise<TShopProduct[]> {
  const page = await ok<{ list: TShopProduct[]; total: number }>(
    as,
    'GET',
    `/shop/products?pageSize=100&${query}`,
    undefined,
    lang,
  );
  expect(page.total).toBe(page.list.length);
  return page.list;
}
const keysOf = (list: { id: string }[]) => list.map((p) => productKeys.get(p.id) ?? p.id);

/** Both of the test's first-level categories, in the order the shop's list shows them. */
async function everything(as: string): Promise<TShopProduct[]> {
  const tree = await ok<TShopCategory[]>(as, 'GET', '/shop/categories');
  const mine = tree.filter((c) => c.id === id('A') || c.id === id('B'));
  const lists = await Promise.all(mine.map((c) => listed(as, `categoryId=${c.id}`)));
  return lists.flat();
}

async function addCategory(key: string, parentId: number, values: { status?: number } = {}): Promise<number> {
  const [row] = await ctx.database.db
    .insert(categories)
    .values({
      parentId,
      name: `Cat ${key}`,
      names: { es: `Cat-es ${key}` },
      iconUrl: `/i/${key}.png`,
      ...values,
    })
    .returning({ id: categories.id });
  if (!row) throw new Error('category not inserted');
  ids[key] = String(row.id);
  return row.id;
}

async function addProduct(key: string, categoryId: number, cost: number, status = 1): Promise<number> {
  const [row] = await insertSimpleProducts(ctx.database.db, [
    {
      categoryId,
      title: `Product ${key}`,
      titles: { es: `Producto ${key}` },
      description: `About ${key}`,
      descriptions: { es: `Sobre ${key}` },
      platformPriceMinor: cost,
      stock: 7,
      status,
    },
  ]);
  if (!row) throw new Error('product not inserted');
  ids[key] = String(row.id);
  productKeys.set(String(row.id), key);
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  for (const name of ['anna', 'bruno', 'carla']) {
    await createUser(db, { username: `sp-${name}`, password: PASSWORD });
    tokens[name] = await accessTokenFor(ctx.app, `sp-${name}`, PASSWORD);
  }
  const a = await addCategory('A', 0);
  const a1 = await addCategory('A1', a);
  const a2 = await addCategory('A2', a);
  const hidden = await addCategory('H', a, { status: 0 });
  const b = await addCategory('B', 0);
  const b1 = await addCategory('B1', b);
  const a1x = await addProduct('a1x', a1, 1000);
  await addProduct('a1y', a1, 1234);
  await addProduct('a2x', a2, 500);
  await addProduct('b1x', b1, 999);
  await addProduct('withdrawn', a1, 800, 0);
  await addProduct('inHidden', hidden, 800);
  await db.insert(productImages).values([
    { productId: a1x, url: '/files/product/second.png', sort: 2 },
    { productId: a1x, url: '/files/product/first.png', sort: 1 },
  ]);
  // Published 5, 4, 4, 4 (average 4.25 → 43 tenths); waiting and rejected ones do not count.
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  await db.insert(reviews).values([
    {
      productId: a1x,
      authorName: 'R1',
      rating: 5,
      body: 'great',
      status: 1,
      orderItemId: 9,
      createdAt: day(1),
    },
    { productId: a1x, authorName: 'R2', rating: 4, body: 'good', status: 1, createdAt: day(3) },
    { productId: a1x, authorName: 'R3', rating: 4, body: 'fine', status: 1, createdAt: day(2) },
    { productId: a1x, authorName: 'R4', rating: 4, body: 'ok', status: 1, createdAt: day(4) },
    { productId: a1x, authorName: 'W', rating: 1, body: 'waiting', status: 0 },
    { productId: a1x, authorName: 'X', rating: 1, body: 'rejected', status: 2 },
  ]);
  for (const name of ['anna', 'bruno']) {
    const shop = await ok<{ id: string }>(name, 'POST', '/shop', { name, slug: `sp-${name}` });
    shopIds[name] = Number(shop.id);
  }
  await db.insert(shopProductStats).values([
    { shopId: shopIds.anna ?? 0, productId: a1x, views: 3, clicks: 2 },
    { shopId: shopIds.bruno ?? 0, productId: a1x, views: 40, clicks: 1 },
  ]);
});

afterAll(async () => {
  await ctx.close();
});

describe('integer arithmetic', () => {
  it('CTR in basis points rounds down; rating in tenths rounds half up', () => {
    expect(clickThroughBasisPoints(0, 0)).toBeNull();
    expect(clickThroughBasisPoints(3, 2)).toBe(6666);
    expect(clickThroughBasisPoints(7, 7)).toBe(10_000);
    expect(ratingTenths(0, 0)).toBeNull();
    expect(ratingTenths(17, 4)).toBe(43);
    expect(ratingTenths(13, 3)).toBe(43);
    expect(ratingTenths(9, 2)).toBe(45);
    expect(ratingTenths(14, 3)).toBe(47);
  });
});

describe("the shop's products", () => {
  it('prices every product by the shared rule with category rules and an override', async () => {
    await ok('anna', 'PUT', '/pricing', {
      rounding: '99',
      categories: [{ categoryId: id('A'), percentage: 150 }],
      products: [{ productId: id('a1y'), overridePriceMinor: 2000 }],
    });
    const list = await everything('anna');
    expect(keysOf(list)).toEqual(['a1x', 'a1y', 'a2x', 'b1x']);
    for (const p of list) {
      const expected = priceProduct(p.costMinor, {
        overrideMinor: p.overridePriceMinor,
        firstLevelPercentage: p.parentCategoryId === id('A') ? 150 : null,
        defaultPercentage: 200,
        rounding: '99',
      });
      expect(p).toMatchObject({
        sellingMinor: expected.sellingMinor,
        profitMinor: expected.profitMinor,
        source: expected.source,
      });
    }
    expect(list.map((p) => [p.sellingMinor, p.source])).toEqual([
      [1599, 'firstLevel'],
      [2000, 'override'],
      [799, 'firstLevel'],
      [1999, 'default'],
    ]);
    expect(list[0]).toMatchObject({
      title: 'Product a1x',
      imageUrl: '/files/product/first.png',
      categoryId: id('A1'),
      categoryName: 'Cat A1',
      parentCategoryId: id('A'),
      stock: 7,
      visible: 1,
      views: 3,
      clicks: 2,
      clickThroughBasisPoints: 6666,
      ratingTenths: 43,
      reviewCount: 4,
    });
    expect(list[1]).toMatchObject({
      views: 0,
      clickThroughBasisPoints: null,
      ratingTenths: null,
      reviewCount: 0,
    });
  });

  it('filters by second-level category, keywords in any language and visibility', async () => {
    expect(keysOf(await listed('anna', `categoryId=${id('A1')}`))).toEqual(['a1x', 'a1y']);
    const es = await listed('anna', `categoryId=${id('A')}&keywords=producto%20a2`, 'es');
    expect(es.map((p) => [p.title, p.categoryName])).toEqual([['Producto a2x', 'Cat-es A2']]);
    expect(keysOf(await listed('anna', `categoryId=${id('A')}&keywords=PRODUCTO%20A1Y`))).toEqual(['a1y']);
    expect(await listed('anna', `categoryId=${id('A')}&keywords=100%25`)).toEqual([]);
    expect(await listed('anna', `categoryId=${id('A')}&visible=0`)).toEqual([]);
  });

  it('shows one product in full; a product not on sale is absent', async () => {
    const detail = await ok<TShopProductDetail>(
      'anna',
      'GET',
      `/shop/products/${id('a1x')}`,
      undefined,
      'es',
    );
    expect(detail).toMatchObject({
      title: 'Producto a1x',
      // Stored as plain text (before rich text documents): answered as a paragraph.
      description: plainTextToDoc('Sobre a1x'),
      images: ['/files/product/first.png', '/files/product/second.png'],
      percentage: 150,
      sellingMinor: 1599,
      ratingTenths: 43,
    });
    expect(detail.reviews.map((r) => [r.authorName, r.verified])).toEqual([
      ['R4', false],
      ['R2', false],
      ['R3', false],
      ['R1', true],
    ]);
    const override = await ok<TShopProductDetail>('anna', 'GET', `/shop/products/${id('a1y')}`);
    expect([override.percentage, override.source]).toEqual([null, 'override']);
    for (const key of ['withdrawn', 'inHidden']) {
      const res = await call('anna', 'GET', `/shop/products/${id(key)}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toMatchObject({
        code: ErrorCode.NOT_FOUND,
        msg: 'The requested record does not exist.',
      });
    }
  });
});

describe('visibility and order', () => {
  it('hides and shows products, keeping the override; a product not on sale refuses the whole request', async () => {
    await ok('anna', 'PUT', '/shop/products/visibility', { productIds: [id('a1y'), id('a2x')], visible: 0 });
    const hidden = await listed('anna', `categoryId=${id('A')}&visible=0`);
    expect(keysOf(hidden)).toEqual(['a1y', 'a2x']);
    expect(hidden[0]).toMatchObject({ overridePriceMinor: 2000, sellingMinor: 2000 });
    const before = await everything('anna');
    for (const bad of [[id('a1x'), id('withdrawn')], [id('inHidden')], ['999999999']]) {
      const res = await call('anna', 'PUT', '/shop/products/visibility', { productIds: bad, visible: 0 });
      expect({ status: res.statusCode, code: res.json().code }, bad.join()).toEqual({
        status: 409,
        code: ErrorCode.NOT_ON_SALE,
      });
    }
    expect(await everything('anna')).toEqual(before);
    await ok('anna', 'PUT', '/shop/products/visibility', { productIds: [id('a2x')], visible: 1 });
    expect(keysOf(await listed('anna', `categoryId=${id('A')}&visible=0`))).toEqual(['a1y']);
  });

  it('orders the products of one category; an incomplete or foreign set changes nothing', async () => {
    await ok('anna', 'PUT', '/shop/products/order', {
      categoryId: id('A1'),
      productIds: [id('a1y'), id('a1x')],
    });
    expect(keysOf(await listed('anna', `categoryId=${id('A1')}`))).toEqual(['a1y', 'a1x']);
    expect((await listed('anna', `categoryId=${id('A1')}`))[0]).toMatchObject({
      visible: 0,
      sellingMinor: 2000,
    });
    const before = await everything('anna');
    const refusals = [
      [id('a1x')],
      [id('a1x'), id('a1x')],
      [id('a1x'), id('a1y'), id('a1y')],
      [id('a1x'), id('a1y'), id('withdrawn')],
      [id('a1x'), id('a1y'), id('a2x')],
    ];
    for (const productIds of refusals) {
      const res = await call('anna', 'PUT', '/shop/products/order', { categoryId: id('A1'), productIds });
      expect({ status: res.statusCode, code: res.json().code }, productIds.join()).toEqual({
        status: 409,
        code: ErrorCode.LIST_MISMATCH,
      });
    }
    const wrongCategory = await call('anna', 'PUT', '/shop/products/order', {
      categoryId: id('A'),
      productIds: [id('a1x'), id('a1y')],
    });
    expect(wrongCategory.statusCode).toBe(409);
    expect(wrongCategory.json().code).toBe(ErrorCode.LIST_MISMATCH);
    expect(await everything('anna')).toEqual(before);
  });

  it('shows the category tree with counts and orders siblings; a wrong set changes nothing', async () => {
    let tree = await ok<TShopCategory[]>('anna', 'GET', '/shop/categories', undefined, 'es');
    const a = tree.find((c) => c.id === id('A'));
    expect(a).toMatchObject({ name: 'Cat-es A', iconUrl: '/i/A.png', productCount: 3, parentId: '0' });
    expect(a?.children.map((c) => [c.name, c.productCount])).toEqual([
      ['Cat-es A1', 2],
      ['Cat-es A2', 1],
    ]);
    expect(tree.some((c) => c.id === id('H') || c.children.some((s) => s.id === id('H')))).toBe(false);

    const others = tree.map((c) => c.id).filter((c) => c !== id('A') && c !== id('B'));
    await ok('anna', 'PUT', '/shop/categories/order', {
      parentId: '0',
      categoryIds: [id('B'), id('A'), ...others],
    });
    await ok('anna', 'PUT', '/shop/categories/order', {
      parentId: id('A'),
      categoryIds: [id('A2'), id('A1')],
    });
    tree = await ok<TShopCategory[]>('anna', 'GET', '/shop/categories');
    expect(tree.slice(0, 2).map((c) => c.id)).toEqual([id('B'), id('A')]);
    expect(tree[1]?.children.map((c) => c.id)).toEqual([id('A2'), id('A1')]);
    expect(keysOf(await listed('anna', `categoryId=${id('A')}`))).toEqual(['a2x', 'a1y', 'a1x']);

    const refusals: [string, string[]][] = [
      [id('A'), [id('A2')]],
      [id('A'), [id('A1'), id('A2'), id('H')]],
      [id('A'), [id('A1'), id('A1')]],
      [id('A'), [id('A1'), id('B1')]],
      [id('A1'), [id('A1')]],
      ['0', [id('A')]],
    ];
    for (const [parentId, categoryIds] of refusals) {
      const res = await call('anna', 'PUT', '/shop/categories/order', { parentId, categoryIds });
      expect({ status: res.statusCode, code: res.json().code }, `${parentId}: ${categoryIds.join()}`).toEqual(
        {
          status: 409,
          code: ErrorCode.LIST_MISMATCH,
        },
      );
    }
    expect(await ok('anna', 'GET', '/shop/categories')).toEqual(tree);
  });
});

describe('tenant isolation', () => {
  it("a creator never sees or changes another shop's products, order or categories", async () => {
    const annaList = await everything('anna');
    const annaTree = await ok('anna', 'GET', '/shop/categories');
    const bruno = await everything('bruno');
    expect(keysOf(bruno)).toEqual(['a1x', 'a1y', 'a2x', 'b1x']);
    for (const p of bruno) expect([p.visible, p.overridePriceMinor, p.source]).toEqual([1, null, 'default']);
    expect(bruno[0]).toMatchObject({ views: 40, clicks: 1, clickThroughBasisPoints: 250 });
    expect(await ok('bruno', 'GET', `/shop/products/${id('a1y')}`)).toMatchObject({
      visible: 1,
      source: 'default',
    });

    await ok('bruno', 'PUT', '/shop/products/visibility', { productIds: [id('a1x'), id('b1x')], visible: 0 });
    await ok('bruno', 'PUT', '/shop/products/order', {
      categoryId: id('A1'),
      productIds: [id('a1x'), id('a1y')],
    });
    await ok('bruno', 'PUT', '/shop/categories/order', {
      parentId: id('A'),
      categoryIds: [id('A1'), id('A2')],
    });
    const brunoTree = await ok<TShopCategory[]>('bruno', 'GET', '/shop/categories');
    const brunoTop = brunoTree.map((c) => c.id).filter((c) => c !== id('A') && c !== id('B'));
    await ok('bruno', 'PUT', '/shop/categories/order', {
      parentId: '0',
      categoryIds: [id('A'), id('B'), ...brunoTop],
    });

    expect(await everything('anna')).toEqual(annaList);
    expect(await ok('anna', 'GET', '/shop/categories')).toEqual(annaTree);
    expect(keysOf(await everything('bruno'))).toEqual(['a1x', 'a1y', 'a2x', 'b1x']);
    expect(keysOf(await listed('bruno', `categoryId=${id('A')}&visible=0`))).toEqual(['a1x']);
  });

  it('without a shop every endpoint answers "open your shop first"; a visitor gets 1002', async () => {
    const endpoints: [TMethod, string, unknown?][] = [
      ['GET', '/shop/products'],
      ['GET', `/shop/products/${id('a1x')}`],
      ['PUT', '/shop/products/visibility', { productIds: [id('a1x')], visible: 0 }],
      ['PUT', '/shop/products/order', { categoryId: id('A1'), productIds: [id('a1x'), id('a1y')] }],
      ['GET', '/shop/categories'],
      ['PUT', '/shop/categories/order', { parentId: id('A'), categoryIds: [id('A1'), id('A2')] }],
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
