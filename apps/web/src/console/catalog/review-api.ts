import { reviewsRoutes } from '@linkstore/contract';
import { callRoute } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The review list is `reviewsRoutes.page` (with `usePagedList`); these are its changes. */

/** Publishes (1) or rejects (2) the reviews. */
export function useModerateReviews() {
  return useRouteMutation({
    mutationFn: ({ ids, status }: { ids: readonly string[]; status: 1 | 2 }) =>
      callRoute(reviewsRoutes.moderate, { body: { ids: [...ids], status } }),
    invalidates: [reviewsRoutes.page],
  });
}

export function useDeleteReviews() {
  return useRouteMutation({
    mutationFn: (ids: readonly string[]) =>
      callRoute(reviewsRoutes.delete, { params: { ids: ids.join(',') } }),
    invalidates: [reviewsRoutes.page],
  });
}
