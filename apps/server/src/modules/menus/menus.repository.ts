import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { menus } from '../../platform/auth/access.tables';
import type { AppDatabase } from '../../platform/db/database';
import { stampNow } from '../../platform/db/stamp';

export type MenuRow = typeof menus.$inferSelect;
export type MenuValues = Omit<typeof menus.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Every menu, in tree order (sort, then id). The table is small: trees are built in memory. */
export function listAllMenus(db: AppDatabase): Promise<MenuRow[]> {
  return db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
}

export async function findMenu(db: AppDatabase, id: number): Promise<MenuRow | undefined> {
  const [row] = await db.select().from(menus).where(eq(menus.id, id));
  return row;
}

/** Whether another menu than `exceptId` already uses the route name. */
export async function isRouteNameTaken(
  db: AppDatabase,
  routeName: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(
      exceptId === undefined
        ? eq(menus.routeName, routeName)
        : and(eq(menus.routeName, routeName), ne(menus.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertMenu(db: AppDatabase, values: MenuValues): Promise<number> {
  const [row] = await db.insert(menus).values(values).returning({ id: menus.id });
  if (!row) throw new Error('menu not inserted');
  return row.id;
}

export async function updateMenu(db: AppDatabase, id: number, values: Partial<MenuValues>): Promise<boolean> {
  const rows = await db
    .update(menus)
    .set({ ...values, updatedAt: stampNow() })
    .where(eq(menus.id, id))
    .returning({ id: menus.id });
  return rows.length > 0;
}

/** Deletes the menus; their role grants go with them (foreign keys cascade). */
export async function deleteMenus(db: AppDatabase, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(menus).where(inArray(menus.id, ids));
}
