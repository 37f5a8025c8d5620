import { count, desc, eq } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { reconciliationRuns } from './reconciliation.table';

export type RunRow = typeof reconciliationRuns.$inferSelect & { startedByName: string | null };

/** A run as started: stored first, so one that never finishes shows as such. */
export async function startRun(
  db: AppDatabase,
  run: { trigger: 'schedule' | 'operator'; startedBy: number | null; startedAt: Date },
): Promise<number> {
  const [row] = await db.insert(reconciliationRuns).values(run).returning({ id: reconciliationRuns.id });
  if (!row) throw new Error('reconciliation run insert returned nothing');
  return row.id;
}

export async function finishRun(
  db: AppDatabase,
  id: number,
  result: Pick<
    typeof reconciliationRuns.$inferInsert,
    'creatorsChecked' | 'differenceCount' | 'differences' | 'totals'
  > & { finishedAt: Date },
): Promise<void> {
  await db.update(reconciliationRuns).set(result).where(eq(reconciliationRuns.id, id));
}

const runColumns = {
  id: reconciliationRuns.id,
  trigger: reconciliationRuns.trigger,
  startedBy: reconciliationRuns.startedBy,
  startedAt: reconciliationRuns.startedAt,
  finishedAt: reconciliationRuns.finishedAt,
  creatorsChecked: reconciliationRuns.creatorsChecked,
  differenceCount: reconciliationRuns.differenceCount,
  differences: reconciliationRuns.differences,
  totals: reconciliationRuns.totals,
  startedByName: users.username,
};

export async function findRun(db: AppDatabase, id: number): Promise<RunRow | undefined> {
  const [row] = await db
    .select(runColumns)
    .from(reconciliationRuns)
    .leftJoin(users, eq(users.id, reconciliationRuns.startedBy))
    .where(eq(reconciliationRuns.id, id));
  return row;
}

/** Runs, newest first (without their differences). */
export async function pageRuns(
  db: AppDatabase,
  page: { limit: number; offset: number },
): Promise<{ rows: Omit<RunRow, 'differences'>[]; total: number }> {
  const { differences: _differences, ...columns } = runColumns;
  const rows = await db
    .select(columns)
    .from(reconciliationRuns)
    .leftJoin(users, eq(users.id, reconciliationRuns.startedBy))
    .orderBy(desc(reconciliationRuns.startedAt), desc(reconciliationRuns.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(reconciliationRuns);
  return { rows, total: counted?.total ?? 0 };
}
