import { defineRoutes } from '../platform/route';
import {
  ZStorefrontEventAnswer,
  ZStorefrontEventBatch,
  ZStorefrontPage,
  ZStorefrontProductDetail,
  ZStorefrontProductPage,
  ZStorefrontProductParams,
  ZStorefrontProductsQuery,
  ZStorefrontReviewPage,
  ZStorefrontReviewsQuery,
  ZStorefrontSlugParams,
} from './storefront.schema';

const tags = ['storefront'] as const;
const open = { public: true } as const;

/** The buyer's side of a shop: public, read-only apart from the event batches. */
export const storefrontRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/public/shops/:slug/page',
    summary: "A shop's first page: shop, categories, first products, display currencies",
    tags,
    params: ZStorefrontSlugParams,
    response: ZStorefrontPage,
    access: open,
  },
  products: {
    method: 'GET',
    path: '/api/v1/public/shops/:slug/products',
    summary: "A page of a shop's shown products, optionally in one category or matching keywords",
    tags,
    params: ZStorefrontSlugParams,
    query: ZStorefrontProductsQuery,
    response: ZStorefrontProductPage,
    access: open,
  },
  product: {
    method: 'GET',
    path: '/api/v1/public/shops/:slug/products/:id',
    summary: 'A product page: images, description, price, rating and the first reviews',
    tags,
    params: ZStorefrontProductParams,
    response: ZStorefrontProductDetail,
    access: open,
  },
  reviews: {
    method: 'GET',
    path: '/api/v1/public/shops/:slug/products/:id/reviews',
    summary: "A page of a product's published reviews, newest first",
    tags,
    params: ZStorefrontProductParams,
    query: ZStorefrontReviewsQuery,
    response: ZStorefrontReviewPage,
    access: open,
  },
  events: {
    method: 'POST',
    path: '/api/v1/public/events',
    summary: "A batch of a buyer's views, clicks and add-to-carts for the creator's analytics",
    tags,
    body: ZStorefrontEventBatch,
    response: ZStorefrontEventAnswer,
    access: open,
  },
});
