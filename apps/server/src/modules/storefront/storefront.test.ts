import { insertSimpleProducts } from '../catalog/catalog.api';
import { PUBLIC_CACHE_CONTROL } from '../../platform/http/answer-cache';
import {
  plainTextToDoc,
  ZStorefrontBoot,
  type TShopProduct,
  type TStorefrontBoot,
  type TStorefrontPage,
  type TStorefrontProductDetail,
  type TStorefrontProductPage,
  type TStorefrontReviewPage,
} from '@linkstore/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { categories, productImages, reviews } from '../catalog/catalog.table';
import {
  shopBanners,
  shopCategories,
  shopCategoryPrices,
  shopProducts,
  shops,
  shopSlugHistory,
} from '../shops/shops.table';

const PASSWORD = 'Storefront-pw-1';
const OWNER_EMAIL = 'owner-secret@example.com';
const PAYOUT_EMAIL = 'payout-secret@example.com';
const EVIL_NAME = '</title><script>alert(1)</script>';
const BASE = 'shops.test';

let ctx: TestContext;
let ownerToken = '';
const ids: Record<string, number> = {};
const id = (key: string) => String(ids[key] ?? 0);

function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

async function data<T>(url: string, lang = 'en'): Promise<T> {
  const res = await get(`/api/v1/public/shops${url}`, { lang });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

/** The boot data embedded in a storefront page, checked against the contract. */
function bootOf(res: LightMyRequestResponse): TStorefrontBoot {
  const match = /<script id="storefront-data" type="application\/json">(.*?)<\/script>/s.exec(res.body);
  expect(match, res.body).not.toBeNull();
  return ZStorefrontBoot.parse(JSON.parse(match?.[1] ?? 'null'));
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];

async function insertCategory(key: string, parentId: number, sort = 0): Promise<number> {
  const [row] = await ctx.database.db
    .insert(categories)
    .values({ parentId, name: `Cat ${key}`, names: { es: `Cat-es ${key}` }, sort })
    .returning({ id: categories.id });
  ids[key] = row?.id ?? 0;
  return ids[key] ?? 0;
}

async function insertProduct(key: string, categoryId: number, cost: number, stock = 5): Promise<number> {
  const [row] = await insertSimpleProducts(ctx.database.db, [
    {
      categoryId,
      title: `Product ${key}`,
      titles: { es: `Producto ${key}` },
      description: `About ${key}`,
      platformPriceMinor: cost,
      stock,
    },
  ]);
  ids[key] = row?.id ?? 0;
  return ids[key] ?? 0;
}

async function insertShop(key: string, slug: string, name: string, ownerUserId: number): Promise<number> {
  const [row] = await ctx.database.db
    .insert(shops)
    .values({
      ownerUserId,
      slug,
      name,
      description: `The ${key} shop`,
      imageUrl: '/files/shop/icon.png',
      bannerUrl: 'https://cdn.example.com/banner.png',
      paypalEmail: PAYOUT_EMAIL,
      defaultPercentage: 150,
      rounding: '99',
    })
    .returning({ id: shops.id });
  ids[key] = row?.id ?? 0;
  return ids[key] ?? 0;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', SHOP_BASE_DOMAIN: BASE } });
  const db = ctx.database.db;
  const owner = await createUser(db, { username: 'sf-owner', email: OWNER_EMAIL, password: PASSWORD });
  const other = await createUser(db, { username: 'sf-other', password: PASSWORD });
  const evilOwner = await createUser(db, { username: 'sf-evil', password: PASSWORD });
  ownerToken = await accessTokenFor(ctx.app, 'sf-owner', PASSWORD);

  const a = await insertCategory('A', 0, 1);
  const a1 = await insertCategory('A1', a, 1);
  const a2 = await insertCategory('A2', a, 2);
  const b = await insertCategory('B', 0, 2);
  const b1 = await insertCategory('B1', b, 1);
  await insertCategory('Empty', b, 2);
  const x = await insertProduct('x', a1, 1000);
  await insertProduct('y', a1, 1234, 0);
  await insertProduct('z', a2, 500);
  await insertProduct('w', b1, 999);
  const hidden = await insertProduct('hidden', b1, 700);

  const shop = await insertShop('anna', 'anna-shop', 'Anna', owner);
  await insertShop('other', 'other-shop', 'Other', other);
  await insertShop('evil', 'evil-shop', EVIL_NAME, evilOwner);
  await db.insert(shopSlugHistory).values({ slug: 'anna-old', shopId: shop });
  await db.insert(shopBanners).values([
    { shopId: shop, imageUrl: '/files/b2.png', title: 'second', sort: 2 },
    { shopId: shop, imageUrl: '/files/b1.png', title: 'first', sort: 1 },
  ]);
  // Anna: B before A, A1 at 130 %, an override on z, `hidden` hidden. The other shop hides x.
  await db.insert(shopCategories).values({ shopId: shop, categoryId: b, sort: 1 });
  await db.insert(shopCategoryPrices).values({ shopId: shop, categoryId: a1, percentage: 130 });
  await db.insert(shopProducts).values([
    { shopId: shop, productId: ids.z ?? 0, overridePriceMinor: 777 },
    { shopId: shop, productId: hidden, visible: 0 },
    { shopId: ids.other ?? 0, productId: x, visible: 0 },
  ]);
  await db.insert(productImages).values({ productId: x, url: '/files/product/x.png', sort: 1 });
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  await db.insert(reviews).values([
    {
      productId: x,
      authorName: 'Old',
      rating: 5,
      body: 'bought it',
      status: 1,
      orderItemId: 1,
      createdAt: day(1),
    },
    { productId: x, authorName: 'Mid', rating: 4, body: 'nice', status: 1, createdAt: day(2) },
    { productId: x, authorName: 'New', rating: 4, body: 'good', status: 1, createdAt: day(3) },
    { productId: x, authorName: 'Waiting', rating: 1, body: 'not yet', status: 0, createdAt: day(4) },
  ]);
});
afterAll(() => ctx.close());

describe('public shop data', () => {
  it('answers the first page: shop, categories in the shop order, shown products priced as the studio prices them', async () => {
    const page = await data<TStorefrontPage>('/anna-shop/page');
    expect(page.shop).toMatchObject({
      slug: 'anna-shop',
      name: 'Anna',
      bannerUrl: 'https://cdn.example.com/banner.png',
    });
    expect(page.shop.banners.map((b) => b.title)).toEqual(['first', 'second']);
    expect(page.categories.map((c) => [c.name, c.productCount, c.children.map((k) => k.name)])).toEqual([
      ['Cat B', 1, ['Cat B1']],
      ['Cat A', 3, ['Cat A1', 'Cat A2']],
    ]);
    expect(page.products.total).toBe(4);
    expect(page.products.list.map((p) => p.id)).toEqual([id('w'), id('x'), id('y'), id('z')]);
    expect(page.currencies.some((c) => c.code === 'USD' && c.rateMicros === 1_000_000)).toBe(true);

    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/shop/products?pageSize=100&visible=1',
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const studio = res.json<{ data: { list: TShopProduct[] } }>().data.list;
    expect(page.products.list.map((p) => p.id)).toEqual(studio.map((p) => p.id));
    const studioPrices = Object.fromEntries(studio.map((p) => [p.id, p.sellingMinor]));
    expect(Object.fromEntries(page.products.list.map((p) => [p.id, p.priceMinor]))).toEqual(studioPrices);
    // 1000 × 130 % rounded up to .99; the override as set.
    expect(studioPrices[id('x')]).toBe(1399);
    expect(studioPrices[id('z')]).toBe(777);
    const x = page.products.list.find((p) => p.id === id('x'));
    expect(x).toMatchObject({
      ratingTenths: 43,
      reviewCount: 3,
      inStock: true,
      imageUrl: '/files/product/x.png',
    });
    expect(page.products.list.find((p) => p.id === id('y'))?.inStock).toBe(false);
  });

  it('pages, filters by category and keywords, and speaks the request language', async () => {
    const second = await data<TStorefrontProductPage>('/anna-shop/products?pageSize=1&pageNum=2');
    expect(second).toEqual({ total: 4, list: [expect.objectContaining({ id: id('x') })] });
    expect(await data('/anna-shop/products?pageSize=2&pageNum=9')).toEqual({ total: 4, list: [] });
    const inA = await data<TStorefrontProductPage>(`/anna-shop/products?categoryId=${id('A')}`);
    expect(inA.list.map((p) => p.id)).toEqual([id('x'), id('y'), id('z')]);
    const spanish = await data<TStorefrontProductPage>('/anna-shop/products?keywords=Producto%20z', 'es');
    expect(spanish.list.map((p) => p.title)).toEqual(['Producto z']);
    const page = await data<TStorefrontPage>('/anna-shop/page', 'es');
    expect(page.categories[0]?.name).toBe('Cat-es B');
  });

  it('keeps hidden products out: not listed, their page and reviews answer 404; another shop hides its own', async () => {
    const list = await data<TStorefrontProductPage>('/anna-shop/products?pageSize=48');
    expect(list.list.map((p) => p.id)).not.toContain(id('hidden'));
    expect((await get(`/api/v1/public/shops/anna-shop/products/${id('hidden')}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/public/shops/anna-shop/products/${id('hidden')}/reviews`)).statusCode).toBe(
      404,
    );
    // Its page says so, with the way back to the shop (an unknown shop has none to offer).
    const page = await get(`/s/anna-shop/p/${id('hidden')}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<h1>Product not found</h1>');
    expect(page.body).toContain('<a href="/s/anna-shop?lang=en">Back to the shop</a>');
    expect((await get('/s/nobody-here')).body).not.toContain('<a ');
    const other = await data<TStorefrontProductPage>('/other-shop/products');
    expect(other.list.map((p) => p.id)).not.toContain(id('x'));
    expect(other.list.map((p) => p.id)).toContain(id('hidden'));
  });

  it('answers a product page with images, stock, star counts and published reviews, newest first', async () => {
    const product = await data<TStorefrontProductDetail>(`/anna-shop/products/${id('x')}`);
    expect(product).toMatchObject({ priceMinor: 1399, stock: 5, images: ['/files/product/x.png'] });
    expect(product.ratingCounts).toEqual([0, 0, 0, 2, 1]);
    expect(product.description).toEqual(plainTextToDoc('About x'));
    expect(product.reviews.total).toBe(3);
    expect(product.reviews.list.map((r) => [r.authorName, r.verified])).toEqual([
      ['New', false],
      ['Mid', false],
      ['Old', true],
    ]);
    const page2 = await data<TStorefrontReviewPage>(
      `/anna-shop/products/${id('x')}/reviews?pageSize=2&pageNum=2`,
    );
    expect(page2).toEqual({ total: 3, list: [expect.objectContaining({ authorName: 'Old' })] });
    const past = await data<TStorefrontReviewPage>(
      `/anna-shop/products/${id('x')}/reviews?pageSize=2&pageNum=5`,
    );
    expect(past).toEqual({ total: 3, list: [] });
  });

  it('answers 404 for an unknown shop and for a slug from before a rename', async () => {
    expect((await get('/api/v1/public/shops/nobody-here/page')).statusCode).toBe(404);
    expect((await get('/api/v1/public/shops/anna-old/page')).statusCode).toBe(404);
    expect((await get('/api/v1/public/shops/anna-old/products')).statusCode).toBe(404);
  });

  it('never shows costs, profits, the owner or the payout account', async () => {
    const bodies = await Promise.all(
      [
        '/api/v1/public/shops/anna-shop/page',
        '/api/v1/public/shops/anna-shop/products',
        `/api/v1/public/shops/anna-shop/products/${id('x')}`,
        `/api/v1/public/shops/anna-shop/products/${id('x')}/reviews`,
        '/s/anna-shop',
        `/s/anna-shop/p/${id('x')}`,
      ].map(async (url) => (await get(url)).body),
    );
    for (const body of bodies) {
      for (const secret of [
        'costMinor',
        'profitMinor',
        'platformPrice',
        'percentage',
        'paypal',
        'owner',
        OWNER_EMAIL,
        PAYOUT_EMAIL,
      ]) {
        expect(body.toLowerCase()).not.toContain(secret.toLowerCase());
      }
    }
  });
});

describe('shop pages as HTML', () => {
  it('carries the head tags and the boot data of the first page', async () => {
    const res = await get('/s/anna-shop', { 'accept-language': 'es-ES,es;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain('<title>Anna</title>');
    expect(metaContent(res.body, 'og:title')).toBe('Anna');
    expect(metaContent(res.body, 'og:description')).toBe('The anna shop');
    expect(metaContent(res.body, 'og:type')).toBe('website');
    expect(metaContent(res.body, 'og:image')).toBe('https://cdn.example.com/banner.png');
    expect(metaContent(res.body, 'og:url')).toBe(`https://anna-shop.${BASE}`);
    expect(metaContent(res.body, 'twitter:card')).toBe('summary_large_image');
    expect(res.body).toContain(`<link rel="icon" href="${ctx.config.publicUrl}/files/shop/icon.png" />`);
    expect(res.body).toContain(`<link rel="canonical" href="https://anna-shop.${BASE}" />`);
    const boot = bootOf(res);
    expect(boot).toMatchObject({ basePath: '/s/anna-shop', language: 'es', product: null });
    expect(boot.page?.products.list).toHaveLength(4);
    expect(boot.page?.categories[0]?.name).toBe('Cat-es B');

    const again = await get('/s/anna-shop', {
      'accept-language': 'es',
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const zipped = await get('/s/anna-shop', { 'accept-language': 'es', 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(res.body);
    const brotli = await get('/s/anna-shop', { 'accept-language': 'es', 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(res.body);
    expect(brotli.rawPayload.length).toBeLessThan(zipped.rawPayload.length);
  });

  it('a product page carries the product in its tags and boot data; cart and checkout the shop', async () => {
    const res = await get(`/s/anna-shop/p/${id('x')}`);
    expect(res.statusCode).toBe(200);
    expect(metaContent(res.body, 'og:type')).toBe('product');
    expect(metaContent(res.body, 'og:title')).toBe('Product x · Anna');
    expect(metaContent(res.body, 'og:image')).toBe(`${ctx.config.publicUrl}/files/product/x.png`);
    expect(metaContent(res.body, 'og:description')).toBe('About x');
    expect(metaContent(res.body, 'og:url')).toBe(`https://anna-shop.${BASE}/p/${id('x')}`);
    expect(metaContent(res.body, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(res.body, 'twitter:title')).toBe('Product x · Anna');
    expect(metaContent(res.body, 'twitter:image')).toBe(`${ctx.config.publicUrl}/files/product/x.png`);
    expect(bootOf(res).product?.id).toBe(id('x'));
    // A shared link previews that product, in the language it was shared in.
    const other = await get(`/s/anna-shop/p/${id('z')}?lang=es`);
    expect(metaContent(other.body, 'og:title')).toBe('Producto z · Anna');
    expect(metaContent(other.body, 'og:url')).toBe(`https://anna-shop.${BASE}/p/${id('z')}`);
    expect(metaContent(other.body, 'og:image')).not.toBe(`${ctx.config.publicUrl}/files/product/x.png`);
    // A review link's page (review/<token>) is the shop's page too; the app reads the token.
    for (const rest of ['cart', 'checkout', 'info/returns', 'info/terms', `review/${'Ab_-9'.repeat(8)}`]) {
      const page = await get(`/s/anna-shop/${rest}`);
      expect(page.statusCode).toBe(200);
      expect(bootOf(page)).toMatchObject({ product: null, page: expect.objectContaining({}) });
    }
    expect((await get('/s/anna-shop/elsewhere')).statusCode).toBe(404);
    expect((await get('/s/anna-shop/info/about')).statusCode).toBe(404);
    expect((await get('/s/anna-shop/review/a.b')).statusCode).toBe(404);
    const linked = await get('/s/anna-shop?lang=pt-BR', { lang: 'fr' });
    expect(linked.body).toContain('<html lang="pt">');
    expect(bootOf(linked).language).toBe('pt');
  });

  it('escapes a shop name made of markup in the tags and the data', async () => {
    const res = await get('/s/evil-shop');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(bootOf(res).page?.shop.name).toBe(EVIL_NAME);
  });

  it('sends an old link to the renamed shop with the rest of the path, and answers an unknown one 404 in the language', async () => {
    const moved = await get(`/s/anna-old/p/${id('x')}?user_source=ig`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/s/anna-shop/p/${id('x')}?user_source=ig`);
    const missing = await get('/s/nobody-here', { lang: 'fr' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.body).toContain('<title>Boutique introuvable</title>');
    expect(missing.body).not.toContain('<script');
  });

  it('serves the same pages on the shop subdomain, and nothing of them on the main host root', async () => {
    const root = await get('/', { host: `anna-shop.${BASE}:8080` });
    expect(root.statusCode).toBe(200);
    expect(bootOf(root)).toMatchObject({ basePath: '', product: null });
    const product = await get(`/p/${id('x')}`, { host: `anna-shop.${BASE}` });
    expect(bootOf(product).product?.id).toBe(id('x'));
    expect((await get('/cart', { host: `anna-shop.${BASE}` })).statusCode).toBe(200);
    const moved = await get('/checkout', { host: `anna-old.${BASE}` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`https://anna-shop.${BASE}/checkout`);
    expect((await get('/', { host: `nobody-here.${BASE}` })).statusCode).toBe(404);
    const main = await get('/', { host: '127.0.0.1:8080' });
    expect(main.body).not.toContain('storefront-data');
  });

  it("serves an order link's page and Find my order: noindex, named, one page for every token, kept by no shared cache", async () => {
    const token = (n: number) => `k3j9q-t1a2b${n}.${'Ab_-9'.repeat(9)}`;
    const order = await get(`/s/anna-shop/order/${token(1)}?lang=fr`);
    expect(order.statusCode).toBe(200);
    expect(order.body).toContain('<meta name="robots" content="noindex" />');
    expect(order.body).not.toContain('rel="canonical"');
    expect(metaContent(order.body, 'og:url')).toBeUndefined();
    expect(order.body).toContain('<title>Votre commande · Anna</title>');
    expect(order.headers['cache-control']).toBe('private, no-cache');
    expect(bootOf(order)).toMatchObject({ basePath: '/s/anna-shop', language: 'fr', product: null });
    // The page holds nothing of the token: every link's page is the same bytes.
    expect(order.body).not.toContain(token(1));
    const other = await get(`/s/anna-shop/order/${token(2)}?lang=fr`);
    expect(other.body).toBe(order.body);
    expect(other.headers['cache-control']).toBe('private, no-cache');

    const find = await get('/s/anna-shop/orders/find');
    expect(find.statusCode).toBe(200);
    expect(find.body).toContain('<meta name="robots" content="noindex" />');
    expect(find.body).toContain('<title>Find my order · Anna</title>');
    expect(find.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);

    // On the shop's subdomain too: its mails link it there when shops have their own.
    const sub = await get(`/order/${token(3)}`, { host: `anna-shop.${BASE}` });
    expect(sub.statusCode).toBe(200);
    expect(bootOf(sub)).toMatchObject({ basePath: '', product: null });
    expect(sub.headers['cache-control']).toBe('private, no-cache');
    const subFind = await get('/orders/find', { host: `anna-shop.${BASE}` });
    expect(subFind.body).toContain('<meta name="robots" content="noindex" />');

    for (const bad of ['order', 'order/abc.def', `order/${token(1)}/x`, `order/${token(1)}x.y`, 'orders']) {
      expect((await get(`/s/anna-shop/${bad}`)).statusCode, bad).toBe(404);
    }
    expect((await get('/order/abc.def', { host: `anna-shop.${BASE}` })).statusCode).toBe(404);
  });

  it('serves /payauth and /payresult without shop data', async () => {
    for (const url of ['/payauth?token=abc', '/payresult?order=LS261122-K3J9Q2ZD&token=abc']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(bootOf(res)).toMatchObject({ basePath: '', page: null, product: null });
    }
  });
});
