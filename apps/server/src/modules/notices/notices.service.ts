import {
  ErrorCode,
  NOTICE_STATUS,
  NOTICE_TARGET,
  parseStoredRichText,
  type TMyNoticePage,
  type TMyNoticePageQuery,
  type TNoticeDetail,
  type TNoticeForm,
  type TNoticeLevel,
  type TNoticeNews,
  type TNoticePage,
  type TNoticePageQuery,
  type TNoticeRequest,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { hasPermission, type SessionUser } from '../../platform/http/access';
import { formatDateTime } from '../../platform/http/date-time';
import {
  countUnread,
  countUsers,
  deleteNotices,
  deleteUnreadReaders,
  findNotice,
  findNoticeForUpdate,
  findNoticesForUpdate,
  insertNotice,
  isAddressedTo,
  markAllRead,
  markRead,
  pageMyNotices,
  pageNotices,
  resetReaders,
  updateNotice,
  type NoticeRow,
} from './notices.repository';
import { utcRangeEnd } from '../../platform/http/days';

const timeOf = (date: Date | null): string | null => (date ? formatDateTime(date) : null);
const stateError = (key: 'notices.notDraft' | 'notices.alreadyPublished' | 'notices.notPublished') =>
  AppError.of(ErrorCode.NOTICE_STATE, key);

function toForm(row: NoticeRow): TNoticeForm {
  return {
    id: String(row.id),
    title: row.title,
    content: parseStoredRichText(row.content),
    type: row.type,
    level: row.level as TNoticeLevel,
    targetType: row.targetType === NOTICE_TARGET.SPECIFIED ? NOTICE_TARGET.SPECIFIED : NOTICE_TARGET.ALL,
    targetUserIds: row.targetUserIds.map(String),
    publishStatus: row.publishStatus,
  };
}

export async function getNoticePage(db: AppDatabase, query: TNoticePageQuery): Promise<TNoticePage> {
  const from = utcRangeEnd(query.publishedFrom, 'from', 'publishTime');
  const to = utcRangeEnd(query.publishedTo, 'to', 'publishTime');
  const { rows, total } = await pageNotices(
    db,
    {
      title: query.title,
      publishStatus: query.publishStatus,
      publishedFrom: from?.date,
      publishedTo: to?.date,
      isPublishedToExclusive: to?.isExclusive ?? false,
    },
    query,
  );
  return {
    total,
    list: rows.map((row) => ({
      id: String(row.id),
      title: row.title,
      publishStatus: row.publishStatus,
      type: row.type,
      level: row.level as TNoticeLevel,
      targetType: row.targetType,
      publisherName: row.publisherName,
      publishTime: timeOf(row.publishedAt),
      revokeTime: timeOf(row.revokedAt),
      createTime: formatDateTime(row.createdAt),
    })),
  };
}

export async function getNoticeForm(db: AppDatabase, id: number): Promise<TNoticeForm> {
  const row = await findNotice(db, id);
  if (!row) throw AppError.notFound();
  return toForm(row);
}

async function fieldsOf(db: AppDatabase, body: TNoticeRequest) {
  const targetUserIds =
    body.targetType === NOTICE_TARGET.SPECIFIED ? [...new Set(body.targetUserIds.map(Number))] : [];
  if ((await countUsers(db, targetUserIds)) !== targetUserIds.length) {
    throw AppError.field('targetUserIds', 'notices.unknownUsers');
  }
  return {
    title: body.title,
    content: JSON.stringify(body.content),
    type: body.type,
    level: body.level,
    targetType: body.targetType,
    targetUserIds,
  };
}

/** Adds a draft (`id` null) or edits one; a published or revoked notice is not edited. */
export async function saveNotice(
  db: AppDatabase,
  id: number | null,
  body: TNoticeRequest,
): Promise<TNoticeForm> {
  const fields = await fieldsOf(db, body);
  if (id === null) return toForm(await insertNotice(db, fields));
  return withTransaction(db, async (tx) => {
    const row = await findNoticeForUpdate(tx, id);
    if (!row) throw AppError.notFound();
    if (row.publishStatus !== NOTICE_STATUS.DRAFT) throw stateError('notices.notDraft');
    const saved = await updateNotice(tx, id, fields);
    if (!saved) throw AppError.notFound();
    return toForm(saved);
  });
}

/**
 * Publishes a draft (or a revoked notice again): the caller becomes its publisher, its reader
 * rows start again (one unread row per chosen user; none for "all"), and once committed, the
 * online targets are told: chosen users on their `/user/queue/message`, everyone through the
 * `/topic/notice` topic (one message, not one per user).
 */
export async function publishNotice(
  db: AppDatabase,
  caller: SessionUser,
  id: number,
): Promise<{ news: TNoticeNews; targetType: number; targetUserIds: number[] }> {
  const published = await withTransaction(db, async (tx) => {
    const row = await findNoticeForUpdate(tx, id);
    if (!row) throw AppError.notFound();
    if (row.publishStatus === NOTICE_STATUS.PUBLISHED) throw stateError('notices.alreadyPublished');
    const saved = await updateNotice(tx, id, {
      publishStatus: NOTICE_STATUS.PUBLISHED,
      publisherId: Number(caller.id),
      publishedAt: new Date(),
      revokedAt: null,
    });
    if (!saved) throw AppError.notFound();
    await resetReaders(tx, saved);
    return saved;
  });
  return {
    news: {
      id: String(published.id),
      type: published.type,
      title: published.title,
      publishTime: formatDateTime(published.publishedAt ?? new Date()),
    },
    targetType: published.targetType,
    targetUserIds: published.targetUserIds,
  };
}

/** Withdraws a published notice: readers stop seeing it, and unread rows go. */
export async function revokeNotice(db: AppDatabase, id: number): Promise<void> {
  await withTransaction(db, async (tx) => {
    const row = await findNoticeForUpdate(tx, id);
    if (!row) throw AppError.notFound();
    if (row.publishStatus !== NOTICE_STATUS.PUBLISHED) throw stateError('notices.notPublished');
    await updateNotice(tx, id, { publishStatus: NOTICE_STATUS.REVOKED, revokedAt: new Date() });
    await deleteUnreadReaders(tx, id);
  });
}

/** All or nothing: an unknown id stops the whole batch. */
export async function removeNotices(db: AppDatabase, ids: number[]): Promise<void> {
  await withTransaction(db, async (tx) => {
    const found = await findNoticesForUpdate(tx, ids);
    if (found.length !== ids.length) throw AppError.notFound();
    await deleteNotices(tx, ids);
  });
}

/**
 * A notice as its reader sees it, marked read for them. A user reads only the published notices
 * addressed to them; holders of sys:notice:query read any notice (without it being marked, unless
 * it is addressed to them too). Anything else is "not found", so ids reveal nothing.
 */
export async function readNotice(db: AppDatabase, caller: SessionUser, id: number): Promise<TNoticeDetail> {
  const userId = Number(caller.id);
  const addressed = await isAddressedTo(db, id, userId);
  if (!addressed && !hasPermission(caller, 'sys:notice:query')) throw AppError.notFound();
  const row = await findNotice(db, id);
  if (!row) throw AppError.notFound();
  if (addressed) await markRead(db, id, userId);
  return {
    id: String(row.id),
    title: row.title,
    content: parseStoredRichText(row.content),
    type: row.type,
    level: row.level as TNoticeLevel,
    publisherName: row.publisherName,
    publishStatus: row.publishStatus,
    publishTime: timeOf(row.publishedAt),
  };
}

export async function readAllNotices(db: AppDatabase, caller: SessionUser): Promise<void> {
  await withTransaction(db, (tx) => markAllRead(tx, Number(caller.id)));
}

export async function getMyNoticePage(
  db: AppDatabase,
  caller: SessionUser,
  query: TMyNoticePageQuery,
): Promise<TMyNoticePage> {
  const { rows, total } = await pageMyNotices(db, Number(caller.id), query);
  return {
    total,
    list: rows.map((row) => ({
      id: String(row.id),
      title: row.title,
      type: row.type,
      level: row.level as TNoticeLevel,
      publisherName: row.publisherName,
      publishTime: timeOf(row.publishedAt),
      isRead: row.isRead ? 1 : 0,
    })),
  };
}

export async function getUnreadCount(db: AppDatabase, caller: SessionUser): Promise<{ count: number }> {
  return { count: await countUnread(db, Number(caller.id)) };
}
