import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZMyNoticePage,
  ZMyNoticePageQuery,
  ZNoticeDetail,
  ZNoticeForm,
  ZNoticeIdParams,
  ZNoticeIdsParams,
  ZNoticePage,
  ZNoticePageQuery,
  ZNoticeRequest,
  ZUnreadCount,
} from './notices.schema';

const tags = ['notice'] as const;

/**
 * Operators' notices (console-api.md "Notices"): written as drafts, published to every user or
 * to chosen ones (pushed live), revoked, deleted; each signed-in user reads their own.
 */
export const noticesRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/notices/page',
    summary: 'Notices, a page at a time, by title, publish status and publish time',
    tags,
    query: ZNoticePageQuery,
    response: ZNoticePage,
    access: { permission: 'sys:notice:query' },
  },
  create: {
    method: 'POST',
    path: '/api/v1/notices',
    summary: 'Writes a draft notice',
    tags,
    body: ZNoticeRequest,
    response: ZNoticeForm,
    access: { permission: 'sys:notice:add' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/notices/:id',
    summary: 'Edits a notice while it is a draft',
    tags,
    params: ZNoticeIdParams,
    body: ZNoticeRequest,
    response: ZNoticeForm,
    access: { permission: 'sys:notice:edit' },
  },
  form: {
    method: 'GET',
    path: '/api/v1/notices/:id/form',
    summary: "A notice's form data",
    tags,
    params: ZNoticeIdParams,
    response: ZNoticeForm,
    access: { permission: 'sys:notice:edit' },
  },
  publish: {
    method: 'PUT',
    path: '/api/v1/notices/:id/publish',
    summary: 'Publishes a draft or revoked notice to its targets and tells the online ones live',
    tags,
    params: ZNoticeIdParams,
    response: z.null(),
    access: { permission: 'sys:notice:publish' },
  },
  revoke: {
    method: 'PUT',
    path: '/api/v1/notices/:id/revoke',
    summary: 'Withdraws a published notice; its readers no longer see it',
    tags,
    params: ZNoticeIdParams,
    response: z.null(),
    access: { permission: 'sys:notice:revoke' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/notices/:ids',
    summary: 'Deletes notices by comma-joined ids, all or none',
    tags,
    params: ZNoticeIdsParams,
    response: z.null(),
    access: { permission: 'sys:notice:delete' },
  },
  detail: {
    method: 'GET',
    path: '/api/v1/notices/:id/detail',
    summary: 'A notice addressed to the caller (any notice with sys:notice:query); marks it read',
    tags,
    params: ZNoticeIdParams,
    response: ZNoticeDetail,
    access: { permission: null },
  },
  readAll: {
    method: 'PUT',
    path: '/api/v1/notices/read-all',
    summary: "Marks all of the caller's notices read",
    tags,
    response: z.null(),
    access: { permission: null },
  },
  myPage: {
    method: 'GET',
    path: '/api/v1/notices/my-page',
    summary: "The caller's published notices with their read state, newest first",
    tags,
    query: ZMyNoticePageQuery,
    response: ZMyNoticePage,
    access: { permission: null },
  },
  unreadCount: {
    method: 'GET',
    path: '/api/v1/notices/unread-count',
    summary: "How many of the caller's notices are unread (the bell)",
    tags,
    response: ZUnreadCount,
    access: { permission: null },
  },
});
