import fp from 'fastify-plugin';
import { dictItemsRoutes, dictsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import {
  getDictForm,
  getDictItemForm,
  getDictItemPage,
  getDictList,
  getDictOptions,
  getDictPage,
  removeDictItems,
  removeDicts,
  saveDict,
  saveDictItem,
} from './dicts.service';

/** Dictionaries and their items (console), and the list and options every form reads. */
async function registerDicts(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const d = dictsRoutes;
  registerRoute(app, d.page, ({ query }) => getDictPage(db, query));
  registerRoute(app, d.list, ({ request }) => getDictList(db, request.lang));
  registerRoute(app, d.form, ({ params }) => getDictForm(db, Number(params.id)));
  registerRoute(app, d.create, ({ body }) => saveDict(db, null, body));
  registerRoute(app, d.update, ({ params, body }) => saveDict(db, Number(params.id), body));
  registerRoute(app, d.delete, async ({ params }) => {
    await removeDicts(db, params.ids.map(Number));
    return null;
  });

  const i = dictItemsRoutes;
  registerRoute(app, i.page, ({ query }) => getDictItemPage(db, query));
  registerRoute(app, i.form, ({ params }) => getDictItemForm(db, Number(params.id)));
  registerRoute(app, i.create, ({ body }) => saveDictItem(db, null, body));
  registerRoute(app, i.update, ({ params, body }) => saveDictItem(db, Number(params.id), body));
  registerRoute(app, i.delete, async ({ params }) => {
    await removeDictItems(db, params.ids.map(Number));
    return null;
  });
  registerRoute(app, i.options, ({ params, request }) => getDictOptions(db, request.lang, params.dictCode));
}

export const dictsModule = fp(registerDicts, {
  name: 'dicts',
  dependencies: [],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
