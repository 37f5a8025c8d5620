import type { SQL } from 'drizzle-orm';
import type { AppDatabase } from './database';

/**
 * The rows of a raw `db.execute` answer. node-postgres and PGlite both answer `{ rows }` (some
 * drivers a bare array); the shared database type does not say so, so every raw SQL read goes
 * through here rather than casting on its own. An answer without rows is a programming error.
 */
export function resultRows<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  if (result !== null && typeof result === 'object' && Array.isArray((result as { rows?: unknown }).rows)) {
    return (result as { rows: T[] }).rows;
  }
  throw new TypeError('the database answered a raw query without rows');
}

/** Runs raw SQL (on the database or a transaction) and answers its rows, typed by the caller. */
export async function queryRows<T = Record<string, unknown>>(
  db: Pick<AppDatabase, 'execute'>,
  query: SQL,
): Promise<T[]> {
  return resultRows<T>(await db.execute(query));
}
