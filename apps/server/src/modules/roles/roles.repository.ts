import { and, asc, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { menus, roleMenus, roles, userRoles } from '../../platform/auth/access.tables';
import type { AppDatabase } from '../../platform/db/database';
import { ROOT_ROLE } from '../../platform/http/access';
import { containsPattern } from '../../platform/db/like';
import { stampNow } from '../../platform/db/stamp';

export type RoleRow = typeof roles.$inferSelect;
export type RoleFields = Pick<RoleRow, 'name' | 'code' | 'sort' | 'status' | 'dataScope'>;

function visibleRoles(isRootHidden: boolean, keywords?: string): SQL | undefined {
  const pattern = keywords ? containsPattern(keywords) : undefined;
  return and(
    isRootHidden ? ne(roles.code, ROOT_ROLE) : undefined,
    pattern ? or(ilike(roles.name, pattern), ilike(roles.code, pattern)) : undefined,
  );
}

export async function pageRoles(
  db: AppDatabase,
  query: { pageNum: number; pageSize: number; keywords?: string | undefined; isRootHidden: boolean },
): Promise<{ rows: RoleRow[]; total: number }> {
  const where = visibleRoles(query.isRootHidden, query.keywords);
  const [totalRow] = await db.select({ total: count() }).from(roles).where(where);
  const rows = await db
    .select()
    .from(roles)
    .where(where)
    .orderBy(asc(roles.sort), asc(roles.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function listRoleOptions(
  db: AppDatabase,
  isRootHidden: boolean,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(visibleRoles(isRootHidden))
    .orderBy(asc(roles.sort), asc(roles.id));
}

export async function findRoleById(db: AppDatabase, id: number): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row;
}

export async function findRoleIdByCode(db: AppDatabase, code: string): Promise<number | undefined> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, code)).limit(1);
  return row?.id;
}

export async function insertRole(db: AppDatabase, fields: RoleFields): Promise<RoleRow> {
  const [row] = await db.insert(roles).values(fields).returning();
  if (!row) throw new Error('role not inserted');
  return row;
}

export async function updateRole(
  db: AppDatabase,
  id: number,
  fields: Partial<RoleFields>,
): Promise<RoleRow | undefined> {
  const [row] = await db
    .update(roles)
    .set({ ...fields, updatedAt: stampNow() })
    .where(eq(roles.id, id))
    .returning();
  return row;
}

/** Locks the rows so a concurrent assignment cannot slip in before the delete. */
export async function findRolesForUpdate(
  db: AppDatabase,
  ids: number[],
): Promise<{ id: number; code: string }[]> {
  return db
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(inArray(roles.id, ids))
    .for('update');
}

export async function isAnyRoleAssigned(db: AppDatabase, ids: number[]): Promise<boolean> {
  const [row] = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(inArray(userRoles.roleId, ids))
    .limit(1);
  return row !== undefined;
}

/** Role menus go with the role (on delete cascade). */
export async function deleteRoles(db: AppDatabase, ids: number[]): Promise<number> {
  const rows = await db.delete(roles).where(inArray(roles.id, ids)).returning({ id: roles.id });
  return rows.length;
}

export async function listRoleMenuIds(db: AppDatabase, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(eq(roleMenus.roleId, roleId))
    .orderBy(asc(roleMenus.menuId));
  return rows.map((r) => r.menuId);
}

export async function findExistingMenuIds(db: AppDatabase, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: menus.id }).from(menus).where(inArray(menus.id, ids));
  return rows.map((r) => r.id);
}

export async function replaceRoleMenus(db: AppDatabase, roleId: number, menuIds: number[]): Promise<void> {
  await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (menuIds.length > 0) {
    await db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
  }
}
