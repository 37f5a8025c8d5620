import fp from 'fastify-plugin';
import { shopsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import { paypalBindingModule } from './paypal-binding.routes';
import {
  checkSlug,
  createMyBanner,
  createShop,
  deleteMyBanner,
  getMyShop,
  getPublicShop,
  keepMyPrices,
  listMyBanners,
  markMyLinkShared,
  orderMyBanners,
  updateMyBanner,
  updateMyShop,
} from './shops.service';

/** Every shop endpoint but the public one works on the caller's own shop. */
async function registerShops(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = shopsRoutes;
  registerRoute(app, r.mine, ({ caller }) => getMyShop(db, Number(caller.id)), {
    cache: app.privateAnswers,
  });
  registerRoute(app, r.create, ({ body, caller }) => createShop(db, Number(caller.id), body));
  registerRoute(app, r.update, ({ body, request, caller }) =>
    updateMyShop(db, Number(caller.id), body, request.lang),
  );
  registerRoute(app, r.markShared, ({ caller }) => markMyLinkShared(db, Number(caller.id)));
  registerRoute(app, r.keepPrices, ({ caller }) => keepMyPrices(db, Number(caller.id)));
  registerRoute(app, r.slugCheck, ({ query, caller }) =>
    checkSlug(db, app.limiter, Number(caller.id), query.slug),
  );
  registerRoute(app, r.banners, ({ caller }) => listMyBanners(db, Number(caller.id)));
  registerRoute(app, r.createBanner, ({ body, caller }) => createMyBanner(db, Number(caller.id), body));
  registerRoute(app, r.orderBanners, ({ body, caller }) => orderMyBanners(db, Number(caller.id), body));
  registerRoute(app, r.updateBanner, ({ params, body, caller }) =>
    updateMyBanner(db, Number(caller.id), Number(params.id), body),
  );
  registerRoute(app, r.deleteBanner, async ({ params, caller }) => {
    await deleteMyBanner(db, Number(caller.id), Number(params.id));
    return null;
  });
  registerRoute(app, r.publicShop, ({ params }) => getPublicShop(db, params.slug));
  paypalBindingModule(app);
}

export const shopsModule = fp(registerShops, {
  name: 'shops',
  dependencies: ['private-answers', 'rate-limit'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
