import { shopProductsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import {
  getMyShopProduct,
  listMyShopCategories,
  orderMyCategories,
  orderMyProducts,
  pageMyShopProducts,
  setMyProductsVisible,
} from './shop-products.service';
import { callerId } from './shops.routes';

/** The products and categories of the caller's own shop (`#/product`). */
export async function shopProductsModule(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = shopProductsRoutes;
  registerRoute(app, r.products, ({ query, request }) =>
    pageMyShopProducts(db, request.lang, callerId(request), query),
  );
  registerRoute(app, r.product, ({ params, request }) =>
    getMyShopProduct(db, request.lang, callerId(request), Number(params.id)),
  );
  registerRoute(app, r.visibility, async ({ body, request }) => {
    await setMyProductsVisible(db, callerId(request), body);
    return null;
  });
  registerRoute(app, r.orderProducts, async ({ body, request }) => {
    await orderMyProducts(db, callerId(request), body);
    return null;
  });
  registerRoute(app, r.categories, ({ request }) =>
    listMyShopCategories(db, request.lang, callerId(request)),
  );
  registerRoute(app, r.orderCategories, async ({ body, request }) => {
    await orderMyCategories(db, callerId(request), body);
    return null;
  });
}
