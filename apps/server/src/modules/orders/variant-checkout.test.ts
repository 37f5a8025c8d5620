import {
  ErrorCode,
  type TShopProductPage,
  type TStorefrontProductDetail,
  type TStorefrontProductPage,
} from '@linkstore/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSubcategory, addVariedProduct } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { insertReview } from '../catalog/catalog.api';
import { productVariants } from '../catalog/catalog.table';
import { shopProducts, shops } from '../shops/shops.table';
import { orderItems, orders } from './orders.table';

/*
 * A buyer chooses a variant (decision 0055): the storefront prices each variant by its own cost
 * under the shop's rules, and checkout sells, prices, holds stock for and freezes exactly the
 * variant chosen.
 */

let ctx: TestContext;
let categoryId = 0;
let address = 0;
const PASSWORD = 'Variant-checkout-1';
const nextIp = () => `10.7.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const SIZE = {
  name: 'Size',
  es: 'Talla',
  values: [{ value: 'S' }, { value: 'M' }, { value: 'L' }, { value: '3XL' }],
};
const COLOUR = {
  name: 'Colour',
  es: 'Color',
  values: [
    { value: 'Black', es: 'Negro' },
    { value: 'Grey', es: 'Gris' },
  ],
};

let serial = 0;
/**
 * A hoodie: S, M and L cost 18.00, 3XL 21.00; S / Black sold out, L / Black the last unit,
 * 3XL / Black switched off, S / Grey not made.
 */
async function hoodie(lastUnits = 1) {
  serial += 1;
  const n = serial;
  const sku = (rest: string) => `VC${n}-${rest}`;
  const made = await addVariedProduct(ctx.database.db, {
    categoryId,
    title: `Hoodie ${serial}`,
    options: [SIZE, COLOUR],
    variants: [
      { values: ['S', 'Black'], sku: sku('S-BLK'), costMinor: 1800, stock: 0 },
      { values: ['M', 'Black'], sku: sku('M-BLK'), costMinor: 1800, stock: 5 },
      { values: ['M', 'Grey'], sku: sku('M-GRY'), costMinor: 1800, stock: 3, imageUrl: '/files/grey.png' },
      { values: ['L', 'Black'], sku: sku('L-BLK'), costMinor: 1800, stock: lastUnits },
      { values: ['3XL', 'Black'], sku: sku('3XL-BLK'), costMinor: 2100, stock: 4, status: 0 },
      { values: ['3XL', 'Grey'], sku: sku('3XL-GRY'), costMinor: 2100, stock: 2 },
    ],
  });
  const v = (rest: string) => made.variantIds[sku(rest)] ?? 0;
  return { id: made.id, v };
}

/** A shop of its own creator (`<slug>-owner`, one shop each), at 200 % of cost. */
async function addShop(slug: string, values: { rounding?: string } = {}): Promise<number> {
  const ownerUserId = await createUser(ctx.database.db, { username: `${slug}-owner`, password: PASSWORD });
  const [shop] = await ctx.database.db
    .insert(shops)
    .values({ ownerUserId, slug, name: slug, defaultPercentage: 200, ...values })
    .returning({ id: shops.id });
  return shop?.id ?? 0;
}

async function read<T>(url: string, lang = 'en'): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/public/shops${url}`, headers: { lang } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

type Line = { productId: number; variantId?: number; quantity: number };
function checkout(slug: string, items: Line[]) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/checkout',
    remoteAddress: nextIp(),
    payload: {
      shop: slug,
      email: 'buyer@example.com',
      address: { name: 'Ana', line1: 'Calle 1', city: 'Madrid', postalCode: '28001', countryCode: 'ES' },
      items: items.map((item) => ({
        productId: String(item.productId),
        ...(item.variantId === undefined ? {} : { variantId: String(item.variantId) }),
        quantity: item.quantity,
      })),
      language: 'es',
    },
  });
}

const stockOf = async (ids: number[]) =>
  Object.fromEntries(
    (
      await ctx.database.db
        .select({ id: productVariants.id, stock: productVariants.stock })
        .from(productVariants)
        .where(inArray(productVariants.id, ids))
    ).map((row) => [row.id, row.stock]),
  );

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  categoryId = await addSubcategory(ctx.database.db, 'VC apparel');
});
afterAll(() => ctx.close());

describe('the storefront offers each variant at its own price', () => {
  it('names the options and values in the buyer’s language and prices every variant on sale by its cost', async () => {
    const { id, v } = await hoodie();
    await addShop('vc-plain');
    const product = await read<TStorefrontProductDetail>(`/vc-plain/products/${id}`, 'es');
    expect(product.options.map((o) => [o.name, o.values.map((value) => value.name)])).toEqual([
      ['Talla', ['S', 'M', 'L', '3XL']],
      ['Color', ['Negro', 'Gris']],
    ]);
    // The switched-off 3XL / Black is not offered; the rest in the catalogue's order.
    expect(product.variants.map((x) => [x.id, x.label, x.priceMinor, x.stock, x.imageUrl])).toEqual([
      [String(v('S-BLK')), 'S / Negro', 3600, 0, null],
      [String(v('M-BLK')), 'M / Negro', 3600, 5, null],
      [String(v('M-GRY')), 'M / Gris', 3600, 3, '/files/grey.png'],
      [String(v('L-BLK')), 'L / Negro', 3600, 1, null],
      [String(v('3XL-GRY')), '3XL / Gris', 4200, 2, null],
    ]);
    // Shown first: the first in stock (S / Black is sold out).
    expect(product.defaultVariantId).toBe(String(v('M-BLK')));
    expect(product).toMatchObject({ priceMinor: 3600, priceVaries: true, stock: 11, inStock: true });

    const list = await read<TStorefrontProductPage>('/vc-plain/products?pageSize=48');
    expect(list.list.find((card) => card.id === String(id))).toMatchObject({
      priceMinor: 3600,
      priceVaries: true,
      inStock: true,
    });
  });

  it('rounds each variant’s own price', async () => {
    const { id, v } = await hoodie();
    await addShop('vc-round', { rounding: '99' });
    const product = await read<TStorefrontProductDetail>(`/vc-round/products/${id}`);
    const priceOf = (variantId: number) =>
      product.variants.find((x) => x.id === String(variantId))?.priceMinor;
    expect(priceOf(v('M-BLK'))).toBe(3699);
    expect(priceOf(v('3XL-GRY'))).toBe(4299);
  });

  it('carries the creator’s own price to every variant as the same profit, never below a variant’s cost', async () => {
    const { id, v } = await hoodie();
    const shopId = await addShop('vc-own');
    // The product is sold as its first variant on sale (S / Black, 18.00): 25.00 is its price.
    await ctx.database.db.insert(shopProducts).values({ shopId, productId: id, overridePriceMinor: 2500 });
    const product = await read<TStorefrontProductDetail>(`/vc-own/products/${id}`);
    const priceOf = (variantId: number) =>
      product.variants.find((x) => x.id === String(variantId))?.priceMinor;
    expect(priceOf(v('M-BLK'))).toBe(2500);
    expect(priceOf(v('3XL-GRY'))).toBe(2800);
    expect(product).toMatchObject({ priceMinor: 2500, priceVaries: true });
  });
});

describe('the studio lists each product with the range of its variants', () => {
  it('shows the lowest and highest cost, price and profit, the units of all and how many there are', async () => {
    const { id } = await hoodie();
    await addShop('vc-studio');
    const token = await accessTokenFor(ctx.app, 'vc-studio-owner', PASSWORD);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/shop/products?pageSize=100&keywords=${encodeURIComponent(`Hoodie ${serial}`)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json<{ data: TShopProductPage }>().data.list.find((p) => p.id === String(id));
    // On sale: S / Black, M / Black, M / Grey, L / Black at 18.00 and 3XL / Grey at 21.00.
    expect(row).toMatchObject({
      variants: 5,
      stock: 11,
      costMinor: 1800,
      sellingMinor: 3600,
      minCostMinor: 1800,
      maxCostMinor: 2100,
      minSellingMinor: 3600,
      maxSellingMinor: 4200,
      minProfitMinor: 1800,
      maxProfitMinor: 2100,
    });
  });
});

describe('checkout sells the variant chosen', () => {
  it('freezes the variant, its SKU, its label in the buyer’s language and its price; takes its stock only', async () => {
    const { id, v } = await hoodie(2);
    await addShop('vc-buy');
    const before = await stockOf([v('M-GRY'), v('3XL-GRY'), v('M-BLK')]);
    const res = await checkout('vc-buy', [
      { productId: id, variantId: v('3XL-GRY'), quantity: 1 },
      { productId: id, variantId: v('M-GRY'), quantity: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const orderNo = res.json<{ data: { orderNo: string } }>().data.orderNo;
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    const items = await ctx.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? 0))
      .orderBy(orderItems.id);
    expect(
      items.map((item) => [
        item.variantId,
        item.sku,
        item.variantLabel,
        item.quantity,
        item.sellingPriceMinor,
        item.platformPriceMinor,
        item.imageUrl,
      ]),
    ).toEqual([
      [v('3XL-GRY'), `VC${serial}-3XL-GRY`, '3XL / Gris', 1, 4200, 2100, null],
      [v('M-GRY'), `VC${serial}-M-GRY`, 'M / Gris', 2, 3600, 1800, '/files/grey.png'],
    ]);
    expect(order).toMatchObject({ totalMinor: 4200 + 7200, platformMinor: 2100 + 3600 });
    // A review of that line says which variant its author bought.
    await insertReview(ctx.database.db, {
      productId: id,
      orderItemId: items[1]?.id ?? 0,
      authorName: 'Ana',
      rating: 5,
      body: 'Warm',
      status: 1,
    });
    const product = await read<TStorefrontProductDetail>(`/vc-buy/products/${id}`);
    expect(product.reviews.list.map((r) => [r.body, r.verified, r.boughtVariant])).toEqual([
      ['Warm', true, 'M / Gris'],
    ]);
    expect(await stockOf([v('M-GRY'), v('3XL-GRY'), v('M-BLK')])).toEqual({
      [v('M-GRY')]: (before[v('M-GRY')] ?? 0) - 2,
      [v('3XL-GRY')]: (before[v('3XL-GRY')] ?? 0) - 1,
      [v('M-BLK')]: before[v('M-BLK')],
    });
  });

  it('sells a line without a variant (a cart from before variants) as the product’s first variant on sale', async () => {
    const { id, v } = await hoodie();
    await addShop('vc-old-cart');
    // S / Black is first but sold out: the line is refused for stock, not sold as another size.
    const res = await checkout('vc-old-cart', [{ productId: id, quantity: 1 }]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: ErrorCode.OUT_OF_STOCK });
    expect((await stockOf([v('S-BLK')]))[v('S-BLK')]).toBe(0);
  });

  it('refuses a variant that is switched off, unknown or another product’s, and a line twice; nothing is held', async () => {
    const { id, v } = await hoodie();
    const other = await hoodie();
    await addShop('vc-bad');
    const watched = [v('M-BLK'), v('3XL-BLK'), other.v('M-BLK')];
    const before = await stockOf(watched);
    const refusals: [Line[], number, string][] = [
      [[{ productId: id, variantId: v('3XL-BLK'), quantity: 1 }], 409, ErrorCode.NOT_ON_SALE],
      [[{ productId: id, variantId: 999_999_999, quantity: 1 }], 409, ErrorCode.NOT_ON_SALE],
      [[{ productId: id, variantId: other.v('M-BLK'), quantity: 1 }], 409, ErrorCode.NOT_ON_SALE],
      [
        [
          { productId: id, variantId: v('M-BLK'), quantity: 1 },
          { productId: id, variantId: v('M-BLK'), quantity: 1 },
        ],
        400,
        ErrorCode.VALIDATION_FAILED,
      ],
      // A line naming only the product is its first variant on sale: S / Black, named again.
      [
        [
          { productId: id, quantity: 1 },
          { productId: id, variantId: v('S-BLK'), quantity: 1 },
        ],
        400,
        ErrorCode.VALIDATION_FAILED,
      ],
    ];
    for (const [items, status, code] of refusals) {
      const res = await checkout('vc-bad', [...items, { productId: id, variantId: v('M-GRY'), quantity: 1 }]);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code });
    }
    const named = await checkout('vc-bad', [{ productId: id, variantId: v('3XL-BLK'), quantity: 1 }]);
    expect(named.json<{ msg: string }>().msg).toContain(`Hoodie ${serial - 1}`);
    expect(await stockOf(watched)).toEqual(before);
  });

  it('sells the last unit of a variant to exactly one of ten buyers at once', async () => {
    const { id, v } = await hoodie(1);
    await addShop('vc-race');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        checkout('vc-race', [{ productId: id, variantId: v('L-BLK'), quantity: 1 }]),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(
      answers.filter((res) => res.statusCode === 409).map((res) => res.json<{ code: string }>().code),
    ).toEqual(Array(9).fill(ErrorCode.OUT_OF_STOCK));
    expect((await stockOf([v('L-BLK')]))[v('L-BLK')]).toBe(0);
  });
});
