import fp from 'fastify-plugin';
import { deptsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import { getDeptForm, listDeptOptions, listDeptTree, removeDepts, saveDept } from './depts.service';

async function registerDepts(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = deptsRoutes;
  registerRoute(app, r.list, ({ query }) => listDeptTree(db, query));
  registerRoute(app, r.options, () => listDeptOptions(db));
  registerRoute(app, r.form, ({ params }) => getDeptForm(db, Number(params.id)));
  registerRoute(app, r.create, ({ body }) => saveDept(db, null, body));
  registerRoute(app, r.update, ({ params, body }) => saveDept(db, Number(params.id), body));
  registerRoute(app, r.delete, async ({ params }) => {
    await removeDepts(db, params.ids.map(Number));
    return null;
  });
}

export const deptsModule = fp(registerDepts, {
  name: 'depts',
  dependencies: [],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
