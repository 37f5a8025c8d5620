import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureServerBuild } from '../../../../scripts/lib/server-build.mjs';
import { openDatabase } from '../platform/db/database';
import { runMigrations } from '../platform/db/migrate';
import { runSeed } from '../seed';
import { TEST_SEED_PASSWORD, withDatabase } from './test-database';

/**
 * Migrates and seeds one template database per run; each test file then starts from a copy of
 * it (a PGlite data-dir dump, or CREATE DATABASE … TEMPLATE on PostgreSQL), which is much
 * cheaper than initialising and migrating a fresh database per file. Builds the server's bundle
 * first when its sources changed (scripts/lib/server-build.mjs).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The tests that start the API as a process run its bundle, as `npm start` does.
  await ensureServerBuild();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `linkstore_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${template}"`);
    await admin.query(`create database "${template}"`);
    const handle = await openDatabase({
      kind: 'postgres',
      url: withDatabase(adminUrl, template),
      poolSize: 2,
    });
    await runMigrations(handle);
    await runSeed(handle.db, { seedPassword: TEST_SEED_PASSWORD });
    await handle.close();
    project.provide('testDatabase', { kind: 'postgres', adminUrl, template });
    return async () => {
      await admin.query(`drop database if exists "${template}" with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'linkstore-test-'));
  const handle = await openDatabase({ kind: 'pglite' });
  await runMigrations(handle);
  await runSeed(handle.db, { seedPassword: TEST_SEED_PASSWORD });
  if (handle.raw.kind !== 'pglite') throw new Error('expected PGlite');
  const dump = await handle.raw.client.dumpDataDir('none');
  const dumpFile = join(dir, 'template.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('testDatabase', { kind: 'pglite', dumpFile });
  return () => {
    rmSync(dir, { recursive: true, force: true });
    return Promise.resolve();
  };
}
