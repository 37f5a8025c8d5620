import { noticesRoutes, usersRoutes, type TNoticeForm, type TNoticeRequestInput } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** What a change to a notice makes stale: the list, and (publish, revoke, delete) every reader's bell. */
const NOTICE_READS = [noticesRoutes.page, noticesRoutes.unreadCount, noticesRoutes.myPage];

export function loadNoticeForm(id: string): Promise<TNoticeForm> {
  return callRoute(noticesRoutes.form, { params: { id } });
}

/** Adds a draft, or edits draft `id`. */
export function useSaveNotice() {
  return useRouteMutation({
    mutationFn: ({ values, id }: { values: TNoticeRequestInput; id: string | undefined }) =>
      id === undefined
        ? callRoute(noticesRoutes.create, { body: values })
        : callRoute(noticesRoutes.update, { params: { id }, body: values }),
    invalidates: [noticesRoutes.page],
  });
}

export function usePublishNotice() {
  return useRouteMutation({
    mutationFn: (id: string) => callRoute(noticesRoutes.publish, { params: { id } }),
    invalidates: NOTICE_READS,
  });
}

export function useRevokeNotice() {
  return useRouteMutation({
    mutationFn: (id: string) => callRoute(noticesRoutes.revoke, { params: { id } }),
    invalidates: NOTICE_READS,
  });
}

export function useDeleteNotices() {
  return useRouteMutation({
    mutationFn: (ids: readonly string[]) =>
      callRoute(noticesRoutes.delete, { params: { ids: ids.join(',') } }),
    invalidates: NOTICE_READS,
  });
}

/** Users matching `keywords` for the "chosen users" picker (first 20). */
export const userPickQuery = (keywords: string) =>
  routeQueryOptions(usersRoutes.page, { query: { pageNum: 1, pageSize: 20, keywords } });
