import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Console departments, a tree. `treePath` lists the ancestors' ids from the top, `0` first
 * (`"0"` for a top department, `"0,1"` under department 1), so a branch is one prefix match.
 * Users point at their department through `users.dept_id`.
 */
export const depts = pgTable(
  'depts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
    treePath: varchar('tree_path', { length: 255 }).notNull().default('0'),
    sort: integer('sort').notNull().default(0),
    /** 1 active, 0 disabled. */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('depts_code_key').on(t.code), index().on(t.parentId)],
);
