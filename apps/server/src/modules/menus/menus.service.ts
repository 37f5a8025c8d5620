import type { TRouteNode } from '@linkstore/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { MENU_TYPE_CODES, menus, roleMenus, roles } from '../../platform/auth/access.tables';
import type { AppDatabase } from '../../platform/db/database';
import { ROOT_ROLE } from '../../platform/http/access';

type MenuRow = typeof menus.$inferSelect;

/** `user-profile` → `UserProfile`: the route name when the menu has none. */
function pascalCase(path: string): string {
  return path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
}

function componentOf(row: MenuRow): string | null {
  if (row.type === MENU_TYPE_CODES.CATALOG) return 'Layout';
  if (row.type === MENU_TYPE_CODES.EXTLINK) return null;
  return row.component;
}

function toNode(row: MenuRow, children: TRouteNode[]): TRouteNode {
  const path = row.routePath ?? '';
  return {
    path,
    component: componentOf(row),
    ...(row.redirect ? { redirect: row.redirect } : {}),
    name: row.routeName ?? pascalCase(path),
    meta: {
      title: row.name,
      ...(row.icon ? { icon: row.icon } : {}),
      hidden: row.visible === 0,
      keepAlive: row.type === MENU_TYPE_CODES.MENU && row.keepAlive === 1,
      alwaysShow: row.alwaysShow === 1,
      ...(row.params && Object.keys(row.params).length > 0 ? { params: row.params } : {}),
    },
    ...(children.length > 0 ? { children } : {}),
  };
}

/** Builds the tree from parent ids (root 0), children in `sort` order. */
export function buildRouteTree(rows: MenuRow[], parentId = 0): TRouteNode[] {
  return rows
    .filter((row) => row.parentId === parentId)
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((row) => toNode(row, buildRouteTree(rows, row.id)));
}

/** The caller's console routes: ROOT sees every menu; others what their active roles grant. Never buttons. */
export async function routesFor(db: AppDatabase, user: { roles: string[] }): Promise<TRouteNode[]> {
  const notButton = ne(menus.type, MENU_TYPE_CODES.BUTTON);
  if (user.roles.includes(ROOT_ROLE)) {
    return buildRouteTree(await db.select().from(menus).where(notButton).orderBy(asc(menus.sort)));
  }
  if (user.roles.length === 0) return [];
  const rows = await db
    .selectDistinct({ menu: menus })
    .from(menus)
    .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(and(notButton, inArray(roles.code, user.roles), eq(roles.status, 1)));
  return buildRouteTree(rows.map((r) => r.menu));
}
