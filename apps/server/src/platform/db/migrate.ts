import { join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { REPO_ROOT } from '../config/config';
import type { DatabaseHandle } from './database';

/** The committed migrations (apps/server/drizzle). */
export const MIGRATIONS_DIR = join(REPO_ROOT, 'apps/server/drizzle');

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
