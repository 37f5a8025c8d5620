import { NOTICE_QUEUE, NOTICE_TOPIC, noticesRoutes, type TMyNoticePageQueryInput } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../http/call-route';
import { useRouteMutation } from '../http/use-route-mutation';

/** The bell's count of the caller's unread notices. */
export const unreadCountQuery = () => routeQueryOptions(noticesRoutes.unreadCount);

/** A page of the caller's notices ("my notices", and the bell's latest unread five). */
export const myNoticesQuery = (query: TMyNoticePageQueryInput) =>
  routeQueryOptions(noticesRoutes.myPage, { query });

export const noticeDetailQuery = (id: string) => routeQueryOptions(noticesRoutes.detail, { params: { id } });

/** What reading changes: the count, the lists. */
export const READ_STATE_ROUTES = [noticesRoutes.unreadCount, noticesRoutes.myPage] as const;

export function useReadAllNotices() {
  return useRouteMutation({
    mutationFn: () => callRoute(noticesRoutes.readAll),
    invalidates: [...READ_STATE_ROUTES],
  });
}

/** Where the notice pages are: under `/console` in the console, at the top of the studio. */
export interface TNoticePaths {
  list: string;
  detail: (id: string) => string;
}

export const CONSOLE_NOTICE_PATHS: TNoticePaths = {
  list: '/console/my-notice',
  detail: (id) => `/console/my-notice/${id}`,
};

export const STUDIO_NOTICE_PATHS: TNoticePaths = {
  list: '/notices',
  detail: (id) => `/notices/${id}`,
};

/** The live message of a published notice (`/user/queue/message`, `/topic/notice`). */
export const NOTICE_QUEUES = [`/user${NOTICE_QUEUE}`, NOTICE_TOPIC] as const;
