import fp from 'fastify-plugin';
import { productsRoutes, stockRoutes, XLSX_MIME_TYPE } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerDownloadRoute, registerRoute } from '../../platform/http/routes';
import {
  getProductForm,
  pageProductList,
  removeProduct,
  saveProduct,
  setProductStatus,
} from './products.service';
import { LOW_STOCK_SETTING } from '@linkstore/contract';
import { exportStock, importStock } from './stock.service';
import { getProductVariants, lowStockThreshold, pageLowStock, saveProductVariants } from './variants.service';

const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

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
  registerDownloadRoute(app, stockRoutes.export, async ({ request }) => ({
    filename: `stock-${today()}.xlsx`,
    contentType: XLSX_MIME_TYPE,
    content: await exportStock(db, request.lang),
  }));
  registerRoute(app, stockRoutes.import, ({ body, request }) => importStock(db, body.file, request.lang));
}

export const productsModule = fp(registerProducts, {
  name: 'products',
  dependencies: ['configs'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
