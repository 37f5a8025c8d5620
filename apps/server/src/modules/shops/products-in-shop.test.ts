import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { priceProduct, ROUNDINGS, type TRounding } from '@linkstore/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../../seed';
import { createTestApp, type TestContext } from '../../test/helper';
import { TEST_SEED_PASSWORD } from '../../test/test-database';
import { accessTokenFor } from '../../test/users';
import { categories, products } from '../catalog/catalog.table';
import { listSellableProducts, priceInShop } from './products-in-shop';
import { shopCategories, shopProducts, shops } from './shops.table';
import { queryRows } from '../../platform/db/rows';

/*
 * The read model of "a product in a shop" against a plain-SQL statement of the rules, on the demo
 * shop of the seed (with a few more of the creator's choices, so every rule bites): the studio's
 * list, the price pages, the storefront, checkout and the demo seed's pool must all sell the same
 * products at the same prices, and the studio and the storefront must list them in one order.
 */

let ctx: TestContext;
let token: string;
let shop: { id: number; defaultPercentage: number; rounding: string };
/** What the shop sells, in its order, priced: worked out here without the read model. */
let expected: { id: string; cents: number; reviews: number }[];

const DEMO_EMAIL = 'demo@linkstore.local';

interface ReferenceRow {
  id: string;
  cost: number;
  override: number | null;
  second: number | null;
  first: number | null;
  reviews: number;
}

/** The rules restated in plain SQL: on sale, not hidden, the shop's order, its percentages. */
async function referenceRows(shopId: number): Promise<ReferenceRow[]> {
  return queryRows<ReferenceRow>(
    ctx.database.db,
    sql`
    select p.id::text as id, v.platform_price_minor as cost, sp.override_price_minor as override,
      second_level.percentage as second, first_level.percentage as first,
      (select count(*)::int from reviews r where r.product_id = p.id and r.status = 1) as reviews
    from products p
    join product_variants v on v.id = (select v2.id from product_variants v2 where v2.product_id = p.id
      and v2.status = 1 order by v2.sort, v2.id limit 1)
    join categories c on c.id = p.category_id
    join categories pc on pc.id = c.parent_id
    left join shop_products sp on sp.shop_id = ${shopId} and sp.product_id = p.id
    left join shop_category_prices second_level
      on second_level.shop_id = ${shopId} and second_level.category_id = c.id
    left join shop_category_prices first_level
      on first_level.shop_id = ${shopId} and first_level.category_id = pc.id
    left join shop_categories c_place on c_place.shop_id = ${shopId} and c_place.category_id = c.id
    left join shop_categories pc_place on pc_place.shop_id = ${shopId} and pc_place.category_id = pc.id
    where p.status = 1 and c.status = 1 and pc.status = 1 and coalesce(sp.visible, 1) = 1
    order by coalesce(nullif(pc_place.sort, 0), 2147483647), pc.sort, pc.id,
      coalesce(nullif(c_place.sort, 0), 2147483647), c.sort, c.id,
      coalesce(nullif(sp.sort, 0), 2147483647), p.sort, p.id`,
  );
}

/** Every page of a paged list, through the API. */
async function allPages<T>(url: (pageNum: number) => string, auth?: string): Promise<T[]> {
  const items: T[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: url(pageNum),
      headers: auth ? { authorization: `Bearer ${auth}` } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const { list, total } = res.json<{ data: { list: T[]; total: number } }>().data;
    items.push(...list);
    if (list.length === 0 || items.length >= total) return items;
  }
}

beforeAll(async () => {
  ctx = await createTestApp({
    env: {
      CAPTCHA_ENABLED: 'false',
      STORAGE_LOCAL_DIR: mkdtempSync(join(tmpdir(), 'linkstore-read-model-')),
    },
  });
  const db = ctx.database.db;
  await runSeed(db, { seedPassword: TEST_SEED_PASSWORD, demo: { storage: ctx.app.storage.active } });
  token = await accessTokenFor(ctx.app, DEMO_EMAIL, TEST_SEED_PASSWORD);
  const [row] = await db
    .select({ id: shops.id, defaultPercentage: shops.defaultPercentage, rounding: shops.rounding })
    .from(shops)
    .where(eq(shops.slug, 'demo'));
  shop = row!;

  // More of the creator's and the platform's choices on top of the seed's overrides, hidden
  // products and category percentages: the last first-level category placed first, a product
  // placed first in its category, one product withdrawn and one second-level category hidden.
  const firstLevel = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, 0))
    .orderBy(asc(categories.sort), asc(categories.id));
  await db.insert(shopCategories).values({ shopId: shop.id, categoryId: firstLevel.at(-1)!.id, sort: 1 });
  const some = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .orderBy(asc(products.id))
    .limit(40);
  await db
    .insert(shopProducts)
    .values({ shopId: shop.id, productId: some[30]!.id, sort: 1 })
    .onConflictDoUpdate({ target: [shopProducts.shopId, shopProducts.productId], set: { sort: 1 } });
  await db.update(products).set({ status: 0 }).where(eq(products.id, some[20]!.id));
  await db
    .update(categories)
    .set({ status: 0 })
    .where(and(eq(categories.id, some[35]!.categoryId), ne(categories.parentId, 0)));

  const rounding: TRounding = (ROUNDINGS as readonly string[]).includes(shop.rounding)
    ? (shop.rounding as TRounding)
    : 'none';
  expected = (await referenceRows(shop.id)).map((row) => ({
    id: row.id,
    cents: priceProduct(row.cost, {
      overrideMinor: row.override,
      secondLevelPercentage: row.second,
      firstLevelPercentage: row.first,
      defaultPercentage: shop.defaultPercentage,
      rounding,
    }).sellingMinor,
    reviews: row.reviews,
  }));
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

describe('one read model of the products in a shop', () => {
  it('has something to compare: a shop selling many products, some hidden, some overridden', () => {
    expect(expected.length).toBeGreaterThan(150);
    expect(new Set(expected.map((p) => p.id)).size).toBe(expected.length);
  });

  it('the studio list shows exactly those as shown, in that order, at those prices', async () => {
    const list = await allPages<{ id: string; sellingMinor: number; reviewCount: number }>(
      (n) => `/api/v1/shop/products?visible=1&pageSize=100&pageNum=${n}`,
      token,
    );
    expect(list.map((p) => ({ id: p.id, cents: p.sellingMinor, reviews: p.reviewCount }))).toEqual(expected);
  });

  it('the storefront shows exactly those, in the same order, at the same prices', async () => {
    const list = await allPages<{ id: string; priceMinor: number; reviewCount: number }>(
      (n) => `/api/v1/public/shops/demo/products?pageSize=48&pageNum=${n}`,
    );
    expect(list.map((p) => ({ id: p.id, cents: p.priceMinor, reviews: p.reviewCount }))).toEqual(expected);
  });

  it('the price pages price every shown product the same', async () => {
    const list = await allPages<{ id: string; sellingMinor: number; visible: number }>(
      (n) => `/api/v1/pricing/products?pageSize=100&pageNum=${n}`,
      token,
    );
    const shown = new Map(list.filter((p) => p.visible === 1).map((p) => [p.id, p.sellingMinor]));
    expect(shown).toEqual(new Map(expected.map((p) => [p.id, p.cents])));
  });

  it('checkout sells exactly those at the same prices, and nothing else of what is asked', async () => {
    const withdrawn = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 0));
    const hidden = await ctx.database.db
      .select({ id: shopProducts.productId })
      .from(shopProducts)
      .where(and(eq(shopProducts.shopId, shop.id), eq(shopProducts.visible, 0)));
    expect(hidden.length).toBeGreaterThan(0);
    const ids = [
      ...expected.map((p) => Number(p.id)),
      ...withdrawn.map((p) => p.id),
      ...hidden.map((p) => p.id),
    ];
    const sellable = await listSellableProducts(ctx.database.db, shop.id, { lang: 'en', ids });
    const priced = new Map(sellable.map((p) => [String(p.id), priceInShop(p, shop).sellingMinor]));
    expect(priced).toEqual(new Map(expected.map((p) => [p.id, p.cents])));
  });

  it('the demo seed draws its orders from the first of them by id', async () => {
    const pool = await listSellableProducts(ctx.database.db, shop.id, { lang: 'en', limit: 60 });
    const firstById = [...expected].sort((a, b) => Number(a.id) - Number(b.id)).slice(0, 60);
    expect(pool.map((p) => ({ id: String(p.id), cents: priceInShop(p, shop).sellingMinor }))).toEqual(
      firstById.map((p) => ({ id: p.id, cents: p.cents })),
    );
  });
});
