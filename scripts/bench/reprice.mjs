import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startPostgres } from '../lib/postgres.mjs';
import { ROOT } from '../lib/process.mjs';

/** One run of reprice-worker.mjs on a fresh database: its JSON line. */
function runWorker(scenario, databaseUrl) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/bench/reprice-worker.mjs')],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          BENCH_REPRICE_SCENARIO: scenario,
          ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
        },
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`re-price bench (${scenario}) exited (${code})`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? ''));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/**
 * "Re-price 10,000 products after a category change" (decision 0014) and "re-pricing a shop of
 * 30,000 variants after a rule change takes < 1 s" (issue 33): milliseconds from saving a
 * category's percentage until every new price is read back, p50 of a few runs. The first on the
 * embedded database (`products`, 10,000 products without options, the price page's list); the
 * variants (`variants.{pglite,postgres}`: 1,000 products × 30 variants, the studio's products list
 * and each product's variants) on both databases, each on a fresh one.
 */
export async function benchReprice({ drivers = ['pglite', 'postgres'] } = {}) {
  const products = await runWorker('products');
  const variants = {};
  for (const driver of drivers) {
    if (driver === 'pglite') {
      variants.pglite = await runWorker('variants');
      continue;
    }
    const postgres = await startPostgres();
    try {
      variants.postgres = await runWorker('variants', postgres.url);
    } finally {
      await postgres.stop();
    }
  }
  // The first figure's fields stay where they were (figures.reprice.totalMedianMs…).
  return { ...products, variants, variantsTargetMs: 1000 };
}
