import {
  bigint,
  bigserial,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
  index,
} from 'drizzle-orm/pg-core';
import { users } from './auth.tables';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Access is data (STYLE habit 4): roles hold menus, menus of type BUTTON carry permission
 * strings, and every console route declares the string the server enforces. Role ROOT passes
 * every check. Kept in the platform because the auth plugin resolves them on every request.
 */
export const roles = pgTable(
  'roles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** 1 active, 0 disabled (a disabled role grants nothing). */
    status: smallint('status').notNull().default(1),
    /** 0 all, 1 own department and below, 2 own department, 3 self. */
    dataScope: smallint('data_scope').notNull().default(3),
    ...timestamps,
  },
  (t) => [uniqueIndex('roles_code_key').on(t.code)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index().on(t.roleId)],
);

/** Console navigation and permissions. Types: 1 MENU, 2 CATALOG, 3 EXTLINK, 4 BUTTON. */
export const menus = pgTable(
  'menus',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
    name: varchar('name', { length: 64 }).notNull(),
    type: smallint('type').notNull(),
    routeName: varchar('route_name', { length: 64 }),
    routePath: varchar('route_path', { length: 255 }),
    component: varchar('component', { length: 255 }),
    /** The permission string of a BUTTON, e.g. `sys:user:add`. */
    perm: varchar('perm', { length: 128 }),
    visible: smallint('visible').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    icon: varchar('icon', { length: 64 }),
    redirect: varchar('redirect', { length: 255 }),
    keepAlive: smallint('keep_alive').notNull().default(0),
    alwaysShow: smallint('always_show').notNull().default(0),
    params: jsonb('params').$type<Record<string, string>>(),
    ...timestamps,
  },
  (t) => [index().on(t.parentId), uniqueIndex('menus_route_name_key').on(t.routeName)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: bigint('menu_id', { mode: 'number' })
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index().on(t.menuId)],
);

export const MENU_TYPE_CODES = { MENU: 1, CATALOG: 2, EXTLINK: 3, BUTTON: 4 } as const;
