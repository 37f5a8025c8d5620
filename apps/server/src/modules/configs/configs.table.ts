import { bigserial, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** System settings, key → value, maintained by operators and read through `app.configValues`. */
export const configs = pgTable(
  'configs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    value: text('value').notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('configs_key_key').on(t.key)],
);
