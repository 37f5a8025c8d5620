import { storefrontRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import { PAGE_CACHE_MS, storefrontPages } from './storefront-pages';
import { createStorefrontService } from './storefront.service';

/** The public storefront: shop pages' HTML and their data. */
export async function storefrontModule(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const cacheMs = app.config.env === 'test' ? 0 : PAGE_CACHE_MS;
  const service = createStorefrontService({ db, cacheMs });
  const r = storefrontRoutes;
  registerRoute(app, r.page, ({ params, request }) => service.page(params.slug, request.lang));
  registerRoute(app, r.products, ({ params, query, request }) =>
    service.products(params.slug, request.lang, query),
  );
  registerRoute(app, r.product, ({ params, request }) =>
    service.product(params.slug, request.lang, Number(params.id)),
  );
  registerRoute(app, r.reviews, ({ params, query }) =>
    service.reviews(params.slug, Number(params.id), query),
  );
  storefrontPages(app, { config: app.config, service, cacheMs });
}
