import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pino } from 'pino';

/**
 * No relational schema: platform code never imports a module's tables, and queries use the SQL
 * builder with the tables they name. (drizzle-kit reads the tables from `src/schema.ts`.)
 */
export type AppSchema = Record<string, never>;
/** The one database type the code uses; both drivers provide it. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, AppSchema>;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: AppDatabase;
  driver: DatabaseDriver;
  /** The driver's own client, for the few jobs Drizzle does not do (migration locks, dumps). */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  /** Runs a trivial query; resolves with the round trip in ms or rejects. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

async function timed(db: AppDatabase): Promise<number> {
  const start = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - start;
}

/** Where the pool's own errors are written: the server's pino logger (or any with `error`). */
export interface DatabaseLog {
  error(details: object, message: string): void;
}

/** Opens PGlite (a data folder, or memory) or a node-postgres pool, behind the same type. */
export async function openDatabase(
  target: DatabaseTarget,
  options: { log?: DatabaseLog } = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle client's network error (the server restarted, a connection cut) must not crash the
    // process, and the next query reports it; it is logged so an operator sees it happen.
    const log = options.log ?? pino({ name: 'database' });
    pool.on('error', (err) => log.error({ err }, 'PostgreSQL pool: an idle connection failed'));
    const db = drizzlePg(pool, { casing: 'snake_case' }) as unknown as AppDatabase;
    return {
      db,
      driver: 'postgres',
      raw: { kind: 'postgres', pool },
      ping: () => timed(db),
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = new PGlite({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite(client, { casing: 'snake_case' }) as unknown as AppDatabase;
  return {
    db,
    driver: 'pglite',
    raw: { kind: 'pglite', client },
    ping: () => timed(db),
    close: () => client.close(),
  };
}

/** Where the embedded database lives inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}
