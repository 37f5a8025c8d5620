// Started by `npm run bench`: the real app (on a fresh embedded database) and a bare Fastify
// route in the same process, so the two figures share one machine state.
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config/config';
import { openDatabase } from '../src/platform/db/database';
import { runMigrations } from '../src/platform/db/migrate';
import { runSeed } from '../src/seed';

const dataDir = mkdtempSync(join(tmpdir(), 'linkstore-bench-'));
// Started with NODE_ENV=production (scripts/bench/http.mjs): the offline sandbox is chosen explicitly.
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PORT: '0',
  PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || 'sandbox',
});
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
);
await runMigrations(database);
await runSeed(database.db, { seedPassword: config.seedPassword, dataDir });
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });

const bare = Fastify({ logger: false });
bare.get('/bare', () => ({ code: 1, msg: 'Success', data: { status: 'ok' } }));
await bare.listen({ host: '127.0.0.1', port: 0 });

const portOf = (server: { server: Server }) => {
  const address = server.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};
process.stdout.write(
  `${JSON.stringify({ app: portOf(app), bare: portOf(bare), driver: database.driver, dataDir })}\n`,
);
process.on('SIGTERM', () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => database.close())
    .then(() => process.exit(0));
});
