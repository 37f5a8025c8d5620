// Run by scripts/bench/reprice.mjs under `node --import tsx`, so it can use the server's own
// code: a fresh embedded database, 10,000 products in one category, a shop, then the time from a
// category percentage change (through the pricing service, as PUT /api/v1/pricing does) until
// the priced list of all 10,000 is read back (as GET /api/v1/pricing/products does).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { priceProduct } from '@linkstore/contract';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { runMigrations } from '../../apps/server/src/platform/db/migrate.ts';
import { users } from '../../apps/server/src/platform/auth/auth.tables.ts';
import { categories, products } from '../../apps/server/src/modules/catalog/catalog.table.ts';
import { shops } from '../../apps/server/src/modules/shops/shops.table.ts';
import { listPricedProducts, savePricing } from '../../apps/server/src/modules/pricing/pricing.service.ts';

const PRODUCTS = Number(process.env.BENCH_REPRICE_PRODUCTS ?? 10_000);
const RUNS = Number(process.env.BENCH_REPRICE_RUNS ?? 5);

const dataDir = mkdtempSync(join(tmpdir(), 'linkstore-bench-reprice-'));
const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
try {
  await runMigrations(database);
  const { db } = database;
  const [top] = await db.insert(categories).values({ name: 'Bench' }).returning();
  const [sub] = await db.insert(categories).values({ name: 'Bench sub', parentId: top.id }).returning();
  for (let start = 0; start < PRODUCTS; start += 1000) {
    const batch = [];
    for (let i = start; i < Math.min(start + 1000, PRODUCTS); i += 1) {
      batch.push({
        categoryId: sub.id,
        title: `Bench product ${i}`,
        platformPriceMinor: 100 + ((i * 37) % 9900),
      });
    }
    await db.insert(products).values(batch);
  }
  const [user] = await db.insert(users).values({ nickname: 'bench', username: 'bench-creator' }).returning();
  await db.insert(shops).values({ ownerUserId: user.id, slug: 'bench', name: 'Bench' });

  const query = { pageNum: 1, pageSize: PRODUCTS, categoryId: String(top.id) };
  await listPricedProducts(db, 'en', user.id, query); // warm-up: plans and caches
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const percentage = 150 + run * 10;
    const t0 = performance.now();
    await savePricing(db, 'en', user.id, { categories: [{ categoryId: String(sub.id), percentage }] });
    const t1 = performance.now();
    const page = await listPricedProducts(db, 'en', user.id, query);
    const t2 = performance.now();
    // The figure counts only if every product came back re-priced by the rule.
    const wrong = page.list.filter(
      (p) =>
        p.sellingMinor !==
        priceProduct(p.costMinor, {
          secondLevelPercentage: percentage,
          defaultPercentage: 200,
          rounding: 'none',
        }).sellingMinor,
    );
    if (page.list.length !== PRODUCTS || wrong.length > 0) {
      throw new Error(`re-price check failed: ${page.list.length} read, ${wrong.length} wrong`);
    }
    runs.push({ saveMs: t1 - t0, readMs: t2 - t1, totalMs: t2 - t0 });
  }
  const pick = (key) => runs.map((r) => r[key]).sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  const median = (values) => round(values[Math.floor(values.length / 2)]);
  const total = pick('totalMs');
  process.stdout.write(
    `${JSON.stringify({
      driver: database.driver,
      products: PRODUCTS,
      runs: RUNS,
      saveMs: median(pick('saveMs')),
      readMs: median(pick('readMs')),
      totalMedianMs: median(total),
      totalMinMs: round(total[0]),
      totalMaxMs: round(total[total.length - 1]),
    })}\n`,
  );
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
