import fp from 'fastify-plugin';
import { categoriesRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import {
  getCategoryForm,
  listCategoryOptions,
  listCategoryTree,
  removeCategory,
  saveCategory,
  setCategoryStatus,
} from './categories.service';

async function registerCategories(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = categoriesRoutes;
  registerRoute(app, r.tree, ({ query, request }) => listCategoryTree(db, request.lang, query));
  registerRoute(app, r.options, ({ query, request }) => listCategoryOptions(db, request.lang, query));
  registerRoute(app, r.form, ({ params }) => getCategoryForm(db, Number(params.id)));
  registerRoute(app, r.create, ({ body }) => saveCategory(db, null, body));
  registerRoute(app, r.update, ({ params, body }) => saveCategory(db, Number(params.id), body));
  registerRoute(app, r.delete, async ({ params }) => {
    await removeCategory(db, Number(params.id));
    return null;
  });
  registerRoute(app, r.status, async ({ params, query }) => {
    await setCategoryStatus(db, Number(params.id), query.status);
    return null;
  });
}

export const categoriesModule = fp(registerCategories, {
  name: 'categories',
  dependencies: [],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
