import fp from 'fastify-plugin';
import { storefrontRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ChangeEvent } from '../../platform/db/changes';
import { createAnswerCache, type AnswerCache } from '../../platform/http/answer-cache';
import { registerRoute } from '../../platform/http/routes';
import { storefrontPages } from './storefront-pages';
import { slugsOfShop } from './storefront.repository';
import { createStorefrontService } from './storefront.service';

/** The public storefront: shop pages' HTML and their data. */
async function registerStorefront(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const cacheMs = app.config.storefrontCacheMs;
  const service = createStorefrontService({ db });
  // Every public read a buyer makes, as sent: a shared link's burst costs one query per page.
  const answers = createAnswerCache({
    scope: 'public',
    ttlMs: cacheMs,
    // The shop in the URL: a change to a shop forgets that shop's answers (decision 0031).
    tagOf: (request) => (request.params as { slug?: string }).slug ?? '',
    // Changes are forgotten through the feed: without it, nothing is served from the cache.
    usable: () => app.changes.live,
  });

  const cache = { cache: answers };
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
  const pages = storefrontPages(app, {
    config: app.config,
    service,
    cacheMs,
    live: () => app.changes.live,
  });
  forgetOnChange(app, answers, pages);
}

/** A shop's rows a buyer sees (its settings, products, categories, prices, banners, slugs). */
const SHOP_TABLES = new Set([
  'shops',
  'shop_products',
  'shop_variant_prices',
  'shop_categories',
  'shop_category_prices',
  'shop_banners',
  'shop_slug_history',
]);
/** The platform's rows every shop shows. */
const PLATFORM_TABLES = new Set([
  'products',
  'product_variants',
  'product_options',
  'product_option_values',
  'product_images',
  'categories',
  'category_size_guides',
  'reviews',
  'countries',
  'configs',
  'platform_banners',
]);

/**
 * Forgets stored answers when what they show changes (decision 0031): a shop's answers when the
 * creator or an operator saves the shop, a product's page when its stock changes, all of them
 * when the catalogue or the platform's settings change or the feed was down. Orders and
 * payments are not news to a buyer.
 */
export function forgetOnChange(
  app: FastifyInstance,
  answers: Pick<AnswerCache, 'forget' | 'forgetUrls' | 'clear'>,
  pages: Pick<AnswerCache, 'forget' | 'clear'> & { forgetProduct(id: string): void },
): void {
  const forgetShop = async (shopId: number) => {
    for (const slug of await slugsOfShop(app.database.db, shopId)) {
      answers.forget(slug);
      pages.forget(slug);
    }
  };
  const unsubscribe = app.changes.subscribe((event: ChangeEvent) => {
    if (event !== 'reset' && event.table === 'product_variants.stock' && event.rowId) {
      // Only a product's own page shows its stock (lists say in or out of stock, told as products).
      const id = event.rowId;
      const page = new RegExp(`/products/${id}(?:[/?]|$)`);
      answers.forgetUrls((url) => page.test(url));
      pages.forgetProduct(id);
      return;
    }
    if (event === 'reset' || PLATFORM_TABLES.has(event.table)) {
      answers.clear();
      pages.clear();
      return;
    }
    if (!SHOP_TABLES.has(event.table) || !event.shopId) return;
    forgetShop(Number(event.shopId)).catch((err: unknown) => {
      // Not knowing which answers to forget, forget them all.
      app.log.error({ err }, 'Could not find the slugs of a changed shop');
      answers.clear();
      pages.clear();
    });
  });
  app.addHook('onClose', async () => unsubscribe());
}

export const storefrontModule = fp(registerStorefront, {
  name: 'storefront',
  dependencies: ['changes'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
