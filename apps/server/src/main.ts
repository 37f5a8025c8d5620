import cluster from 'node:cluster';
import { join } from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app';
import { isForkedWorker, startWorkers } from './cluster';
import { ConfigError, loadConfig, type AppConfig } from './platform/config/config';
import { openDatabase, pgliteDir, type DatabaseHandle } from './platform/db/database';
import { runMigrations } from './platform/db/migrate';
import { runSeed, type SeedReport } from './seed';
import { CREDENTIALS_FILE, SEED_OPERATORS } from './platform/auth/operators.seed';
import { createStorages } from './platform/storage/storage-plugin';
import { DEMO_EMAIL } from './modules/shops/demo-shop.seed';

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

function open(config: AppConfig): Promise<DatabaseHandle> {
  return openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: pgliteDir(config.dataDir) },
    { log: pino({ name: 'database', level: config.logLevel }) },
  );
}

async function prepareDatabase(config: AppConfig): Promise<{ database: DatabaseHandle; seed: SeedReport }> {
  const database = await open(config);
  await runMigrations(database);
  const seed = await runSeed(database.db, {
    seedPassword: config.seedPassword,
    dataDir: config.dataDir,
    demo: config.seedDemo ? { storage: createStorages(config.storage).active } : undefined,
  });
  return { database, seed };
}

/** Where the operators' password is, without printing a configured secret. */
function operatorPassword(config: AppConfig, seed: SeedReport): string {
  if (seed.operators.generatedPassword) {
    return `${seed.operators.generatedPassword}  (generated now; also in ${join(config.dataDir, CREDENTIALS_FILE)})`;
  }
  if (config.seedPassword) return 'SEED_PASSWORD';
  return `see ${join(config.dataDir, CREDENTIALS_FILE)}`;
}

/** Where the demo creator's password is: SEED_PASSWORD, shown now, or in the credentials file. */
function demoPassword(config: AppConfig, seed: SeedReport): string {
  if (seed.demo?.generatedPassword) {
    return `${seed.demo.generatedPassword}  (generated now; also in ${join(config.dataDir, CREDENTIALS_FILE)})`;
  }
  if (config.seedPassword) return 'SEED_PASSWORD';
  return `see ${join(config.dataDir, CREDENTIALS_FILE)}`;
}

/**
 * Who takes payments. The sandbox says so loudly: on it anyone can approve their own order and
 * no money moves (config.ts refuses it for a deployment unless PAYMENT_PROVIDER=sandbox is set).
 */
function paymentLines(config: AppConfig): string[] {
  if (config.payments.provider === 'paypal') return [`  Payments:  PayPal (${config.payments.baseUrl})`];
  return [
    '  Payments:  !! SANDBOX: offline test payments, NO MONEY MOVES !!',
    `             anyone can approve their own order at ${config.publicUrl}/payauth;`,
    '             set PAYMENT_PROVIDER=paypal and the PAYPAL_* credentials to take real payments',
  ];
}

/** Two lines on signing in as the demo creator, when there is one. */
function demoLines(config: AppConfig, seed: SeedReport): string[] {
  if (!seed.demo?.exists) return [];
  return [
    `  Studio:    ${config.publicUrl}/#/login`,
    `  Demo creator: ${DEMO_EMAIL} / ${demoPassword(config, seed)}`,
  ];
}

function databaseFailure(config: AppConfig) {
  return (error: unknown) =>
    fail(
      `Could not open the database (${config.databaseUrl ? 'DATABASE_URL' : `DATA_DIR=${config.dataDir}`}): ${String(error)}`,
    );
}

/** Builds the app on the database and serves it until SIGINT or SIGTERM, then closes gracefully. */
async function serve(config: AppConfig, database: DatabaseHandle): Promise<void> {
  const app = await buildApp({ config, database });
  // The database closes after the app: onClose hooks run the app's own (added here) before the
  // plugins', so a hook here would close it before the modules write what they buffer (operation
  // logs, storefront events).

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app
    .listen({ host: config.host, port: config.port })
    .catch((error: unknown) =>
      fail(`Could not listen on ${config.host}:${config.port} (HOST, PORT): ${String(error)}`),
    );
}

function banner(config: AppConfig, database: DatabaseHandle['driver'], seed: SeedReport, pids: number[]) {
  const lines = [
    '',
    `  LinkStore ${config.version} is running`,
    `  Open:      ${config.publicUrl}/`,
    `  API docs:  ${config.publicUrl}/api/openapi.json`,
    `  Database:  ${database === 'pglite' ? `embedded (${pgliteDir(config.dataDir)})` : 'PostgreSQL (DATABASE_URL)'}`,
    ...(pids.length > 1
      ? [`  Processes: ${pids.length} (pids ${pids.join(', ')}; one that stops is started again)`]
      : []),
    `  Sign up:   ${config.publicUrl}/#/register${
      config.mail.smtpUrl
        ? ''
        : ` (no SMTP_URL: the emailed code is written to ${join(config.dataDir, 'outbox')})`
    }`,
    `  Console:   ${config.publicUrl}/#/console/login  as ${SEED_OPERATORS.map((o) => o.username).join(', ')}`,
    `             password: ${operatorPassword(config, seed)}`,
    ...demoLines(config, seed),
    ...paymentLines(config),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  // npm start no longer passes NODE_ENV (an explicit production means a deployment, config.ts):
  // libraries that read it see the configured one.
  process.env.NODE_ENV ??= config.env;
  // A worker of several (decision 0030): the primary has migrated and seeded; it only serves.
  if (isForkedWorker()) {
    await serve(config, await open(config).catch(databaseFailure(config)));
    return;
  }
  const { database, seed } = await prepareDatabase(config).catch(databaseFailure(config));
  // Already a worker of another cluster manager (pm2's cluster mode): it decides the count.
  if (config.processes > 1 && cluster.isPrimary) {
    // The primary keeps no connection: it only forks, watches and signals the workers.
    const driver = database.driver;
    await database.close();
    const pids = await startWorkers({
      count: config.processes,
      shutdownTimeoutMs: config.shutdownTimeoutMs,
      log: pino({ name: 'cluster', level: config.logLevel }),
    }).catch((error: unknown) => fail(String(error instanceof Error ? error.message : error)));
    banner(config, driver, seed, pids);
    return;
  }
  await serve(config, database);
  banner(config, database.driver, seed, [process.pid]);
}

await main();
