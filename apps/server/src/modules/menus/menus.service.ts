import {
  type TMenu,
  type TMenuForm,
  type TMenuOption,
  type TMenuSaveRequest,
  type TMenuType,
  type TRouteNode,
} from '@linkstore/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { MENU_TYPE_CODES, menus, roleMenus, roles } from '../../platform/auth/access.tables';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors/app-error';
import { ROOT_ROLE } from '../../platform/http/access';
import {
  deleteMenus,
  findMenu,
  insertMenu,
  isRouteNameTaken,
  listAllMenus,
  updateMenu,
  type MenuRow,
  type MenuValues,
} from './menus.repository';

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

// ---- Menu management (console "Menus" page) ----

const TYPE_NAMES = Object.fromEntries(
  Object.entries(MENU_TYPE_CODES).map(([name, code]) => [code, name]),
) as Record<number, TMenuType>;

function typeName(code: number): TMenuType {
  const name = TYPE_NAMES[code];
  if (!name) throw new Error(`unknown menu type ${code}`);
  return name;
}

const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

function inTreeOrder(rows: MenuRow[]): MenuRow[] {
  return [...rows].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** Children by parent id, each list in tree order. */
function childrenByParent(rows: MenuRow[]): Map<number, MenuRow[]> {
  const byParent = new Map<number, MenuRow[]>();
  for (const row of inTreeOrder(rows)) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  return byParent;
}

/**
 * Builds a tree of the rows. `fromTop`: only what hangs from 0. Otherwise every row whose parent
 * is not among them is a root, so a filtered set keeps each match with the matches beneath it.
 */
function buildTree<T>(
  rows: MenuRow[],
  toNode: (row: MenuRow, children: T[]) => T,
  { fromTop = false } = {},
): T[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = childrenByParent(rows);
  const build = (row: MenuRow): T => toNode(row, (byParent.get(row.id) ?? []).map(build));
  const roots = fromTop ? (byParent.get(0) ?? []) : inTreeOrder(rows.filter((r) => !ids.has(r.parentId)));
  return roots.map(build);
}

/** The id and every id beneath it. */
function subtreeIds(rows: MenuRow[], id: number): Set<number> {
  const byParent = childrenByParent(rows);
  const found = new Set<number>();
  const visit = (current: number) => {
    if (found.has(current)) return;
    found.add(current);
    for (const child of byParent.get(current) ?? []) visit(child.id);
  };
  visit(id);
  return found;
}

function toMenu(row: MenuRow, children: TMenu[]): TMenu {
  return {
    id: String(row.id),
    parentId: String(row.parentId),
    name: row.name,
    type: typeName(row.type),
    routeName: row.routeName,
    routePath: row.routePath,
    component: row.component,
    sort: row.sort,
    visible: flag(row.visible),
    icon: row.icon,
    redirect: row.redirect,
    perm: row.perm,
    ...(children.length > 0 ? { children } : {}),
  };
}

function toOption(row: MenuRow, children: TMenuOption[]): TMenuOption {
  return { value: String(row.id), label: row.name, ...(children.length > 0 ? { children } : {}) };
}

function toForm(row: MenuRow): TMenuForm {
  return {
    id: String(row.id),
    parentId: String(row.parentId),
    name: row.name,
    type: typeName(row.type),
    routeName: row.routeName,
    routePath: row.routePath,
    component: row.component,
    perm: row.perm,
    visible: flag(row.visible),
    sort: row.sort,
    icon: row.icon,
    redirect: row.redirect,
    keepAlive: flag(row.keepAlive),
    alwaysShow: flag(row.alwaysShow),
    params: Object.entries(row.params ?? {}).map(([key, value]) => ({ key, value })),
  };
}

/** The management tree; with `keywords`, the menus whose name contains them (any case). */
export async function listMenuTree(db: AppDatabase, keywords?: string): Promise<TMenu[]> {
  const rows = await listAllMenus(db);
  const needle = keywords?.toLowerCase();
  const matching = needle ? rows.filter((r) => r.name.toLowerCase().includes(needle)) : rows;
  return buildTree(matching, toMenu);
}

/** All menus as options from the top, or only catalogs and pages for the parent picker. */
export async function listMenuOptions(db: AppDatabase, onlyParent: boolean): Promise<TMenuOption[]> {
  const rows = await listAllMenus(db);
  const parents: number[] = [MENU_TYPE_CODES.CATALOG, MENU_TYPE_CODES.MENU];
  const kept = onlyParent ? rows.filter((r) => parents.includes(r.type)) : rows;
  return buildTree(kept, toOption, { fromTop: true });
}

export async function getMenuForm(db: AppDatabase, id: number): Promise<TMenuForm> {
  const row = await findMenu(db, id);
  if (!row) throw AppError.notFound();
  return toForm(row);
}

const blank = (value: string | null | undefined): string | null => (value ? value : null);

/** The save rules per type: what is forced, what is dropped. */
function valuesOf(form: TMenuSaveRequest): MenuValues {
  const parentId = Number(form.parentId);
  const type = MENU_TYPE_CODES[form.type];
  let routePath = blank(form.routePath);
  let component = blank(form.component);
  if (form.type === 'CATALOG') {
    component = 'Layout';
    if (parentId === 0 && routePath && !routePath.startsWith('/')) routePath = `/${routePath}`;
  }
  if (form.type === 'EXTLINK') component = null;
  const isButton = form.type === 'BUTTON';
  if (isButton) {
    routePath = null;
    component = null;
  }
  const params = Object.fromEntries((form.params ?? []).map((p) => [p.key, p.value]));
  return {
    parentId,
    name: form.name,
    type,
    routeName: form.type === 'MENU' ? blank(form.routeName) : null,
    routePath,
    component,
    perm: blank(form.perm),
    visible: form.visible,
    sort: form.sort,
    icon: blank(form.icon),
    redirect: isButton ? null : blank(form.redirect),
    keepAlive: form.type === 'MENU' ? form.keepAlive : 0,
    alwaysShow: form.type === 'MENU' || form.type === 'CATALOG' ? form.alwaysShow : 0,
    params: !isButton && Object.keys(params).length > 0 ? params : null,
  };
}

/**
 * Adds (`id` null) or changes a menu under the save rules. The parent must exist and be a
 * catalog or a page, and may not be the menu itself or anything beneath it.
 */
export async function saveMenu(
  db: AppDatabase,
  id: number | null,
  form: TMenuSaveRequest,
): Promise<TMenuForm> {
  const values = valuesOf(form);
  try {
    const savedId = await withTransaction(db, async (tx) => {
      const rows = await listAllMenus(tx);
      if (id !== null && !rows.some((r) => r.id === id)) throw AppError.notFound();
      if (values.parentId !== 0) {
        const parent = rows.find((r) => r.id === values.parentId);
        const isParentKind =
          parent?.type === MENU_TYPE_CODES.CATALOG || parent?.type === MENU_TYPE_CODES.MENU;
        const isOwnBranch = id !== null && subtreeIds(rows, id).has(values.parentId ?? 0);
        if (!isParentKind || isOwnBranch) throw AppError.field('parentId', 'error.invalidParent');
      }
      if (values.routeName && (await isRouteNameTaken(tx, values.routeName, id ?? undefined))) {
        throw AppError.field('routeName', 'error.duplicate');
      }
      if (id === null) return insertMenu(tx, values);
      await updateMenu(tx, id, values);
      return id;
    });
    return await getMenuForm(db, savedId);
  } catch (error) {
    // Two saves of the same route name at once: the unique index decides.
    if (!(error instanceof AppError) && isUniqueViolation(error)) {
      throw AppError.field('routeName', 'error.duplicate');
    }
    throw error;
  }
}

/** Deletes the menu and everything beneath it, in one transaction. */
export async function deleteMenuTree(db: AppDatabase, id: number): Promise<void> {
  await withTransaction(db, async (tx) => {
    const rows = await listAllMenus(tx);
    if (!rows.some((r) => r.id === id)) throw AppError.notFound();
    await deleteMenus(tx, [...subtreeIds(rows, id)]);
  });
}

export async function setMenuVisible(db: AppDatabase, id: number, visible: 0 | 1): Promise<void> {
  if (!(await updateMenu(db, id, { visible }))) throw AppError.notFound();
}
