import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';

/**
 * Operators' notices (issue 19). `content` is a rich text document (decision 0017) stored as
 * JSON — never HTML. `publishStatus`: 0 draft, 1 published, -1 revoked; `targetType`: 1 every
 * user, 2 the users in `targetUserIds`.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** A value of the `notice_type` dictionary. */
    type: varchar('type', { length: 32 }).notNull(),
    /** L, M or H (`notice_level`). */
    level: varchar('level', { length: 1 }).notNull(),
    targetType: smallint('target_type').notNull(),
    targetUserIds: bigint('target_user_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    publishStatus: smallint('publish_status').notNull().default(0),
    publisherId: bigint('publisher_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_published_idx').on(t.publishStatus, t.publishedAt)],
);

/**
 * Who a published notice reaches and what they have read. Addressed to chosen users, one row
 * per target is written at publish (`readAt` null = unread). Addressed to everyone, no rows are
 * written at publish (that would be one row per account): every user's unread notices are the
 * published "all" notices without a row of theirs, and reading one writes that row.
 */
export const userNotices = pgTable(
  'user_notices',
  {
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('user_notices_user_idx').on(t.userId)],
);
