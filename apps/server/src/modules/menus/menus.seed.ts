import { eq } from 'drizzle-orm';
import { MENU_TYPE_CODES, menus, roleMenus, roles } from '../../platform/auth/access.tables';
import type { AppDatabase } from '../../platform/db/database';

interface SeedButton {
  /** English name; the web app translates it through `route.<name>`. */
  name: string;
  perm: string;
}

interface SeedPage {
  name: string;
  path: string;
  routeName: string;
  component: string;
  icon: string;
  sort: number;
  hidden?: boolean;
  buttons: SeedButton[];
}

interface SeedCatalog {
  name: string;
  path: string;
  icon: string;
  redirect: string;
  sort: number;
  pages: SeedPage[];
}

const crud = (domain: string, extra: SeedButton[] = []): SeedButton[] => [
  { name: 'Search', perm: `sys:${domain}:query` },
  { name: 'Add', perm: `sys:${domain}:add` },
  { name: 'Edit', perm: `sys:${domain}:edit` },
  { name: 'Delete', perm: `sys:${domain}:delete` },
  ...extra,
];

/**
 * Every console page that exists, with its buttons and the permission strings the server
 * enforces (the contract's route `access`). Names are English and double as translation keys.
 */
export const SEED_MENU_TREE: SeedCatalog[] = [
  {
    name: 'System',
    path: '/system',
    icon: 'system',
    redirect: '/system/user',
    sort: 1,
    pages: [
      {
        name: 'Users',
        path: 'user',
        routeName: 'User',
        component: 'system/user/index',
        icon: 'el-icon-User',
        sort: 1,
        buttons: crud('user', [
          { name: 'Reset password', perm: 'sys:user:password:reset' },
          { name: 'Import', perm: 'sys:user:import' },
          { name: 'Export', perm: 'sys:user:export' },
        ]),
      },
      {
        name: 'Roles',
        path: 'role',
        routeName: 'Role',
        component: 'system/role/index',
        icon: 'role',
        sort: 2,
        buttons: crud('role', [{ name: 'Assign permissions', perm: 'sys:role:assign' }]),
      },
      {
        name: 'Menus',
        path: 'menu',
        routeName: 'SysMenu',
        component: 'system/menu/index',
        icon: 'menu',
        sort: 3,
        buttons: crud('menu'),
      },
      {
        name: 'Departments',
        path: 'dept',
        routeName: 'Dept',
        component: 'system/dept/index',
        icon: 'tree',
        sort: 4,
        buttons: crud('dept'),
      },
      {
        name: 'Dictionaries',
        path: 'dict',
        routeName: 'Dict',
        component: 'system/dict/index',
        icon: 'dict',
        sort: 5,
        buttons: crud('dict'),
      },
      {
        name: 'Dictionary items',
        path: 'dict-data',
        routeName: 'DictData',
        component: 'system/dict/data',
        icon: 'dict',
        sort: 6,
        hidden: true,
        buttons: crud('dict-data'),
      },
      {
        name: 'Configuration',
        path: 'config',
        routeName: 'Config',
        component: 'system/config/index',
        icon: 'setting',
        sort: 7,
        buttons: [
          { name: 'Search', perm: 'sys:config:query' },
          { name: 'Add', perm: 'sys:config:add' },
          { name: 'Edit', perm: 'sys:config:update' },
          { name: 'Delete', perm: 'sys:config:delete' },
          { name: 'Refresh cache', perm: 'sys:config:refresh' },
        ],
      },
      {
        name: 'Currency rates',
        path: 'country',
        routeName: 'CountryRate',
        component: 'system/country/index',
        icon: 'money',
        sort: 8,
        buttons: [
          { name: 'Search', perm: 'system:country:query' },
          { name: 'Edit', perm: 'system:country:edit' },
        ],
      },
      {
        name: 'Shop information',
        path: 'info-pages',
        routeName: 'InfoPages',
        component: 'system/info-pages/index',
        icon: 'document',
        sort: 9,
        buttons: [
          { name: 'Search', perm: 'sys:info-page:query' },
          { name: 'Edit', perm: 'sys:info-page:edit' },
        ],
      },
      // Operation logs (issue 19, logs module).
      {
        name: 'Logs',
        path: 'log',
        routeName: 'Log',
        component: 'system/log/index',
        icon: 'document',
        sort: 10,
        buttons: [{ name: 'Search', perm: 'sys:log:query' }],
      },
      // Notices (issue 19). "My notices" and a notice's page are fixed console routes every
      // signed-in user reaches (the bell), not menus.
      {
        name: 'Notices',
        path: 'notice',
        routeName: 'Notice',
        component: 'system/notice/index',
        icon: 'message',
        sort: 11,
        buttons: crud('notice', [
          { name: 'Publish', perm: 'sys:notice:publish' },
          { name: 'Revoke', perm: 'sys:notice:revoke' },
        ]),
      },
    ],
  },
  {
    name: 'Catalogue',
    path: '/catalog',
    icon: 'component',
    redirect: '/catalog/category',
    sort: 2,
    pages: [
      {
        name: 'Categories',
        path: 'category',
        routeName: 'CatalogCategory',
        component: 'catalog/category/index',
        icon: 'tree',
        sort: 1,
        buttons: [
          { name: 'Search', perm: 'catalog:category:query' },
          { name: 'Add', perm: 'catalog:category:add' },
          { name: 'Edit', perm: 'catalog:category:edit' },
          { name: 'Delete', perm: 'catalog:category:delete' },
        ],
      },
      {
        name: 'Products',
        path: 'product',
        routeName: 'CatalogProduct',
        component: 'catalog/product/index',
        icon: 'shopping',
        sort: 2,
        buttons: [
          { name: 'Search', perm: 'catalog:product:query' },
          { name: 'Add', perm: 'catalog:product:add' },
          { name: 'Edit', perm: 'catalog:product:edit' },
          { name: 'Delete', perm: 'catalog:product:delete' },
        ],
      },
      {
        name: 'Banners',
        path: 'banner',
        routeName: 'CatalogBanner',
        component: 'catalog/banner/index',
        icon: 'picture',
        sort: 3,
        buttons: [
          { name: 'Search', perm: 'catalog:banner:query' },
          { name: 'Add', perm: 'catalog:banner:add' },
          { name: 'Edit', perm: 'catalog:banner:edit' },
          { name: 'Delete', perm: 'catalog:banner:delete' },
        ],
      },
      {
        name: 'Reviews',
        path: 'review',
        routeName: 'CatalogReview',
        component: 'catalog/review/index',
        icon: 'star',
        sort: 4,
        buttons: [
          { name: 'Search', perm: 'catalog:review:query' },
          { name: 'Moderate', perm: 'catalog:review:moderate' },
          { name: 'Delete', perm: 'catalog:review:delete' },
        ],
      },
    ],
  },
  {
    name: 'Commerce',
    path: '/commerce',
    icon: 'shopping',
    redirect: '/commerce/payouts',
    sort: 3,
    pages: [
      {
        name: 'Payouts',
        path: 'payouts',
        routeName: 'Payouts',
        component: 'commerce/payouts/index',
        icon: 'money',
        sort: 1,
        buttons: [
          { name: 'Search', perm: 'sys:payout:query' },
          { name: 'Hold payouts', perm: 'sys:payout:hold' },
          { name: 'Retry', perm: 'sys:payout:retry' },
        ],
      },
      {
        name: 'Orders',
        path: 'orders',
        routeName: 'Orders',
        component: 'commerce/orders/index',
        icon: 'order',
        sort: 2,
        buttons: [
          { name: 'Search', perm: 'sys:order:query' },
          { name: 'Ship', perm: 'sys:order:ship' },
          { name: 'Refund', perm: 'sys:order:refund' },
          { name: 'Resolve flag', perm: 'sys:order:resolve' },
          { name: 'Export', perm: 'sys:order:export' },
        ],
      },
      {
        name: 'Creators',
        path: 'creators',
        routeName: 'Creators',
        component: 'commerce/creators/index',
        icon: 'peoples',
        sort: 3,
        buttons: [
          { name: 'Search', perm: 'sys:creator:query' },
          { name: 'Suspend shop', perm: 'sys:creator:suspend' },
        ],
      },
      {
        name: 'Reconciliation',
        path: 'reconciliation',
        routeName: 'Reconciliation',
        component: 'commerce/reconciliation/index',
        icon: 'chart',
        sort: 4,
        buttons: [
          { name: 'Search', perm: 'sys:reconcile:query' },
          { name: 'Run', perm: 'sys:reconcile:run' },
        ],
      },
    ],
  },
];

/** Every permission string the seed creates, for tests that compare it with the contract. */
export function seedPermissions(): string[] {
  return SEED_MENU_TREE.flatMap((c) => c.pages.flatMap((p) => p.buttons.map((b) => b.perm)));
}

/**
 * Inserts the built-in menus that are missing (catalogs by top-level path, pages by route name,
 * buttons by permission under their page) and grants what it inserted to ADMIN. Built-in entries
 * an operator deleted come back at the next start: they are part of the product; hide them instead.
 */
export async function seedMenus(db: AppDatabase): Promise<number> {
  const existing = await db.select().from(menus);
  const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'ADMIN'));
  const inserted: number[] = [];
  const add = async (values: typeof menus.$inferInsert): Promise<number> => {
    const [row] = await db.insert(menus).values(values).returning({ id: menus.id });
    if (!row) throw new Error('menu insert returned nothing');
    inserted.push(row.id);
    return row.id;
  };

  for (const catalog of SEED_MENU_TREE) {
    const catalogId =
      existing.find(
        (m) => m.type === MENU_TYPE_CODES.CATALOG && m.parentId === 0 && m.routePath === catalog.path,
      )?.id ??
      (await add({
        parentId: 0,
        name: catalog.name,
        type: MENU_TYPE_CODES.CATALOG,
        routePath: catalog.path,
        component: 'Layout',
        icon: catalog.icon,
        redirect: catalog.redirect,
        sort: catalog.sort,
      }));
    for (const page of catalog.pages) {
      const pageId =
        existing.find((m) => m.type === MENU_TYPE_CODES.MENU && m.routeName === page.routeName)?.id ??
        (await add({
          parentId: catalogId,
          name: page.name,
          type: MENU_TYPE_CODES.MENU,
          routeName: page.routeName,
          routePath: page.path,
          component: page.component,
          icon: page.icon,
          sort: page.sort,
          visible: page.hidden ? 0 : 1,
          keepAlive: 1,
        }));
      let sort = 1;
      for (const button of page.buttons) {
        const found = existing.some(
          (m) => m.type === MENU_TYPE_CODES.BUTTON && m.parentId === pageId && m.perm === button.perm,
        );
        if (!found) {
          await add({
            parentId: pageId,
            name: button.name,
            type: MENU_TYPE_CODES.BUTTON,
            perm: button.perm,
            sort,
          });
        }
        sort += 1;
      }
    }
  }

  if (admin && inserted.length > 0) {
    await db
      .insert(roleMenus)
      .values(inserted.map((menuId) => ({ roleId: admin.id, menuId })))
      .onConflictDoNothing();
  }
  return inserted.length;
}
