import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { menus, roleMenus, roles } from './access.tables';

/*
 * Writes of the access tables that modules other than the roles and menus rooms need (the code
 * generator installing its page): platform/auth owns the tables, so they go through here.
 */

/** Adds a menu entry (a page or a button); answers its id. */
export async function insertMenu(db: AppDatabase, values: typeof menus.$inferInsert): Promise<number> {
  const [row] = await db.insert(menus).values(values).returning({ id: menus.id });
  if (!row) throw new Error('menu not inserted');
  return row.id;
}

/** Grants the menus to the role with this code, if it exists; already granted ones are kept. */
export async function grantMenusToRole(db: AppDatabase, roleCode: string, menuIds: number[]): Promise<void> {
  if (menuIds.length === 0) return;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, roleCode));
  if (!role) return;
  await db
    .insert(roleMenus)
    .values(menuIds.map((menuId) => ({ roleId: role.id, menuId })))
    .onConflictDoNothing();
}
