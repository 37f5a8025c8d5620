import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './database';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/** Arbitrary, fixed: the advisory lock that keeps two starting processes from migrating at once. */
const MIGRATION_LOCK_ID = 7_410_001;

/** Applies the committed SQL migrations that have not run yet. Safe to call on every start. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.raw.kind === 'pglite') {
    await migratePglite(drizzlePglite(handle.raw.client), { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  // Lock, migrate and unlock on one connection so a second process waits, then finds nothing to do.
  const client = await handle.raw.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
