import { pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The platform's information pages (shipping, returns, contact, terms, privacy): one row per page
 * and language, the text a rich text document (decision 0017) stored as JSON — never HTML. An
 * empty document means "not written in this language": buyers read the English one.
 */
export const infoPages = pgTable(
  'info_pages',
  {
    page: varchar('page', { length: 32 }).notNull(),
    lang: varchar('lang', { length: 8 }).notNull(),
    doc: text('doc').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.page, t.lang] })],
);
