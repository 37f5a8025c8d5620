import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { containsPattern } from '../../platform/db/like';
import { notices, userNotices } from './notices.table';
import { stampNow } from '../../platform/db/stamp';

export type NoticeRow = typeof notices.$inferSelect;
export type NoticeFields = Pick<
  NoticeRow,
  'title' | 'content' | 'type' | 'level' | 'targetType' | 'targetUserIds'
>;
export type NoticeWithPublisher = NoticeRow & { publisherName: string | null };

export interface NoticeFilter {
  title?: string | undefined;
  publishStatus?: number | undefined;
  publishedFrom?: Date | undefined;
  publishedTo?: Date | undefined;
  isPublishedToExclusive?: boolean;
}

const withPublisher = {
  notice: notices,
  publisherName: users.nickname,
};

const flatten = (r: { notice: NoticeRow; publisherName: string | null }): NoticeWithPublisher => ({
  ...r.notice,
  publisherName: r.publisherName,
});

export async function pageNotices(
  db: AppDatabase,
  filter: NoticeFilter,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: NoticeWithPublisher[]; total: number }> {
  const where = and(
    filter.title ? ilike(notices.title, containsPattern(filter.title)) : undefined,
    filter.publishStatus === undefined ? undefined : eq(notices.publishStatus, filter.publishStatus),
    filter.publishedFrom ? gte(notices.publishedAt, filter.publishedFrom) : undefined,
    filter.publishedTo
      ? filter.isPublishedToExclusive
        ? lt(notices.publishedAt, filter.publishedTo)
        : lte(notices.publishedAt, filter.publishedTo)
      : undefined,
  );
  const [totalRow] = await db.select({ total: count() }).from(notices).where(where);
  const rows = await db
    .select(withPublisher)
    .from(notices)
    .leftJoin(users, eq(users.id, notices.publisherId))
    .where(where)
    .orderBy(desc(notices.id))
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  return { rows: rows.map(flatten), total: totalRow?.total ?? 0 };
}

export async function findNotice(db: AppDatabase, id: number): Promise<NoticeWithPublisher | undefined> {
  const [row] = await db
    .select(withPublisher)
    .from(notices)
    .leftJoin(users, eq(users.id, notices.publisherId))
    .where(eq(notices.id, id))
    .limit(1);
  return row && flatten(row);
}

/** Locks the notice so a state change (publish, revoke, edit) is decided once. */
export async function findNoticeForUpdate(db: AppDatabase, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id)).for('update');
  return row;
}

/** How many of these user ids exist. */
export async function countUsers(db: AppDatabase, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db.select({ n: count() }).from(users).where(inArray(users.id, ids));
  return row?.n ?? 0;
}

export async function insertNotice(db: AppDatabase, fields: NoticeFields): Promise<NoticeRow> {
  const [row] = await db.insert(notices).values(fields).returning();
  if (!row) throw new Error('notice not inserted');
  return row;
}

export async function updateNotice(
  db: AppDatabase,
  id: number,
  fields: Partial<Omit<NoticeRow, 'id' | 'createdAt'>>,
): Promise<NoticeRow | undefined> {
  const [row] = await db
    .update(notices)
    .set({ ...fields, updatedAt: stampNow() })
    .where(eq(notices.id, id))
    .returning();
  return row;
}

/** Publishing: the notice's reader rows start again, one unread row per chosen user. */
export async function resetReaders(db: AppDatabase, notice: NoticeRow): Promise<void> {
  await db.delete(userNotices).where(eq(userNotices.noticeId, notice.id));
  if (notice.targetType === 2 && notice.targetUserIds.length > 0) {
    // Only users that still exist (one may have been deleted since the draft was written).
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, notice.targetUserIds));
    if (found.length > 0) {
      await db
        .insert(userNotices)
        .values(found.map((u) => ({ noticeId: notice.id, userId: u.id })))
        .onConflictDoNothing();
    }
  }
}

/** Revoking: the rows of readers who had not read it go; what was read stays recorded. */
export async function deleteUnreadReaders(db: AppDatabase, noticeId: number): Promise<void> {
  await db.delete(userNotices).where(and(eq(userNotices.noticeId, noticeId), isNull(userNotices.readAt)));
}

export async function findNoticesForUpdate(db: AppDatabase, ids: number[]): Promise<{ id: number }[]> {
  return db.select({ id: notices.id }).from(notices).where(inArray(notices.id, ids)).for('update');
}

/** Deletes the notices; their reader rows go with them (cascade). */
export async function deleteNotices(db: AppDatabase, ids: number[]): Promise<number> {
  const rows = await db.delete(notices).where(inArray(notices.id, ids)).returning({ id: notices.id });
  return rows.length;
}

/** Published and addressed to the user: to everyone, or with a reader row of theirs. */
function addressedTo(userId: number): SQL {
  return and(
    eq(notices.publishStatus, 1),
    or(
      eq(notices.targetType, 1),
      sql`exists (select 1 from user_notices t where t.notice_id = ${notices.id} and t.user_id = ${userId})`,
    ),
  ) as SQL;
}

const readByUser = (userId: number): SQL =>
  sql`exists (select 1 from user_notices r where r.notice_id = ${notices.id} and r.user_id = ${userId} and r.read_at is not null)`;

/** Whether the notice is published and addressed to the user. */
export async function isAddressedTo(db: AppDatabase, noticeId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.id, noticeId), addressedTo(userId)))
    .limit(1);
  return row !== undefined;
}

export async function markRead(db: AppDatabase, noticeId: number, userId: number): Promise<void> {
  await db
    .insert(userNotices)
    .values({ noticeId, userId, readAt: new Date() })
    .onConflictDoUpdate({
      target: [userNotices.noticeId, userNotices.userId],
      set: { readAt: sql`coalesce(${userNotices.readAt}, now())` },
    });
}

/** Marks every notice addressed to the user read (writing the rows of "all" notices). */
export async function markAllRead(db: AppDatabase, userId: number): Promise<void> {
  await db
    .update(userNotices)
    .set({ readAt: new Date() })
    .where(and(eq(userNotices.userId, userId), isNull(userNotices.readAt)));
  await db.execute(sql`
    insert into user_notices (notice_id, user_id, read_at)
    select n.id, ${userId}, now() from notices n
    where n.publish_status = 1 and n.target_type = 1
    on conflict (notice_id, user_id) do update set read_at = coalesce(user_notices.read_at, now())`);
}

export async function pageMyNotices(
  db: AppDatabase,
  userId: number,
  query: { pageNum: number; pageSize: number; title?: string | undefined; isRead?: number | undefined },
): Promise<{ rows: (NoticeWithPublisher & { isRead: boolean })[]; total: number }> {
  const read = readByUser(userId);
  const where = and(
    addressedTo(userId),
    query.title ? ilike(notices.title, containsPattern(query.title)) : undefined,
    query.isRead === undefined ? undefined : query.isRead === 1 ? read : sql`not ${read}`,
  );
  const [totalRow] = await db.select({ total: count() }).from(notices).where(where);
  const rows = await db
    .select({ ...withPublisher, isRead: sql<boolean>`${read}` })
    .from(notices)
    .leftJoin(users, eq(users.id, notices.publisherId))
    .where(where)
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return {
    rows: rows.map((r) => ({ ...flatten(r), isRead: r.isRead === true || String(r.isRead) === 'true' })),
    total: totalRow?.total ?? 0,
  };
}

export async function countUnread(db: AppDatabase, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(addressedTo(userId), sql`not ${readByUser(userId)}`));
  return row?.n ?? 0;
}
