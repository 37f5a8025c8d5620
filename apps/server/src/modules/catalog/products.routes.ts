import fp from 'fastify-plugin';
import { productsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import {
  getProductForm,
  pageProductList,
  removeProduct,
  saveProduct,
  setProductStatus,
} from './products.service';
import { LOW_STOCK_SETTING } from '@linkstore/contract';
import { getProductVariants, lowStockThreshold, pageLowStock, saveProductVariants } from './variants.service';

async function registerProducts(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = productsRoutes;
  registerRoute(app, r.page, ({ query, request }) => pageProductList(db, request.lang, query));
  registerRoute(app, r.form, ({ params }) => getProductForm(db, Number(params.id)));
  registerRoute(app, r.create, ({ body }) => saveProduct(db, null, body));
  registerRoute(app, r.update, ({ params, body }) => saveProduct(db, Number(params.id), body));
  registerRoute(app, r.delete, async ({ params }) => {
    await removeProduct(db, Number(params.id));
    return null;
  });
  registerRoute(app, r.variants, ({ params }) => getProductVariants(db, Number(params.id)));
  registerRoute(app, r.saveVariants, ({ params, body }) => saveProductVariants(db, Number(params.id), body));
  registerRoute(app, r.lowStock, ({ query, request }) =>
    pageLowStock(db, request.lang, lowStockThreshold(app.configValues.get(LOW_STOCK_SETTING)), query),
  );
  registerRoute(app, r.status, async ({ params, query }) => {
    await setProductStatus(db, Number(params.id), query.status);
    return null;
  });
}

export const productsModule = fp(registerProducts, {
  name: 'products',
  dependencies: ['configs'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
