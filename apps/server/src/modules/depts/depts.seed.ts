import { eq } from 'drizzle-orm';
import { placeInDeptIfNone } from '../../platform/auth/user-writes';
import type { AppDatabase } from '../../platform/db/database';
import { depts } from './depts.table';

/** In order: a parent comes before its children. */
export const SEED_DEPTS = [
  { code: 'LINKSTORE', name: 'LinkStore', parent: null, sort: 1 },
  { code: 'ENG', name: 'Engineering', parent: 'LINKSTORE', sort: 1 },
  { code: 'QA', name: 'Quality', parent: 'LINKSTORE', sort: 2 },
] as const;

/** The seeded operators' departments (root has none, as upstream). */
export const SEED_DEPT_MEMBERS = [
  { username: 'admin', dept: 'LINKSTORE' },
  { username: 'test', dept: 'QA' },
] as const;

async function findByCode(db: AppDatabase, code: string) {
  const [row] = await db.select().from(depts).where(eq(depts.code, code)).limit(1);
  return row;
}

/**
 * Inserts the departments that are missing (by code) and puts the seeded operators who have no
 * department in theirs. Existing rows, and operators' moves, stay as they are.
 */
export async function seedDepts(db: AppDatabase): Promise<number> {
  let inserted = 0;
  for (const dept of SEED_DEPTS) {
    const parent = dept.parent === null ? undefined : await findByCode(db, dept.parent);
    const rows = await db
      .insert(depts)
      .values({
        code: dept.code,
        name: dept.name,
        sort: dept.sort,
        parentId: parent?.id ?? 0,
        treePath: parent ? `${parent.treePath},${parent.id}` : '0',
      })
      .onConflictDoNothing({ target: depts.code })
      .returning({ id: depts.id });
    inserted += rows.length;
  }
  for (const member of SEED_DEPT_MEMBERS) {
    const dept = await findByCode(db, member.dept);
    if (!dept) continue;
    await placeInDeptIfNone(db, member.username, dept.id);
  }
  return inserted;
}
