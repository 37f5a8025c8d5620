import { and, asc, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { depts } from './depts.table';
import { stampNow } from '../../platform/db/stamp';

export type DeptRow = typeof depts.$inferSelect;
export type DeptValues = Pick<DeptRow, 'name' | 'code' | 'parentId' | 'treePath' | 'sort' | 'status'>;

/** Every department, in tree order (sort, then id). The table is small: trees are built in memory. */
export function listAllDepts(db: AppDatabase): Promise<DeptRow[]> {
  return db.select().from(depts).orderBy(asc(depts.sort), asc(depts.id));
}

export async function findDept(db: AppDatabase, id: number): Promise<DeptRow | undefined> {
  const [row] = await db.select().from(depts).where(eq(depts.id, id)).limit(1);
  return row;
}

/** Whether another department than `exceptId` already uses the code. */
export async function isCodeTaken(db: AppDatabase, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: depts.id })
    .from(depts)
    .where(exceptId === undefined ? eq(depts.code, code) : and(eq(depts.code, code), ne(depts.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Serialises the writes that change the tree (within a transaction): two moves at once could
 * otherwise make a cycle, and a create could land under a department being deleted. Reads go on.
 */
export async function lockDeptTree(db: AppDatabase): Promise<void> {
  await db.execute(sql`lock table ${depts} in share row exclusive mode`);
}

export async function insertDept(db: AppDatabase, values: DeptValues): Promise<DeptRow> {
  const [row] = await db.insert(depts).values(values).returning();
  if (!row) throw new Error('department not inserted');
  return row;
}

export async function updateDept(
  db: AppDatabase,
  id: number,
  values: Partial<DeptValues>,
): Promise<DeptRow | undefined> {
  const [row] = await db
    .update(depts)
    .set({ ...values, updatedAt: stampNow() })
    .where(eq(depts.id, id))
    .returning();
  return row;
}

/**
 * Rewrites the tree paths of a branch: every path that is `from` or starts with `from,` gets
 * `to` in its place. Paths hold digits and commas only, so the pattern needs no escaping.
 */
export async function rePathBranch(db: AppDatabase, from: string, to: string): Promise<number> {
  const rows = await db
    .update(depts)
    .set({
      treePath: sql`cast(${to} as varchar) || substring(${depts.treePath} from ${from.length + 1}::int)`,
      updatedAt: stampNow(),
    })
    .where(or(eq(depts.treePath, from), like(depts.treePath, `${from},%`)))
    .returning({ id: depts.id });
  return rows.length;
}

/** Locks the rows for the rest of the transaction. */
export async function findDeptsForUpdate(db: AppDatabase, ids: number[]): Promise<{ id: number }[]> {
  return db.select({ id: depts.id }).from(depts).where(inArray(depts.id, ids)).for('update');
}

export async function listChildIds(db: AppDatabase, parentIds: number[]): Promise<number[]> {
  const rows = await db.select({ id: depts.id }).from(depts).where(inArray(depts.parentId, parentIds));
  return rows.map((r) => r.id);
}

export async function isAnyDeptStaffed(db: AppDatabase, ids: number[]): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(inArray(users.deptId, ids)).limit(1);
  return row !== undefined;
}

export async function deleteDepts(db: AppDatabase, ids: number[]): Promise<number> {
  const rows = await db.delete(depts).where(inArray(depts.id, ids)).returning({ id: depts.id });
  return rows.length;
}
