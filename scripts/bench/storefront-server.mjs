// Started by scripts/bench/storefront.mjs under `node --import tsx`: the real app on a fresh
// database (embedded, or the throw-away PostgreSQL named by BENCH_DATABASE_URL) with the sample
// catalogue and the demo shop (`/s/demo`) — and, unless BENCH_SCALE_ORDERS is 0, the generated
// scale shop (`/s/scale`: BENCH_SCALE_PRODUCTS products, default 1,000, and BENCH_SCALE_ORDERS
// orders, default 100,000, BENCH_SCALE_EVENTS storefront events, default 0, and BENCH_SCALE_VARIANTS
// variants per generated product, default 30: Size × Colour, ≈30,000 variants; seed-scale.ts;
// on a BENCH_DATABASE_URL where it was generated already, it is used as it is) — serving the web build on PORT (so PUBLIC_URL and the
// page's links match), and a bare Fastify route in the same process, so the figures share one
// machine state. Its first stdout line is JSON: the ports, the driver, what the scale seed made.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { runMigrations } from '../../apps/server/src/platform/db/migrate.ts';
import { runSeed } from '../../apps/server/src/seed.ts';
import { runScaleSeed, ScaleSeedExists } from '../../apps/server/src/seed-scale.ts';
import { createStorages } from '../../apps/server/src/platform/storage/storage-plugin.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'linkstore-bench-storefront-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  // A production-mode measurement on purpose: the offline sandbox must be chosen explicitly.
  PAYMENT_PROVIDER: 'sandbox',
  // The bench signs in as the demo creator to measure the studio's reads.
  SEED_PASSWORD: 'Bench-pass-2026',
  CAPTCHA_ENABLED: 'false',
});
const database = process.env.BENCH_DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL, poolSize: 20 })
  : await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
await runMigrations(database);
await runSeed(database.db, {
  seedPassword: config.seedPassword,
  dataDir,
  demo: { storage: createStorages(config.storage).active },
});
const scaleOrders = Number(process.env.BENCH_SCALE_ORDERS ?? 100_000);
const scaleProducts = Number(process.env.BENCH_SCALE_PRODUCTS ?? 1_000);
const scaleEvents = Number(process.env.BENCH_SCALE_EVENTS ?? 0);
const scaleVariants = Number(process.env.BENCH_SCALE_VARIANTS ?? 30);
/** On a database the caller generated already (BENCH_DATABASE_URL, `npm run seed:scale`): used as it is. */
let scaleReused = false;
const scale =
  scaleOrders > 0 && scaleProducts > 0
    ? await runScaleSeed(database.db, {
        products: scaleProducts,
        orders: scaleOrders,
        events: scaleEvents,
        variants: scaleVariants,
        password: config.seedPassword ?? '',
      }).catch((error) => {
        if (!(error instanceof ScaleSeedExists)) throw error;
        scaleReused = true;
        return undefined;
      })
    : undefined;
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: config.port });

const bare = Fastify({ logger: false });
bare.get('/bare', () => ({ code: 1, msg: 'Success', data: { status: 'ok' } }));
// `/copy/<path>`: the app's answer to <path> (asked once, in process), served as fixed bytes —
// what a bare Fastify route costs for exactly the same answer.
const copies = new Map();
bare.get('/copy/*', async (request, reply) => {
  const path = request.url.slice('/copy'.length);
  // Per signed-in reader too: the demo and the scale creator ask the same paths.
  const key = `${request.headers.authorization ?? ''} ${path}`;
  let copy = copies.get(key);
  if (!copy) {
    const auth = request.headers.authorization;
    const res = await app.inject({ method: 'GET', url: path, headers: auth ? { authorization: auth } : {} });
    copy = { body: res.rawPayload, type: String(res.headers['content-type']) };
    copies.set(key, copy);
  }
  return reply.type(copy.type).send(copy.body);
});
await bare.listen({ host: '127.0.0.1', port: 0 });

const portOf = (server) => server.server.address().port;
process.stdout.write(
  `${JSON.stringify({
    app: portOf(app),
    bare: portOf(bare),
    driver: database.driver,
    scale: scale
      ? {
          products: scaleProducts,
          variants: scale.variants,
          orders: scale.orders,
          events: scale.events.events,
          eventRollups: scale.events.rollups,
          steps: scale.steps,
          byStatus: scale.byStatus,
          refunds: scale.refunds,
          payouts: scale.payouts,
          ledgerEntries: scale.ledgerEntries,
          seedMs: scale.ms,
        }
      : scaleReused
        ? { reused: true }
        : null,
  })}\n`,
);
process.on('SIGTERM', () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => database.close())
    .then(() => rmSync(dataDir, { recursive: true, force: true }))
    .then(() => process.exit(0));
});

// ── Spike bench hooks (scripts/bench/spike.mjs), only with BENCH_SPIKE=1 ─────────────────────────
// A control server on 127.0.0.1:BENCH_SPIKE_CONTROL_PORT (spike-hooks.mjs) to set the low-stock
// product before the traffic and read the database after it (this process owns PGlite). The
// spike bench also starts this process with TRUST_PROXY=true, read by loadConfig above.
if (process.env.BENCH_SPIKE === '1') {
  const { startSpikeHooks } = await import('./spike-hooks.mjs');
  const control = await startSpikeHooks({ database, port: Number(process.env.BENCH_SPIKE_CONTROL_PORT) });
  process.once('SIGTERM', () => control.close());
}
