import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { MENU_TYPE_CODES, menus, roleMenus, roles, userRoles } from './access.tables';

/** A user's active role codes and the permission strings those roles grant (deduplicated, sorted). */
export async function loadAccess(
  db: AppDatabase,
  userId: number,
): Promise<{ roles: string[]; permissions: string[] }> {
  const roleRows = await db
    .select({ code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 1)));
  if (roleRows.length === 0) return { roles: [], permissions: [] };
  const permRows = await db
    .selectDistinct({ perm: menus.perm })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(roleMenus, eq(roleMenus.roleId, roles.id))
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(
      and(
        eq(userRoles.userId, userId),
        eq(roles.status, 1),
        eq(menus.type, MENU_TYPE_CODES.BUTTON),
        isNotNull(menus.perm),
      ),
    );
  return {
    roles: roleRows.map((r) => r.code).sort(),
    permissions: permRows.flatMap((r) => (r.perm ? [r.perm] : [])).sort(),
  };
}
