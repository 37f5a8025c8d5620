import { eq } from 'drizzle-orm';
import { MENU_TYPE_CODES, menus, roleMenus, roles } from '../../platform/auth/access.tables';
import type { AppDatabase } from '../../platform/db/database';

interface SeedButton {
  /** English name; the web app translates it through `route.<name>`. */
  name: string;
  perm: string;
}

interface SeedPage {
  kind?: 'page';
  name: string;
  path: string;
  routeName: string;
  component: string;
  icon: string;
  sort: number;
  hidden?: boolean;
  /** Kept alive when the operator switches tags (default true). */
  keepAlive?: boolean;
  /** Query the sidebar adds when it opens the page (one view, two menus). */
  params?: Record<string, string>;
  buttons: SeedButton[];
  /** Pages nested inside this one (its view renders an outlet). */
  children?: SeedNode[];
}

interface SeedCatalog {
  kind?: 'catalog';
  name: string;
  path: string;
  icon: string;
  redirect?: string;
  sort: number;
  /** Shown as a group even with a single visible child. */
  alwaysShow?: boolean;
  pages: SeedNode[];
}

/** An external link (EXTLINK): the sidebar opens the URL in a new tab. */
interface SeedLink {
  kind: 'link';
  name: string;
  url: string;
  routeName: string;
  icon: string;
  sort: number;
}

type SeedNode = SeedPage | SeedCatalog | SeedLink;

const isCatalog = (node: SeedNode): node is SeedCatalog => 'pages' in node;
const isLink = (node: SeedNode): node is SeedLink => node.kind === 'link';

/** A demo page: no buttons of its own (the APIs it calls check theirs). */
const demoPage = (
  name: string,
  path: string,
  routeName: string,
  component: string,
  icon: string,
  sort: number,
): SeedPage => ({ name, path, routeName, component, icon, sort, buttons: [] });

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
      // Scheduled jobs (issue 32, platform/jobs): their runs, failures, and "run now".
      {
        name: 'Scheduled jobs',
        path: 'job',
        routeName: 'Job',
        component: 'system/job/index',
        icon: 'tool',
        sort: 12,
        buttons: [
          { name: 'Search', perm: 'sys:job:query' },
          { name: 'Run', perm: 'sys:job:run' },
        ],
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
      // Issue 35: problems buyers reported after shipping, resolved by refund, reship or decline.
      {
        name: 'Cases',
        path: 'cases',
        routeName: 'Cases',
        component: 'commerce/cases/index',
        icon: 'message',
        sort: 6,
        buttons: [{ name: 'Handle cases', perm: 'sys:order:case' }],
      },
      // Issue 34: the zones and methods orders are shipped by.
      {
        name: 'Shipping',
        path: 'shipping',
        routeName: 'Shipping',
        component: 'commerce/shipping/index',
        icon: 'guide',
        sort: 5,
        buttons: [
          { name: 'Search', perm: 'commerce:shipping:query' },
          { name: 'Add', perm: 'commerce:shipping:add' },
          { name: 'Edit', perm: 'commerce:shipping:edit' },
          { name: 'Delete', perm: 'commerce:shipping:delete' },
        ],
      },
      // Issue 34: the tax rates the platform charges as the seller of record.
      {
        name: 'Tax rates',
        path: 'tax',
        routeName: 'TaxRate',
        component: 'commerce/taxes/index',
        icon: 'money',
        sort: 21,
        buttons: [
          { name: 'Search', perm: 'commerce:tax:query' },
          { name: 'Add', perm: 'commerce:tax:add' },
          { name: 'Edit', perm: 'commerce:tax:edit' },
          { name: 'Delete', perm: 'commerce:tax:delete' },
        ],
      },
      // Issue 34: the tax collected per jurisdiction and month, net of refunds, to file returns.
      {
        name: 'Tax report',
        path: 'tax-report',
        routeName: 'TaxReport',
        component: 'commerce/tax-report/index',
        icon: 'chart',
        sort: 22,
        buttons: [
          { name: 'Search', perm: 'commerce:tax:query' },
          { name: 'Export', perm: 'commerce:tax:export' },
        ],
      },
    ],
  },
  {
    name: 'Developer tools',
    path: '/dev',
    icon: 'code',
    redirect: '/dev/codegen',
    sort: 4,
    pages: [
      {
        name: 'Code generator',
        path: 'codegen',
        routeName: 'Codegen',
        component: 'codegen/index',
        icon: 'code',
        sort: 1,
        buttons: [
          { name: 'Search', perm: 'dev:codegen:query' },
          { name: 'Edit', perm: 'dev:codegen:edit' },
        ],
      },
      {
        name: 'API documentation',
        path: 'api-docs',
        routeName: 'ApiDocs',
        component: 'dev/api-docs/index',
        icon: 'api',
        sort: 2,
        buttons: [{ name: 'Search', perm: 'dev:api-doc:query' }],
      },
    ],
  },
  // Demo pages (issue 20): what the shared console parts can do, one page each.
  {
    name: 'Demos',
    path: '/demo',
    icon: 'component',
    redirect: '/demo/component/curd',
    sort: 5,
    alwaysShow: true,
    pages: [
      {
        name: 'Components',
        path: 'component',
        icon: 'component',
        redirect: '/demo/component/curd',
        sort: 1,
        pages: [
          demoPage('CRUD', 'curd', 'DemoCurd', 'demo/curd/index', 'table', 1),
          demoPage('Table select', 'table-select', 'DemoTableSelect', 'demo/table-select/index', 'table', 2),
          demoPage('Rich text', 'rich-text', 'DemoRichText', 'demo/rich-text/index', 'edit', 3),
          demoPage('Upload', 'upload', 'DemoUpload', 'demo/upload/index', 'upload', 4),
          demoPage(
            'Icon selector',
            'icon-selector',
            'DemoIconSelector',
            'demo/icon-selector/index',
            'menu',
            5,
          ),
          demoPage('Dictionary', 'dict', 'DemoDict', 'demo/dict/index', 'dict', 6),
          demoPage('Signature', 'signature', 'DemoSignature', 'demo/signature/index', 'edit', 7),
        ],
      },
      {
        name: 'Functions',
        path: 'function',
        icon: 'tool',
        redirect: '/demo/function/icons',
        sort: 2,
        pages: [
          demoPage('Icons', 'icons', 'DemoIcons', 'demo/icons/index', 'star', 1),
          {
            ...demoPage('WebSocket', 'websocket', 'DemoWebsocket', 'demo/websocket/index', 'message', 2),
            buttons: [{ name: 'Send', perm: 'demo:websocket:send' }],
          },
        ],
      },
      {
        name: 'Multi-level menu',
        path: 'multi-level',
        icon: 'menu',
        redirect: '/demo/multi-level/level1/level2/level3-1',
        sort: 3,
        alwaysShow: true,
        pages: [
          {
            ...demoPage('Level 1', 'level1', 'DemoLevel1', 'demo/multi-level/level1', 'menu', 1),
            children: [
              {
                ...demoPage('Level 2', 'level2', 'DemoLevel2', 'demo/multi-level/level2', 'menu', 1),
                children: [
                  demoPage('Level 3-1', 'level3-1', 'DemoLevel31', 'demo/multi-level/level3', 'menu', 1),
                  demoPage('Level 3-2', 'level3-2', 'DemoLevel32', 'demo/multi-level/level3', 'menu', 2),
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'Route parameters',
        path: 'route-param',
        icon: 'link',
        redirect: '/demo/route-param/type1',
        sort: 4,
        alwaysShow: true,
        pages: [
          {
            ...demoPage(
              'Parameter type 1',
              'type1',
              'DemoRouteParamType1',
              'demo/route-param/index',
              'star',
              1,
            ),
            params: { type: '1' },
          },
          {
            ...demoPage(
              'Parameter type 2',
              'type2',
              'DemoRouteParamType2',
              'demo/route-param/index',
              'star',
              2,
            ),
            params: { type: '2' },
          },
        ],
      },
      demoPage(
        'Internal document',
        'internal-doc',
        'DemoInternalDoc',
        'demo/internal-doc/index',
        'document',
        5,
      ),
    ],
  },
];

/** Every permission string the seed creates, for tests that compare it with the contract. */
export function seedPermissions(): string[] {
  const perms = (node: SeedNode): string[] =>
    isLink(node)
      ? []
      : isCatalog(node)
        ? node.pages.flatMap(perms)
        : [...node.buttons.map((b) => b.perm), ...(node.children ?? []).flatMap(perms)];
  return SEED_MENU_TREE.flatMap(perms);
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

  const seedNode = async (node: SeedNode, parentId: number): Promise<void> => {
    if (isLink(node)) {
      if (!existing.some((m) => m.type === MENU_TYPE_CODES.EXTLINK && m.routeName === node.routeName)) {
        await add({
          parentId,
          name: node.name,
          type: MENU_TYPE_CODES.EXTLINK,
          routeName: node.routeName,
          routePath: node.url,
          icon: node.icon,
          sort: node.sort,
        });
      }
      return;
    }
    if (isCatalog(node)) {
      const catalogId =
        existing.find(
          (m) => m.type === MENU_TYPE_CODES.CATALOG && m.parentId === parentId && m.routePath === node.path,
        )?.id ??
        (await add({
          parentId,
          name: node.name,
          type: MENU_TYPE_CODES.CATALOG,
          routePath: node.path,
          component: 'Layout',
          icon: node.icon,
          redirect: node.redirect ?? null,
          sort: node.sort,
          alwaysShow: node.alwaysShow ? 1 : 0,
        }));
      for (const child of node.pages) await seedNode(child, catalogId);
      return;
    }
    const pageId =
      existing.find((m) => m.type === MENU_TYPE_CODES.MENU && m.routeName === node.routeName)?.id ??
      (await add({
        parentId,
        name: node.name,
        type: MENU_TYPE_CODES.MENU,
        routeName: node.routeName,
        routePath: node.path,
        component: node.component,
        icon: node.icon,
        sort: node.sort,
        visible: node.hidden ? 0 : 1,
        keepAlive: node.keepAlive === false ? 0 : 1,
        params: node.params ?? null,
      }));
    let sort = 1;
    for (const button of node.buttons) {
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
    for (const child of node.children ?? []) await seedNode(child, pageId);
  };
  for (const catalog of SEED_MENU_TREE) await seedNode(catalog, 0);

  if (admin && inserted.length > 0) {
    await db
      .insert(roleMenus)
      .values(inserted.map((menuId) => ({ roleId: admin.id, menuId })))
      .onConflictDoNothing();
  }
  return inserted.length;
}
