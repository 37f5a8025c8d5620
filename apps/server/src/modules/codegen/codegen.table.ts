import type { TCodegenConfig } from '@linkstore/contract';
import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** What the code generator keeps per configured table: the operator's choices, as JSON. */
export type StoredCodegenConfig = Pick<
  TCodegenConfig,
  'moduleName' | 'entityName' | 'businessName' | 'parentMenuId' | 'fields'
>;

/** The code generator's saved settings, one row per table (the generator never lists this table). */
export const codegenConfigs = pgTable('codegen_configs', {
  tableName: varchar('table_name', { length: 63 }).primaryKey(),
  config: jsonb('config').$type<StoredCodegenConfig>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
