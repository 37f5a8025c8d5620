import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { dictItems, dicts } from './dicts.table';
import { containsPattern } from '../../platform/db/like';
import { stampNow } from '../../platform/db/stamp';

export type DictRow = typeof dicts.$inferSelect;
export type DictFields = Pick<DictRow, 'name' | 'dictCode' | 'remark' | 'status'>;
export type DictItemRow = typeof dictItems.$inferSelect;
export type DictItemFields = Pick<
  DictItemRow,
  'dictCode' | 'value' | 'label' | 'labels' | 'tagType' | 'sort' | 'status'
>;

// ── Dictionaries ────────────────────────────────────────────────────────────────────────────

function matchingDicts(keywords?: string): SQL | undefined {
  if (!keywords) return undefined;
  const pattern = containsPattern(keywords);
  return or(ilike(dicts.name, pattern), ilike(dicts.dictCode, pattern));
}

export async function pageDicts(
  db: AppDatabase,
  query: { pageNum: number; pageSize: number; keywords?: string | undefined },
): Promise<{ rows: DictRow[]; total: number }> {
  const where = matchingDicts(query.keywords);
  const [totalRow] = await db.select({ total: count() }).from(dicts).where(where);
  const rows = await db
    .select()
    .from(dicts)
    .where(where)
    .orderBy(asc(dicts.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findDict(db: AppDatabase, id: number): Promise<DictRow | undefined> {
  const [row] = await db.select().from(dicts).where(eq(dicts.id, id)).limit(1);
  return row;
}

/** Locks the row: a rename or delete waits for (or is waited on by) item writes of the dictionary. */
export async function findDictForUpdate(db: AppDatabase, id: number): Promise<DictRow | undefined> {
  const [row] = await db.select().from(dicts).where(eq(dicts.id, id)).limit(1).for('update');
  return row;
}

/**
 * Share-locks the dictionary an item is written to, so it cannot be renamed or deleted until
 * the item's transaction ends (no item is left behind under an old code).
 */
export async function findDictByCodeForShare(
  db: AppDatabase,
  dictCode: string,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: dicts.id })
    .from(dicts)
    .where(eq(dicts.dictCode, dictCode))
    .limit(1)
    .for('share');
  return row;
}

/** Whether another dictionary than `exceptId` already uses the code. */
export async function isDictCodeTaken(
  db: AppDatabase,
  dictCode: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: dicts.id })
    .from(dicts)
    .where(
      exceptId === undefined
        ? eq(dicts.dictCode, dictCode)
        : and(eq(dicts.dictCode, dictCode), ne(dicts.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertDict(db: AppDatabase, fields: DictFields): Promise<DictRow> {
  const [row] = await db.insert(dicts).values(fields).returning();
  if (!row) throw new Error('dictionary not inserted');
  return row;
}

export async function updateDict(
  db: AppDatabase,
  id: number,
  fields: DictFields,
): Promise<DictRow | undefined> {
  const [row] = await db
    .update(dicts)
    .set({ ...fields, updatedAt: stampNow() })
    .where(eq(dicts.id, id))
    .returning();
  return row;
}

/** Moves every item of `from` to `to` (a dictionary's code changed). */
export async function moveDictItems(db: AppDatabase, from: string, to: string): Promise<void> {
  await db.update(dictItems).set({ dictCode: to, updatedAt: stampNow() }).where(eq(dictItems.dictCode, from));
}

export async function findDictsForUpdate(
  db: AppDatabase,
  ids: number[],
): Promise<{ id: number; dictCode: string }[]> {
  return db
    .select({ id: dicts.id, dictCode: dicts.dictCode })
    .from(dicts)
    .where(inArray(dicts.id, ids))
    .for('update');
}

/** Deletes the dictionaries and every item under their codes. */
export async function deleteDicts(db: AppDatabase, ids: number[], codes: string[]): Promise<void> {
  if (codes.length > 0) await db.delete(dictItems).where(inArray(dictItems.dictCode, codes));
  await db.delete(dicts).where(inArray(dicts.id, ids));
}

// ── Items ───────────────────────────────────────────────────────────────────────────────────

function matchingItems(dictCode?: string, keywords?: string): SQL | undefined {
  const pattern = keywords ? containsPattern(keywords) : undefined;
  return and(
    dictCode ? eq(dictItems.dictCode, dictCode) : undefined,
    pattern
      ? or(
          ilike(dictItems.value, pattern),
          ilike(dictItems.label, pattern),
          // A label in any other language; `labels` values only, not its language keys.
          sql`exists (select 1 from jsonb_each_text(${dictItems.labels}) as l(lang, text) where l.text ilike ${pattern})`,
        )
      : undefined,
  );
}

export async function pageDictItems(
  db: AppDatabase,
  query: { pageNum: number; pageSize: number; dictCode?: string | undefined; keywords?: string | undefined },
): Promise<{ rows: DictItemRow[]; total: number }> {
  const where = matchingItems(query.dictCode, query.keywords);
  const [totalRow] = await db.select({ total: count() }).from(dictItems).where(where);
  const rows = await db
    .select()
    .from(dictItems)
    .where(where)
    .orderBy(asc(dictItems.dictCode), asc(dictItems.sort), asc(dictItems.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findDictItem(db: AppDatabase, id: number): Promise<DictItemRow | undefined> {
  const [row] = await db.select().from(dictItems).where(eq(dictItems.id, id)).limit(1);
  return row;
}

/** Whether another item than `exceptId` of the dictionary already has the value. */
export async function isItemValueTaken(
  db: AppDatabase,
  dictCode: string,
  value: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: dictItems.id })
    .from(dictItems)
    .where(
      and(
        eq(dictItems.dictCode, dictCode),
        eq(dictItems.value, value),
        exceptId === undefined ? undefined : ne(dictItems.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertDictItem(db: AppDatabase, fields: DictItemFields): Promise<DictItemRow> {
  const [row] = await db.insert(dictItems).values(fields).returning();
  if (!row) throw new Error('dictionary item not inserted');
  return row;
}

export async function updateDictItem(
  db: AppDatabase,
  id: number,
  fields: DictItemFields,
): Promise<DictItemRow | undefined> {
  const [row] = await db
    .update(dictItems)
    .set({ ...fields, updatedAt: stampNow() })
    .where(eq(dictItems.id, id))
    .returning();
  return row;
}

export async function deleteDictItems(db: AppDatabase, ids: number[]): Promise<number> {
  const rows = await db.delete(dictItems).where(inArray(dictItems.id, ids)).returning({ id: dictItems.id });
  return rows.length;
}

export async function findDictItemsForUpdate(db: AppDatabase, ids: number[]): Promise<{ id: number }[]> {
  return db.select({ id: dictItems.id }).from(dictItems).where(inArray(dictItems.id, ids)).for('update');
}

// ── For forms and tables ────────────────────────────────────────────────────────────────────

export interface ActiveDictItem {
  dictCode: string;
  value: string;
  label: string;
  labels: Record<string, string>;
  tagType: string | null;
}

/** Active dictionaries (by id) with their active items in sort order; `dictCode` narrows to one. */
export async function listActiveDicts(
  db: AppDatabase,
  dictCode?: string,
): Promise<{ dicts: { name: string; dictCode: string }[]; items: ActiveDictItem[] }> {
  const activeDicts = await db
    .select({ name: dicts.name, dictCode: dicts.dictCode })
    .from(dicts)
    .where(and(eq(dicts.status, 1), dictCode === undefined ? undefined : eq(dicts.dictCode, dictCode)))
    .orderBy(asc(dicts.id));
  if (activeDicts.length === 0) return { dicts: [], items: [] };
  const items = await db
    .select({
      dictCode: dictItems.dictCode,
      value: dictItems.value,
      label: dictItems.label,
      labels: dictItems.labels,
      tagType: dictItems.tagType,
    })
    .from(dictItems)
    .where(
      and(
        eq(dictItems.status, 1),
        inArray(
          dictItems.dictCode,
          activeDicts.map((d) => d.dictCode),
        ),
      ),
    )
    .orderBy(asc(dictItems.sort), asc(dictItems.id));
  return { dicts: activeDicts, items };
}
