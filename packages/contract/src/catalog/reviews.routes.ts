import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import { ZReviewIdsParams, ZReviewModerateRequest, ZReviewPage, ZReviewPageQuery } from './reviews.schema';

const tags = ['catalogue'] as const;

/** Moderation of product reviews (operators, in the console). Buyers write them; operators do not. */
export const reviewsRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/catalog/reviews',
    summary: 'Reviews, a page at a time, by status, product keywords and rating; newest first',
    tags,
    query: ZReviewPageQuery,
    response: ZReviewPage,
    access: { permission: 'catalog:review:query' },
  },
  moderate: {
    method: 'PUT',
    path: '/api/v1/catalog/reviews/status',
    summary: 'Publishes (1) or rejects (2) reviews by ids, all or none',
    tags,
    body: ZReviewModerateRequest,
    response: z.null(),
    access: { permission: 'catalog:review:moderate' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/catalog/reviews/:ids',
    summary: 'Deletes reviews by comma-joined ids, all or none',
    tags,
    params: ZReviewIdsParams,
    response: z.null(),
    access: { permission: 'catalog:review:delete' },
  },
});
