import { and, asc, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { configs } from './configs.table';
import { containsPattern } from '../../platform/db/like';
import { stampNow } from '../../platform/db/stamp';

export type ConfigRow = typeof configs.$inferSelect;
export type ConfigFields = Pick<ConfigRow, 'name' | 'key' | 'value' | 'remark'>;

function matching(keywords?: string): SQL | undefined {
  if (!keywords) return undefined;
  const pattern = containsPattern(keywords);
  return or(ilike(configs.name, pattern), ilike(configs.key, pattern));
}

export async function pageConfigs(
  db: AppDatabase,
  query: { pageNum: number; pageSize: number; keywords?: string | undefined },
): Promise<{ rows: ConfigRow[]; total: number }> {
  const where = matching(query.keywords);
  const [totalRow] = await db.select({ total: count() }).from(configs).where(where);
  const rows = await db
    .select()
    .from(configs)
    .where(where)
    .orderBy(asc(configs.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findConfig(db: AppDatabase, id: number): Promise<ConfigRow | undefined> {
  const [row] = await db.select().from(configs).where(eq(configs.id, id)).limit(1);
  return row;
}

/** Whether another setting than `exceptId` already uses the key. */
export async function isKeyTaken(db: AppDatabase, key: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: configs.id })
    .from(configs)
    .where(
      exceptId === undefined ? eq(configs.key, key) : and(eq(configs.key, key), ne(configs.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertConfig(db: AppDatabase, fields: ConfigFields): Promise<ConfigRow> {
  const [row] = await db.insert(configs).values(fields).returning();
  if (!row) throw new Error('setting not inserted');
  return row;
}

export async function updateConfig(
  db: AppDatabase,
  id: number,
  fields: ConfigFields,
): Promise<ConfigRow | undefined> {
  const [row] = await db
    .update(configs)
    .set({ ...fields, updatedAt: stampNow() })
    .where(eq(configs.id, id))
    .returning();
  return row;
}

/** Locks the rows so the batch is checked and deleted as one. */
export async function findConfigsForUpdate(db: AppDatabase, ids: number[]): Promise<{ id: number }[]> {
  return db.select({ id: configs.id }).from(configs).where(inArray(configs.id, ids)).for('update');
}

export async function deleteConfigs(db: AppDatabase, ids: number[]): Promise<number> {
  const rows = await db.delete(configs).where(inArray(configs.id, ids)).returning({ id: configs.id });
  return rows.length;
}

/** Every setting as key → value, for the cache. */
export function listConfigValues(db: AppDatabase): Promise<{ key: string; value: string }[]> {
  return db.select({ key: configs.key, value: configs.value }).from(configs);
}
