import fp from 'fastify-plugin';
import { shopProductsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import {
  getMyProductVariants,
  getMyShopProduct,
  listMyShopCategories,
  orderMyCategories,
  orderMyProducts,
  pageMyShopProducts,
  setMyProductsVisible,
} from './shop-products.service';

/** The products and categories of the caller's own shop (`#/product`). */
async function registerShopProducts(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = shopProductsRoutes;
  // The caller's own answers, kept until their rows change (decision 0031).
  const mine = { cache: app.privateAnswers };
  registerRoute(
    app,
    r.products,
    ({ query, request, caller }) => pageMyShopProducts(db, request.lang, Number(caller.id), query),
    mine,
  );
  registerRoute(
    app,
    r.product,
    ({ params, request, caller }) => getMyShopProduct(db, request.lang, Number(caller.id), Number(params.id)),
    mine,
  );
  registerRoute(
    app,
    r.variants,
    ({ params, request, caller }) =>
      getMyProductVariants(db, request.lang, Number(caller.id), Number(params.id)),
    mine,
  );
  registerRoute(app, r.visibility, async ({ body, caller }) => {
    await setMyProductsVisible(db, Number(caller.id), body);
    return null;
  });
  registerRoute(app, r.orderProducts, async ({ body, caller }) => {
    await orderMyProducts(db, Number(caller.id), body);
    return null;
  });
  registerRoute(app, r.categories, ({ request, caller }) =>
    listMyShopCategories(db, request.lang, Number(caller.id)),
  );
  registerRoute(app, r.orderCategories, async ({ body, caller }) => {
    await orderMyCategories(db, Number(caller.id), body);
    return null;
  });
}

export const shopProductsModule = fp(registerShopProducts, {
  name: 'shop-products',
  dependencies: ['private-answers'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
