import fp from 'fastify-plugin';
import { reviewsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import { moderateReviews, pageReviewList, removeReviews } from './reviews.service';

async function registerReviews(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = reviewsRoutes;
  registerRoute(app, r.page, ({ query, request }) => pageReviewList(db, request.lang, query));
  registerRoute(app, r.moderate, async ({ body }) => {
    await moderateReviews(db, body.ids.map(Number), body.status);
    return null;
  });
  registerRoute(app, r.delete, async ({ params }) => {
    await removeReviews(db, params.ids.map(Number));
    return null;
  });
}

export const reviewsModule = fp(registerReviews, {
  name: 'reviews',
  dependencies: [],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
