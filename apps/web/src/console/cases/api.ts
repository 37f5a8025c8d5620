import {
  casesRoutes,
  type TCaseAskRequest,
  type TCaseDeclineRequest,
  type TCaseRefundRequest,
  type TCaseReshipRequest,
} from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiClient } from '../../shared/http/api-client';
import { callRoute, fillPath, routeKey, routeQueryOptions } from '../../shared/http/call-route';
import type { TDownload } from '../../shared/http/http-client';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The queue is `casesRoutes.page` (`usePagedList`); one case in full: */
export function caseDetailQuery(id: string) {
  return routeQueryOptions(casesRoutes.detail, { params: { id } });
}

/** What a step on a case makes stale: the queue, the case, and the console's order details. */
const CASE_READS = [casesRoutes.page, casesRoutes.detail];

/**
 * An operator's steps on a case; each dialog shows a refusal itself (isQuiet). A refund and a
 * reship move money or stock: each carries the dialog's Idempotency-Key.
 */
export function useRefundCase() {
  return useRouteMutation({
    mutationFn: ({ id, key, ...body }: TCaseRefundRequest & { id: string; key: string }) =>
      callRoute(casesRoutes.refund, { params: { id }, body }, { isQuiet: true, idempotencyKey: key }),
    invalidates: CASE_READS,
  });
}

export function useReshipCase() {
  return useRouteMutation({
    mutationFn: ({ id, key, ...body }: TCaseReshipRequest & { id: string; key: string }) =>
      callRoute(casesRoutes.reship, { params: { id }, body }, { isQuiet: true, idempotencyKey: key }),
    invalidates: CASE_READS,
  });
}

export function useDeclineCase() {
  return useRouteMutation({
    mutationFn: ({ id, ...body }: TCaseDeclineRequest & { id: string }) =>
      callRoute(casesRoutes.decline, { params: { id }, body }, { isQuiet: true }),
    invalidates: CASE_READS,
  });
}

export function useAskBuyer() {
  return useRouteMutation({
    mutationFn: ({ id, ...body }: TCaseAskRequest & { id: string }) =>
      callRoute(casesRoutes.ask, { params: { id }, body }, { isQuiet: true }),
    invalidates: CASE_READS,
  });
}

/**
 * One of the buyer's photos, fetched with the operator's session (the photos are private: no
 * public address) and shown from an object URL, released when the photo leaves the screen.
 */
export function useCasePhoto(caseId: string, photoId: string): string | undefined {
  const photo = useQuery({
    queryKey: [...routeKey(casesRoutes.photo), caseId, photoId] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.request(fillPath(casesRoutes.photo.path, { id: caseId, photoId }), {
        method: 'GET',
        responseType: 'blob',
        signal,
      })) as TDownload,
    staleTime: Infinity,
  });
  const blob = photo.data?.blob;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
