import fp from 'fastify-plugin';
import { dashboardRoutes, usersRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import {
  getDashboardProducts,
  getDashboardProductVariants,
  getDashboardSeries,
  getDashboardSources,
  getDashboardSummary,
  updateTimeZone,
} from './dashboard.service';

/** The creator's dashboard (`#/index`): only the caller's own shop, from the roll-ups. */
async function registerDashboard(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = dashboardRoutes;
  registerRoute(app, r.summary, ({ query, caller }) => getDashboardSummary(db, Number(caller.id), query));
  registerRoute(app, r.series, ({ query, caller }) => getDashboardSeries(db, Number(caller.id), query));
  registerRoute(app, r.sources, ({ query, caller }) => getDashboardSources(db, Number(caller.id), query));
  registerRoute(app, r.products, ({ query, request, caller }) =>
    getDashboardProducts(db, Number(caller.id), request.lang, query),
  );
  registerRoute(app, r.productVariants, ({ params, query, request, caller }) =>
    getDashboardProductVariants(db, Number(caller.id), request.lang, Number(params.productId), query),
  );
  registerRoute(app, usersRoutes.updateTimeZone, ({ body, caller }) =>
    updateTimeZone(db, Number(caller.id), body),
  );
}

export const dashboardModule = fp(registerDashboard, {
  name: 'dashboard',
  dependencies: [],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
