import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type AppConfig } from '../platform/config/config';
import { openDatabase, type AppDatabase, type DatabaseHandle } from '../platform/db/database';
import { ledgerViolations } from './ledger-invariant';
import { withDatabase } from './test-database';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * On PostgreSQL runs: a new database copied from the template, as a URL (for tests that start
 * the server process). On PGlite runs: undefined — the process makes its own in DATA_DIR.
 */
export async function copyTemplateDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') return undefined;
  const name = `linkstore_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(source.adminUrl, `create database "${name}" template "${source.template}"`);
  return {
    url: withDatabase(source.adminUrl, name),
    drop: () => adminQuery(source.adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** A private copy of the migrated, seeded template database. */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    const database = await openDatabase({
      kind: 'pglite',
      loadDataDir: new Blob([readFileSync(source.dumpFile)]),
    });
    return { database, drop: () => Promise.resolve() };
  }
  const copy = await copyTemplateDatabase();
  if (!copy) throw new Error('expected a PostgreSQL template');
  const database = await openDatabase({ kind: 'postgres', url: copy.url, poolSize: 4 });
  return { database, drop: copy.drop };
}

/**
 * For a test file that needs the database but not the app: a private copy of the template,
 * opened before the file's tests and closed and dropped after them. Returns its reader, to call
 * inside tests (the database does not exist yet while the file loads).
 */
export function useTestDatabase(): () => AppDatabase {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened?.database.close();
    await opened?.drop();
  });
  return () => {
    if (!opened) throw new Error('the test database opens in beforeAll');
    return opened.database.db;
  };
}

/** Configuration as the tests want it: quiet, no real data folder, overridable per test. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'linkstore-test-data'),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(tmpdir(), 'linkstore-no-web-build'),
    ...overrides,
  });
}

/** Builds the whole app on its own database, ready for `app.inject`. */
export async function createTestApp(
  options: { env?: Record<string, string>; extend?: BuildAppOptions['extend'] } = {},
): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(options.extend ? { extend: options.extend } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      // Every test file that built the app ends by checking the money invariants on what it left.
      const violations = await ledgerViolations(app, database.db);
      await app.close();
      await database.close();
      await drop();
      if (violations.length > 0) {
        throw new Error(`The ledger does not add up after these tests:\n${violations.join('\n')}`);
      }
    },
  };
}
