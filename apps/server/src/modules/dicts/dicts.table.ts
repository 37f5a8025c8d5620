import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Dictionaries: named lists of coded values (gender, notice type, …) that forms and tables show
 * as selects and coloured tags. `dictCode` is the stable key the web app asks for.
 */
export const dicts = pgTable(
  'dicts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Display name in the platform's default language (English). */
    name: varchar('name', { length: 64 }).notNull(),
    dictCode: varchar('dict_code', { length: 64 }).notNull(),
    remark: varchar('remark', { length: 255 }),
    /** 1 active, 0 disabled (a disabled dictionary is left out of `/dict/list`). */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dicts_dict_code_key').on(t.dictCode)],
);

/**
 * One value of a dictionary. `label` is the English text; `labels` holds the other languages
 * (`{"es": "…", "zh-cn": "…"}`), and readers fall back to `label` for a language not there.
 */
export const dictItems = pgTable(
  'dict_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dictCode: varchar('dict_code', { length: 64 }).notNull(),
    value: varchar('value', { length: 64 }).notNull(),
    label: varchar('label', { length: 128 }).notNull(),
    labels: jsonb('labels')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** primary | success | info | warning | danger, or none. */
    tagType: varchar('tag_type', { length: 16 }),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dict_items_dict_code_value_key').on(t.dictCode, t.value),
    index().on(t.dictCode, t.sort),
  ],
);
