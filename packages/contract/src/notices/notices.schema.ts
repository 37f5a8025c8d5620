import { z } from 'zod';
import { ZDayOrDateTime, ZDayOrDateTimeRange } from '../platform/days';
import { ZPage, ZPageQuery } from '../platform/page';
import { isEmptyDoc, ZRichDoc } from '../platform/rich-text';

/** A notice (or user) id on the wire: a digit string (the table's bigint), a safe integer. */
export const ZNoticeId = z.string().regex(/^[1-9]\d{0,14}$/);

export const ZNoticeIdParams = z.object({ id: ZNoticeId });
export type TNoticeIdParams = z.infer<typeof ZNoticeIdParams>;

/** Batch delete: `DELETE /notices/3,4` — comma-joined ids, at most 100. */
export const ZNoticeIdsParams = z.object({
  ids: z
    .string()
    .max(1600)
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,99}$/)
    .transform((value) => [...new Set(value.split(','))]),
});
export type TNoticeIdsParams = z.infer<typeof ZNoticeIdsParams>;

/** Low, medium, high (the `notice_level` dictionary). */
export const NOTICE_LEVELS = ['L', 'M', 'H'] as const;
export const ZNoticeLevel = z.enum(NOTICE_LEVELS);
export type TNoticeLevel = z.infer<typeof ZNoticeLevel>;

/** 1: every user; 2: the users in `targetUserIds`. */
export const NOTICE_TARGET = { ALL: 1, SPECIFIED: 2 } as const;
/** 0 draft, 1 published, -1 revoked. */
export const NOTICE_STATUS = { DRAFT: 0, PUBLISHED: 1, REVOKED: -1 } as const;

/** Most users one notice can be addressed to by name (more: address it to everyone). */
export const NOTICE_MAX_TARGETS = 1000;

/** The live message a target receives on `/user/queue/message` (or `/topic/notice` for all). */
export const NOTICE_QUEUE = '/queue/message';
export const NOTICE_TOPIC = '/topic/notice';
export const ZNoticeNews = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  publishTime: z.string(),
});
export type TNoticeNews = z.infer<typeof ZNoticeNews>;

/**
 * `GET /notices/page`: title contains, publish status, publish time range as
 * `publishTime[]=from&publishTime[]=to` or upstream's `publishTime[0]=…&publishTime[1]=…` (a bare
 * date as the end covers the whole day).
 */
export const ZNoticePageQuery = ZPageQuery.extend({
  title: z.string().trim().max(50).optional(),
  publishStatus: z
    .enum(['0', '1', '-1'])
    .transform((value) => Number(value))
    .optional(),
  publishTime: ZDayOrDateTimeRange.optional(),
  'publishTime[]': ZDayOrDateTimeRange.optional(),
  'publishTime[0]': ZDayOrDateTime.optional(),
  'publishTime[1]': ZDayOrDateTime.optional(),
}).transform((raw) => {
  const range = raw.publishTime ?? raw['publishTime[]'];
  const times = Array.isArray(range)
    ? range
    : range !== undefined
      ? [range]
      : [raw['publishTime[0]'] ?? '', raw['publishTime[1]'] ?? ''];
  return {
    pageNum: raw.pageNum,
    pageSize: raw.pageSize,
    title: raw.title || undefined,
    publishStatus: raw.publishStatus,
    publishedFrom: times[0] || undefined,
    publishedTo: times[1] || undefined,
  };
});
export type TNoticePageQuery = z.output<typeof ZNoticePageQuery>;
export type TNoticePageQueryInput = z.input<typeof ZNoticePageQuery>;

/** Datetimes are `yyyy-MM-dd HH:mm:ss` (UTC), null when it has not happened. */
export const ZNoticePageItem = z.object({
  id: z.string(),
  title: z.string(),
  publishStatus: z.number().int(),
  type: z.string(),
  level: ZNoticeLevel,
  targetType: z.number().int(),
  publisherName: z.string().nullable(),
  publishTime: z.string().nullable(),
  revokeTime: z.string().nullable(),
  createTime: z.string(),
});
export type TNoticePageItem = z.infer<typeof ZNoticePageItem>;
export const ZNoticePage = ZPage(ZNoticePageItem);
export type TNoticePage = z.infer<typeof ZNoticePage>;

/** Create and edit body. Addressed to chosen users (2), it needs at least one. */
export const ZNoticeRequest = z
  .object({
    title: z.string().trim().min(1).max(100),
    content: ZRichDoc.refine((doc) => !isEmptyDoc(doc), { error: 'validation.required' }),
    type: z
      .string()
      .trim()
      .min(1)
      .max(32)
      .regex(/^[A-Za-z0-9_-]+$/),
    level: ZNoticeLevel,
    targetType: z.literal([1, 2]),
    targetUserIds: z.array(ZNoticeId).max(NOTICE_MAX_TARGETS).default([]),
  })
  .refine((body) => body.targetType !== 2 || body.targetUserIds.length > 0, {
    path: ['targetUserIds'],
    error: 'validation.required',
  });
export type TNoticeRequest = z.output<typeof ZNoticeRequest>;
export type TNoticeRequestInput = z.input<typeof ZNoticeRequest>;

export const ZNoticeForm = z.object({
  id: z.string(),
  title: z.string(),
  content: ZRichDoc,
  type: z.string(),
  level: ZNoticeLevel,
  targetType: z.literal([1, 2]),
  targetUserIds: z.array(z.string()),
  publishStatus: z.number().int(),
});
export type TNoticeForm = z.infer<typeof ZNoticeForm>;

/** A notice as its reader sees it (opening it marks it read). */
export const ZNoticeDetail = z.object({
  id: z.string(),
  title: z.string(),
  content: ZRichDoc,
  type: z.string(),
  level: ZNoticeLevel,
  publisherName: z.string().nullable(),
  publishStatus: z.number().int(),
  publishTime: z.string().nullable(),
});
export type TNoticeDetail = z.infer<typeof ZNoticeDetail>;

/** "My notices": the caller's published notices, newest first; `isRead` 1 or 0. */
export const ZMyNoticePageQuery = ZPageQuery.extend({
  title: z.string().trim().max(50).optional(),
  isRead: z
    .enum(['0', '1'])
    .transform((value) => Number(value))
    .optional(),
});
export type TMyNoticePageQuery = z.output<typeof ZMyNoticePageQuery>;
export type TMyNoticePageQueryInput = z.input<typeof ZMyNoticePageQuery>;

export const ZMyNoticeItem = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  level: ZNoticeLevel,
  publisherName: z.string().nullable(),
  publishTime: z.string().nullable(),
  isRead: z.number().int(),
});
export type TMyNoticeItem = z.infer<typeof ZMyNoticeItem>;
export const ZMyNoticePage = ZPage(ZMyNoticeItem);
export type TMyNoticePage = z.infer<typeof ZMyNoticePage>;

export const ZUnreadCount = z.object({ count: z.number().int().min(0) });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;
