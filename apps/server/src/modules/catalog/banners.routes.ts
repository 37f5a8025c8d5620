import fp from 'fastify-plugin';
import { bannersRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import { getBannerForm, pageBannerList, removeBanners, saveBanner, setBannerStatus } from './banners.service';

async function registerBanners(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = bannersRoutes;
  registerRoute(app, r.page, ({ query, request }) => pageBannerList(db, request.lang, query));
  registerRoute(app, r.form, ({ params }) => getBannerForm(db, Number(params.id)));
  registerRoute(app, r.create, ({ body }) => saveBanner(db, null, body));
  registerRoute(app, r.update, ({ params, body }) => saveBanner(db, Number(params.id), body));
  registerRoute(app, r.delete, async ({ params }) => {
    await removeBanners(db, params.ids.map(Number));
    return null;
  });
  registerRoute(app, r.status, async ({ params, query }) => {
    await setBannerStatus(db, Number(params.id), query.status);
    return null;
  });
}

export const bannersModule = fp(registerBanners, {
  name: 'banners',
  dependencies: [],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
