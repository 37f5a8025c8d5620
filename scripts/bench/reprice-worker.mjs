// Run by scripts/bench/reprice.mjs under `node --import tsx`, so it can use the server's own
// code: a fresh database (embedded, or the throw-away PostgreSQL named by BENCH_DATABASE_URL), the
// scale catalogue (scale-catalogue.seed.ts) and a shop, then the time from a category percentage
// change (through the pricing service, as PUT /api/v1/pricing does) until the new prices are read
// back. Prices are not stored (decision 0014): a rule change re-prices on read.
//
// BENCH_REPRICE_SCENARIO:
// - `products`: BENCH_REPRICE_PRODUCTS (10,000) products without options; read back as the
//   price page's list of all of them (GET /api/v1/pricing/products).
// - `variants`: BENCH_REPRICE_VARIANT_PRODUCTS (1,000) products of BENCH_REPRICE_VARIANTS (30)
//   variants each, Size × Colour (≈30,000 variants); read back as the studio does — its products
//   list (GET /api/v1/shop/products, every product with its price range) and each product's
//   variants (GET /api/v1/shop/products/:id/variants), BENCH_REPRICE_CONCURRENCY (4) at a time —
//   until every variant's new price is in hand. Then the same runs read back in one query instead
//   (`oneRead`: every variant on sale in the shop with the shop read model's pricing inputs,
//   priced by priceVariantInShop — what a bulk read would cost; no endpoint answers it yet).
// Each figure counts only if every price read back is the one the new rule gives.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { priceVariant } from '@linkstore/contract';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { runMigrations } from '../../apps/server/src/platform/db/migrate.ts';
import { users } from '../../apps/server/src/platform/auth/auth.tables.ts';
import { growCatalogue } from '../../apps/server/src/modules/catalog/scale-catalogue.seed.ts';
import {
  categories,
  products,
  productVariants,
} from '../../apps/server/src/modules/catalog/catalog.table.ts';
import { shops, shopVariantPrices } from '../../apps/server/src/modules/shops/shops.table.ts';
import {
  joinShopPricing,
  priceVariantInShop,
  sellableInShop,
  shopPricingColumns,
} from '../../apps/server/src/modules/shops/products-in-shop.ts';
import { listPricedProducts, savePricing } from '../../apps/server/src/modules/pricing/pricing.service.ts';
import {
  getMyProductVariants,
  pageMyShopProducts,
} from '../../apps/server/src/modules/shops/shop-products.service.ts';

const SCENARIO = process.env.BENCH_REPRICE_SCENARIO ?? 'products';
const VARIANTS = SCENARIO === 'variants' ? Number(process.env.BENCH_REPRICE_VARIANTS ?? 30) : 1;
const PRODUCTS =
  SCENARIO === 'variants'
    ? Number(process.env.BENCH_REPRICE_VARIANT_PRODUCTS ?? 1_000)
    : Number(process.env.BENCH_REPRICE_PRODUCTS ?? 10_000);
const RUNS = Number(process.env.BENCH_REPRICE_RUNS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_REPRICE_CONCURRENCY ?? 4);
/** The shop's rules besides the percentage the runs change (a shop's defaults). */
const DEFAULT_PERCENTAGE = 200;

const dataDir = mkdtempSync(join(tmpdir(), 'linkstore-bench-reprice-'));
const database = process.env.BENCH_DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL, poolSize: CONCURRENCY + 1 })
  : await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });

/** `count` calls of `work(i)`, at most `CONCURRENCY` at a time; their answers in order. */
async function pooled(count, work) {
  const answers = new Array(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      answers[i] = await work(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, lane));
  return answers;
}

/** The price the new rule gives a variant of this cost (the first-level category's percentage). */
const expected = (costMinor, percentage) =>
  priceVariant(
    costMinor,
    { firstLevelPercentage: percentage, defaultPercentage: DEFAULT_PERCENTAGE, rounding: 'none' },
    { costMinor },
  ).sellingMinor;

try {
  const started = performance.now();
  await runMigrations(database);
  const { db } = database;
  const grown = await growCatalogue(db, { wanted: PRODUCTS, seed: 16, variantsPerProduct: VARIANTS });
  // What autovacuum would do after such a load (PGlite has none).
  await db.execute(sql`analyze`);
  const setupMs = performance.now() - started;
  const [top] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`${categories.parentId} = 0 and ${categories.name} = 'More finds'`);
  const [user] = await db.insert(users).values({ nickname: 'bench', username: 'bench-creator' }).returning();
  const [shop] = await db
    .insert(shops)
    .values({ ownerUserId: user.id, slug: 'bench', name: 'Bench', defaultPercentage: DEFAULT_PERCENTAGE })
    .returning();

  /** Every variant on sale in the shop, priced, in one query (the read model's parts). */
  const oneRead = async (percentage) => {
    const rows = await joinShopPricing(
      db
        .select({
          ...shopPricingColumns,
          variantCostMinor: productVariants.platformPriceMinor,
          variantPriceMinor: shopVariantPrices.priceMinor,
        })
        .from(products)
        .$dynamic(),
      shop.id,
    )
      .innerJoin(
        productVariants,
        and(eq(productVariants.productId, products.id), eq(productVariants.status, 1)),
      )
      .leftJoin(
        shopVariantPrices,
        and(eq(shopVariantPrices.shopId, shop.id), eq(shopVariantPrices.variantId, productVariants.id)),
      )
      .where(and(...sellableInShop()));
    let wrong = 0;
    for (const row of rows) {
      const price = priceVariantInShop(
        row,
        { costMinor: row.variantCostMinor, ownPriceMinor: row.variantPriceMinor },
        shop,
      );
      if (price.sellingMinor !== expected(row.variantCostMinor, percentage)) wrong += 1;
    }
    return { read: rows.length, wrong };
  };

  /** Reads back every price the shop shows and answers how many were read and how many are wrong. */
  const readBack =
    SCENARIO === 'variants'
      ? async (percentage) => {
          const page = await pageMyShopProducts(db, 'en', user.id, {
            pageNum: 1,
            pageSize: PRODUCTS,
            visible: undefined,
          });
          const answers = await pooled(page.list.length, (i) =>
            getMyProductVariants(db, 'en', user.id, Number(page.list[i].id)),
          );
          let read = 0;
          let wrong = page.list.length === PRODUCTS ? 0 : 1;
          for (const [i, answer] of answers.entries()) {
            const row = page.list[i];
            const prices = answer.variants.map((v) => v.sellingMinor);
            if (row.minSellingMinor !== Math.min(...prices) || row.maxSellingMinor !== Math.max(...prices)) {
              wrong += 1;
            }
            for (const variant of answer.variants) {
              read += 1;
              if (variant.sellingMinor !== expected(variant.costMinor, percentage)) wrong += 1;
            }
          }
          return { read, wrong };
        }
      : async (percentage) => {
          const page = await listPricedProducts(db, 'en', user.id, {
            pageNum: 1,
            pageSize: PRODUCTS,
            categoryId: String(top.id),
          });
          const wrong = page.list.filter((p) => p.sellingMinor !== expected(p.costMinor, percentage));
          return { read: page.list.length, wrong: wrong.length };
        };

  const round = (ms) => Math.round(ms * 10) / 10;
  const median = (values) => round(values[Math.floor(values.length / 2)]);
  /** RUNS rule changes, each read back by `read`: the medians (and the total's min and max). */
  const measure = async (read, firstPercentage) => {
    await read(DEFAULT_PERCENTAGE); // warm-up: plans and caches
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const percentage = firstPercentage + run * 10;
      const t0 = performance.now();
      await savePricing(db, 'en', user.id, { categories: [{ categoryId: String(top.id), percentage }] });
      const t1 = performance.now();
      const { read: count, wrong } = await read(percentage);
      const t2 = performance.now();
      if (count !== grown.variants || wrong > 0) {
        throw new Error(`re-price check failed: ${count} of ${grown.variants} read, ${wrong} wrong`);
      }
      runs.push({ saveMs: t1 - t0, readMs: t2 - t1, totalMs: t2 - t0 });
    }
    const pick = (key) => runs.map((r) => r[key]).sort((a, b) => a - b);
    const total = pick('totalMs');
    return {
      saveMs: median(pick('saveMs')),
      readMs: median(pick('readMs')),
      totalMedianMs: median(total),
      totalMinMs: round(total[0]),
      totalMaxMs: round(total[total.length - 1]),
    };
  };
  const figures = await measure(readBack, 150);
  const one = SCENARIO === 'variants' ? await measure(oneRead, 160) : undefined;
  process.stdout.write(
    `${JSON.stringify({
      driver: database.driver,
      scenario: SCENARIO,
      products: PRODUCTS,
      variants: grown.variants,
      ...(SCENARIO === 'variants' ? { concurrency: CONCURRENCY } : {}),
      runs: RUNS,
      setupMs: Math.round(setupMs),
      ...figures,
      ...(one ? { oneRead: one } : {}),
    })}\n`,
  );
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
