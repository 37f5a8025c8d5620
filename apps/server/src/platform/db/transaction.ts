import type { AppDatabase } from './database';

/**
 * Runs `work` in one transaction and hands it the transaction as the `AppDatabase` every
 * repository takes (Drizzle types a transaction per driver; both behave as the database). The
 * transaction commits when `work` resolves and rolls back when it throws. Inside, `tx` may
 * open a nested one (a savepoint) the same way.
 */
export function withTransaction<T>(db: AppDatabase, work: (tx: AppDatabase) => Promise<T>): Promise<T> {
  return db.transaction((transaction) => work(transaction as unknown as AppDatabase));
}
