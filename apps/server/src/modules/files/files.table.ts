import { bigint, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * Uploaded files (images). Stored under a generated name (`id` plus the extension of the format
 * they were re-encoded to), never under the uploader's file name.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    /** Who uploaded it; null for seeded files. */
    ownerUserId: bigint('owner_user_id', { mode: 'number' }),
    /** What it is for: avatar, product, category, banner, shop … (limits and sizes differ). */
    purpose: varchar('purpose', { length: 32 }).notNull(),
    /** Which storage holds it: `local` or `s3`. */
    storage: varchar('storage', { length: 16 }).notNull(),
    /** The object key inside that storage, e.g. `product/2026/11/<id>.webp`. */
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 64 }).notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** SHA-256 of the stored bytes, hex. */
    sha256: varchar('sha256', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ownerUserId), index().on(t.storageKey)],
);
