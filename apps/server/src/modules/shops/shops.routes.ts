import { shopsRoutes } from '@linkstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error';
import { registerRoute } from '../../platform/http/routes';
import {
  createMyBanner,
  createShop,
  deleteMyBanner,
  getMyShop,
  getPublicShop,
  listMyBanners,
  markMyLinkShared,
  orderMyBanners,
  updateMyBanner,
  updateMyShop,
} from './shops.service';

/** The signed-in caller's id: every shop endpoint works on the caller's own shop. */
export function callerId(request: FastifyRequest): number {
  if (!request.user) throw AppError.accessTokenInvalid();
  return Number(request.user.id);
}

export async function shopsModule(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = shopsRoutes;
  registerRoute(app, r.mine, ({ request }) => getMyShop(db, callerId(request)));
  registerRoute(app, r.create, ({ body, request }) => createShop(db, request.lang, callerId(request), body));
  registerRoute(app, r.update, ({ body, request }) =>
    updateMyShop(db, request.lang, callerId(request), body),
  );
  registerRoute(app, r.markShared, ({ request }) => markMyLinkShared(db, callerId(request)));
  registerRoute(app, r.banners, ({ request }) => listMyBanners(db, callerId(request)));
  registerRoute(app, r.createBanner, ({ body, request }) => createMyBanner(db, callerId(request), body));
  registerRoute(app, r.orderBanners, ({ body, request }) => orderMyBanners(db, callerId(request), body));
  registerRoute(app, r.updateBanner, ({ params, body, request }) =>
    updateMyBanner(db, callerId(request), Number(params.id), body),
  );
  registerRoute(app, r.deleteBanner, async ({ params, request }) => {
    await deleteMyBanner(db, callerId(request), Number(params.id));
    return null;
  });
  registerRoute(app, r.publicShop, ({ params }) => getPublicShop(db, params.slug));
}
