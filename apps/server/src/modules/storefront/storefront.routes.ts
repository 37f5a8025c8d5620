import { storefrontRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { createAnswerCache } from '../../platform/http/answer-cache';
import { registerRoute } from '../../platform/http/routes';
import { storefrontPages } from './storefront-pages';
import { createStorefrontService } from './storefront.service';

/** The public storefront: shop pages' HTML and their data. */
export async function storefrontModule(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const cacheMs = app.config.storefrontCacheMs;
  const service = createStorefrontService({ db });
  // Every public read a buyer makes, as sent: a shared link's burst costs one query per page.
  const cache = { cache: createAnswerCache(cacheMs) };
  const r = storefrontRoutes;
  registerRoute(app, r.page, ({ params, request }) => service.page(params.slug, request.lang), cache);
  registerRoute(
    app,
    r.products,
    ({ params, query, request }) => service.products(params.slug, request.lang, query),
    cache,
  );
  registerRoute(
    app,
    r.product,
    ({ params, request }) => service.product(params.slug, request.lang, Number(params.id)),
    cache,
  );
  registerRoute(
    app,
    r.reviews,
    ({ params, query }) => service.reviews(params.slug, Number(params.id), query),
    cache,
  );
  storefrontPages(app, { config: app.config, service, cacheMs });
}
