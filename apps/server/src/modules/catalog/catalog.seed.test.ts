import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed, type SeedReport } from '../../seed';
import { createTestApp, type TestContext } from '../../test/helper';
import { TEST_SEED_PASSWORD } from '../../test/test-database';
import { accessTokenFor } from '../../test/users';
import { shopProducts, shopProductStats, shops } from '../shops/shops.table';
import { reconcile } from '../reconciliation/reconciliation.api';
import {
  categories,
  categorySizeGuides,
  platformBanners,
  productImages,
  productOptionValues,
  productOptions,
  productVariants,
  products,
  reviews,
} from './catalog.table';
import { composeProducts, seededRandom } from './catalog.seed';
import { SEED_SIZES, SIZE_EXTRA_MINOR } from './catalog.seed-apparel';
import { defaultVariantOf } from './variants.repository';

let ctx: TestContext;
let first: SeedReport;
/** The demo creator's address (the shops module's DEMO_EMAIL, which it keeps to itself). */
const DEMO_EMAIL = 'demo@linkstore.local';

/** The one test that pays for the sample catalogue: the shared template database has none. */
beforeAll(async () => {
  ctx = await createTestApp({
    env: { CAPTCHA_ENABLED: 'false', STORAGE_LOCAL_DIR: mkdtempSync(join(tmpdir(), 'linkstore-seed-')) },
  });
  first = await runSeed(ctx.database.db, {
    seedPassword: TEST_SEED_PASSWORD,
    demo: { storage: ctx.app.storage.active },
  });
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

const countOf = async (
  table: typeof categories | typeof products | typeof reviews,
  where?: ReturnType<typeof eq>,
) => (await ctx.database.db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;

describe('the seed catalogue', () => {
  it('is the same on every install and keeps every price whole and positive', () => {
    const a = composeProducts(seededRandom(7));
    expect(composeProducts(seededRandom(7))).toEqual(a);
    expect(a.every((p) => Number.isInteger(p.priceMinor) && p.priceMinor > 0)).toBe(true);
    expect(new Set(a.map((p) => p.title[0])).size).toBe(a.length);
    // Clothes in sizes and colours carry no colour in their titles; everything else still does.
    expect(a.filter((p) => p.variants === 'sizes').every((p) => p.title.every((t) => !t.includes('—')))).toBe(
      true,
    );
    expect(
      a.filter((p) => p.variants !== 'sizes').every((p) => p.title.every((t) => t.includes(' — '))),
    ).toBe(true);
  });

  it('has 10 first-level and 40 second-level categories, translated, each with an icon', async () => {
    expect(await countOf(categories, eq(categories.parentId, 0))).toBe(10);
    expect(await countOf(categories, ne(categories.parentId, 0))).toBe(40);
    const rows = await ctx.database.db.select().from(categories);
    expect(
      rows.every((c) => c.iconUrl?.startsWith('/files/category/') && Object.keys(c.names).length === 4),
    ).toBe(true);
  });

  it('has at least 200 products, each with an image that is stored and served', async () => {
    expect(await countOf(products)).toBeGreaterThanOrEqual(200);
    const withoutImage = await ctx.database.db.$count(
      products,
      sql`not exists (select 1 from ${productImages} where ${productImages.productId} = ${products.id})`,
    );
    expect(withoutImage).toBe(0);
    const [image] = await ctx.database.db.select().from(productImages).limit(1);
    const res = await ctx.app.inject({ method: 'GET', url: image!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('has published, unverified reviews in several languages, and three platform banners', async () => {
    // The catalogue's own reviews: the demo orders' verified ones (orders module) have an order item.
    const rows = await ctx.database.db.select().from(reviews).where(isNull(reviews.orderItemId));
    expect(rows.length).toBeGreaterThan(200);
    expect(rows.every((r) => r.status === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.language)).size).toBe(5);
    expect(new Set(rows.map((r) => r.rating)).size).toBe(5);
    expect(await ctx.database.db.$count(platformBanners)).toBe(3);
  });
});

/** A seeded product with its category's English name, options (with values) and variants. */
interface SeededProduct {
  id: number;
  title: string;
  category: string;
  options: {
    name: string;
    names: Record<string, string>;
    values: { id: number; value: string; values: Record<string, string> }[];
  }[];
  variants: {
    id: number;
    sku: string;
    cost: number;
    stock: number;
    weight: number;
    values: (number | null)[];
  }[];
}

/** Every product of the seed with its options and variants, in id order. */
async function seededProducts(): Promise<SeededProduct[]> {
  const db = ctx.database.db;
  const [rows, options, values, variants] = await Promise.all([
    db
      .select({ id: products.id, title: products.title, category: categories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .orderBy(products.id),
    db.select().from(productOptions).orderBy(productOptions.position),
    db.select().from(productOptionValues).orderBy(productOptionValues.position),
    db.select().from(productVariants).orderBy(productVariants.sort, productVariants.id),
  ]);
  return rows.map((row) => ({
    ...row,
    options: options
      .filter((o) => o.productId === row.id)
      .map((o) => ({ ...o, values: values.filter((v) => v.optionId === o.id) })),
    variants: variants
      .filter((v) => v.productId === row.id)
      .map((v) => ({
        id: v.id,
        sku: v.sku,
        cost: v.platformPriceMinor,
        stock: v.stock,
        weight: v.weightGrams,
        values: [v.value1Id, v.value2Id, v.value3Id],
      })),
  }));
}

/** The five languages are there: English in the column, the four others translated, none empty. */
const inFiveLanguages = (english: string, others: Record<string, string>) =>
  english.length > 0 && ['es', 'pt', 'zh-cn', 'fr'].every((lang) => (others[lang] ?? '').length > 0);

describe('the seed catalogue’s clothes', () => {
  it('sells T-shirts and hoodies in XS–3XL × 3–4 colours, larger sizes costing more, SKUs unique', async () => {
    const all = await seededProducts();
    const sized = all.filter((p) => p.category === 'T-shirts' || p.category === 'Hoodies');
    expect(sized).toHaveLength(16);
    for (const product of sized) {
      expect(product.title).not.toContain('—');
      const [size, colour] = product.options;
      expect(product.options.map((o) => o.name)).toEqual(['Size', 'Colour']);
      expect(size!.values.map((v) => v.value)).toEqual([...SEED_SIZES]);
      expect(colour!.values.length).toBeGreaterThanOrEqual(3);
      expect(colour!.values.length).toBeLessThanOrEqual(4);
      // One variant per combination, first option slowest.
      expect(product.variants).toHaveLength(7 * colour!.values.length);
      expect(product.variants.map((v) => v.values)).toEqual(
        size!.values.flatMap((s) => colour!.values.map((c) => [s.id, c.id, null])),
      );
      expect(
        product.variants.every((v) =>
          new RegExp(`^(TS|OT|HD|ZH)-${product.id}-[0-9A-Z]+-[A-Z]{3}$`).test(v.sku),
        ),
      ).toBe(true);
      // Per colour, the cost by size: the base for XS–XL, +$1 for 2XL, +$2 for 3XL; weight grows.
      const base = product.variants[0]!.cost;
      colour!.values.forEach((_, c) => {
        const bySize = product.variants.filter((_, i) => i % colour!.values.length === c);
        expect(bySize.map((v) => v.cost)).toEqual(SIZE_EXTRA_MINOR.map((extra) => base + extra));
        expect(bySize.every((v, i) => i === 0 || v.weight > bySize[i - 1]!.weight)).toBe(true);
      });
    }
    const apparel = sized.flatMap((p) => p.variants);
    // A few sold out, most not; the variant each product is sold as is in stock unless it all is.
    expect(apparel.filter((v) => v.stock === 0).length).toBeGreaterThan(0);
    expect(apparel.filter((v) => v.stock > 0).length).toBeGreaterThan(apparel.length * 0.8);
    expect(sized.every((p) => p.variants[0]!.stock > 0 || p.variants.every((v) => v.stock === 0))).toBe(true);

    const variants = all.flatMap((p) => p.variants);
    expect(first.catalogue?.variants).toBe(variants.length);
    expect(new Set(variants.map((v) => v.sku.toLowerCase())).size).toBe(variants.length);
    expect(variants.every((v) => Number.isInteger(v.cost) && v.cost > 0 && v.stock >= 0)).toBe(true);
  });

  it('sells caps and hats in "One size", mugs and the rest without options as before', async () => {
    const all = await seededProducts();
    const caps = all.filter((p) => p.category === 'Caps & hats');
    expect(caps.length).toBeGreaterThan(0);
    for (const cap of caps) {
      expect(cap.title).toContain(' — ');
      expect(cap.options).toHaveLength(1);
      expect(cap.options[0]!.values.map((v) => [v.value, v.values.es])).toEqual([
        ['One size', 'Talla única'],
      ]);
      expect(cap.variants).toHaveLength(1);
      expect(cap.variants[0]!.sku).toMatch(new RegExp(`^(CP|BN)-${cap.id}-OS$`));
    }
    const plain = all.filter((p) => !['T-shirts', 'Hoodies', 'Caps & hats'].includes(p.category));
    expect(plain.filter((p) => p.category === 'Mugs & drinkware').length).toBeGreaterThan(0);
    for (const product of plain) {
      expect(product.title).toContain(' — ');
      expect(product.options).toEqual([]);
      expect(product.variants).toHaveLength(1);
      expect(product.variants[0]).toMatchObject({
        sku: `LS-${product.id}`,
        values: [null, null, null],
        weight: 0,
      });
    }
  });

  it('names every option and value in all five languages, and buyers read them in theirs', async () => {
    const all = await seededProducts();
    const options = all.flatMap((p) => p.options);
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o) => inFiveLanguages(o.name, o.names))).toBe(true);
    expect(options.flatMap((o) => o.values).every((v) => inFiveLanguages(v.value, v.values))).toBe(true);

    const hoodie = all.find((p) => p.category === 'Hoodies')!;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/public/shops/demo/products/${hoodie.id}`,
      headers: { lang: 'fr' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<{
      data: {
        options: { name: string; values: { name: string }[] }[];
        variants: { label: string; priceMinor: number }[];
      };
    }>().data;
    expect(detail.options.map((o) => o.name)).toEqual(['Taille', 'Couleur']);
    expect(detail.options[0]!.values.map((v) => v.name)).toEqual([...SEED_SIZES]);
    expect(detail.variants).toHaveLength(hoodie.variants.length);
    expect(detail.variants[0]!.label).toMatch(/^XS \/ \S/);
    // The shop's percentage applies to each variant's own cost: the 3XL sells for more than the XS.
    expect(detail.variants.at(-1)!.priceMinor).toBeGreaterThan(detail.variants[0]!.priceMinor);
  });

  it('gives T-shirts and hoodies a size guide in centimetres, XS to 3XL, translated', async () => {
    expect(first.catalogue?.sizeGuides).toBe(2);
    const guides = await ctx.database.db
      .select({ category: categories.name, categoryId: categories.id, guide: categorySizeGuides })
      .from(categorySizeGuides)
      .innerJoin(categories, eq(categories.id, categorySizeGuides.categoryId));
    expect(guides.map((g) => g.category).sort()).toEqual(['Hoodies', 'T-shirts']);
    for (const { guide } of guides) {
      expect(guide.rows.map((r) => r.size)).toEqual([...SEED_SIZES]);
      expect(guide.columns.every((c) => inFiveLanguages(c.name, c.names))).toBe(true);
      expect(inFiveLanguages(guide.note, guide.notes)).toBe(true);
      // Whole millimetres, each measurement growing with the size.
      guide.columns.forEach((_, k) => {
        const values = guide.rows.map((r) => r.values[k]!);
        expect(values.every((v, i) => Number.isInteger(v) && (i === 0 || v > values[i - 1]!))).toBe(true);
      });
    }
    const tees = guides.find((g) => g.category === 'T-shirts')!;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/public/size-guides/${tees.categoryId}`,
      headers: { lang: 'es' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Ancho de pecho');
  });

  it('leaves the books balanced: reconciliation finds no difference on the demo data', async () => {
    const result = await reconcile(ctx.database.db);
    expect(result.differences).toEqual([]);
  });
});

describe('the demo creator', () => {
  it('signs in with the seed password through the real login and owns the shop `demo`', async () => {
    expect(first.demo).toEqual({ exists: true, created: true });
    expect(first.demoOrders).toBe(12);
    const token = await accessTokenFor(ctx.app, DEMO_EMAIL, TEST_SEED_PASSWORD);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/shop',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ data: { slug: string } }>().data.slug).toBe('demo');
    const pricing = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/pricing/settings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pricing.json<{ data: unknown }>().data).toMatchObject({
      defaultPercentage: 200,
      rounding: '99',
      categories: expect.arrayContaining([
        expect.objectContaining({ percentage: 150 }),
        expect.objectContaining({ percentage: 180 }),
      ]) as unknown,
    });
  });

  it('has a public shop with two banners, rules, overrides at or above cost and plausible stats', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/public/shops/demo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { banners: unknown[] } }>().data.banners).toHaveLength(2);
    const db = ctx.database.db;
    const [shop] = await db.select().from(shops).where(eq(shops.slug, 'demo'));
    expect(shop).toMatchObject({ defaultPercentage: 200, rounding: '99' });
    expect(shop?.pricesSavedAt).not.toBeNull();
    // The creator's own price is the price of the variant the product is sold as (decision 0055).
    const overrides = await db
      .select({ override: shopProducts.overridePriceMinor, cost: productVariants.platformPriceMinor })
      .from(shopProducts)
      .innerJoin(productVariants, eq(productVariants.id, defaultVariantOf(shopProducts.productId)))
      .where(and(eq(shopProducts.shopId, shop!.id), gt(shopProducts.overridePriceMinor, 0)));
    expect(overrides).toHaveLength(3);
    expect(overrides.every((o) => o.override! >= o.cost)).toBe(true);
    expect(await db.$count(shopProducts, eq(shopProducts.visible, 0))).toBeGreaterThan(0);
    const stats = await db.select().from(shopProductStats);
    expect(stats.length).toBeGreaterThan(10);
    expect(stats.every((s) => s.views >= s.clicks)).toBe(true);
  });
});

describe('running the seed again', () => {
  it('inserts nothing', async () => {
    const again = await runSeed(ctx.database.db, {
      seedPassword: TEST_SEED_PASSWORD,
      demo: { storage: ctx.app.storage.active },
    });
    expect(again.catalogue).toEqual({
      categories: 0,
      products: 0,
      images: 0,
      reviews: 0,
      banners: 0,
      variants: 0,
      sizeGuides: 0,
    });
    expect(again.demo).toEqual({ exists: true, created: false });
    expect(again.demoOrders).toBe(0);
    expect(await countOf(categories)).toBe(50);
  });
});
