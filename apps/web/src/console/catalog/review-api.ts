import { reviewsRoutes } from '@linkstore/contract';
import { callRoute } from '../../shared/http/call-route';

/** The review list is `reviewsRoutes.page` (with `usePagedList`); these are its changes. */

/** Publishes (1) or rejects (2) the reviews. */
export function moderateReviews(ids: readonly string[], status: 1 | 2): Promise<null> {
  return callRoute(reviewsRoutes.moderate, { body: { ids: [...ids], status } });
}

export function deleteReviews(ids: readonly string[]): Promise<null> {
  return callRoute(reviewsRoutes.delete, { params: { ids: ids.join(',') } });
}
