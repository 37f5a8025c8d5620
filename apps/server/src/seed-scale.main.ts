// `npm run seed:scale -- --products N --orders M [--variants V] [--events E] [--seed S]`: generates the scale creator's shop
// (seed-scale.ts) in the configured database — DATA_DIR's embedded one or DATABASE_URL, as
// `npm start` — after migrating and seeding it as `npm start` does. Stop the server first on the
// embedded database (one process at a time). Runs once per database.
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './platform/config/config';
import { CREDENTIALS_FILE } from './platform/auth/operators.seed';
import { openDatabase, pgliteDir } from './platform/db/database';
import { runMigrations } from './platform/db/migrate';
import { createStorages } from './platform/storage/storage-plugin';
import { runSeed } from './seed';
import { runScaleSeed, SCALE_DEFAULTS, SCALE_EMAIL, ScaleSeedExists } from './seed-scale';

const USAGE =
  'usage: npm run seed:scale -- [--products N] [--orders M] [--variants V (1–30 per product)] [--events E] [--seed S]';

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

function parseArgs(argv: string[]): {
  products: number;
  orders: number;
  variants: number;
  events: number;
  seed: number;
} {
  const values: Record<string, number> = { ...SCALE_DEFAULTS };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = (argv[i] ?? '').split('=', 2);
    const name = flag?.replace(/^--/, '') ?? '';
    const raw = inline ?? argv[(i += 1)];
    if (!['products', 'orders', 'variants', 'events', 'seed'].includes(name)) {
      fail(`unknown option ${flag}\n${USAGE}`);
    }
    const value = Number(String(raw ?? '').replaceAll('_', ''));
    const least = name === 'products' || name === 'variants' ? 1 : 0;
    if (!Number.isSafeInteger(value) || value < least || (name === 'variants' && value > 30)) {
      const range = name === 'variants' ? ' from 1 to 30' : least ? ' ≥ 1' : '';
      fail(`--${name} wants a whole number${range}, got ${raw ?? 'nothing'}\n${USAGE}`);
    }
    values[name] = value;
  }
  return {
    products: values.products ?? 0,
    orders: values.orders ?? 0,
    variants: values.variants ?? 1,
    events: values.events ?? 0,
    seed: values.seed ?? 0,
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: pgliteDir(config.dataDir) },
  );
  try {
    await runMigrations(database);
    const base = await runSeed(database.db, {
      seedPassword: config.seedPassword,
      dataDir: config.dataDir,
      demo: config.seedDemo ? { storage: createStorages(config.storage).active } : undefined,
    });
    const password =
      config.seedPassword ?? base.operators.generatedPassword ?? randomBytes(12).toString('base64url');
    process.stdout.write(
      `Generating the scale shop on ${database.driver}: ${args.products} products (${args.variants} variants each when generated), ${args.orders} orders, ${args.events} events, seed ${args.seed}…\n`,
    );
    const report = await runScaleSeed(database.db, { ...args, password });
    if (!config.seedPassword) {
      mkdirSync(config.dataDir, { recursive: true });
      appendFileSync(
        join(config.dataDir, CREDENTIALS_FILE),
        `Scale creator (studio sign-in):\n${SCALE_EMAIL} ${password}\n`,
        { mode: 0o600 },
      );
    }
    process.stdout.write(
      [
        `Done in ${(report.ms / 1000).toFixed(1)} s: shop "${report.slug}" of ${report.email}`,
        `  products shown ${args.products} (catalogue on sale ${report.products.onSale}, added ${report.products.added} with ${report.variants} variants)`,
        `  orders ${report.orders} (unpaid ${report.byStatus[0]}, paid ${report.byStatus[1]}, completed ${report.byStatus[2]}), lines ${report.items}`,
        `  events ${report.events.events} (roll-up rows ${report.events.rollups}, ids remembered ${report.events.ids})`,
        `  payments ${report.payments}, refunds ${report.refunds}, payouts ${report.payouts}, ledger entries ${report.ledgerEntries}`,
        `  steps (ms): ${Object.entries(report.steps)
          .map(([step, ms]) => `${step} ${ms}`)
          .join(', ')}`,
        `  password: ${config.seedPassword ? 'SEED_PASSWORD' : `${password} (also in ${join(config.dataDir, CREDENTIALS_FILE)})`}`,
        '',
      ].join('\n'),
    );
  } catch (error) {
    if (error instanceof ScaleSeedExists) fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

await main();
