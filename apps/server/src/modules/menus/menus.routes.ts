import fp from 'fastify-plugin';
import { menusRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import {
  deleteMenuTree,
  getMenuForm,
  listMenuOptions,
  listMenuTree,
  routesFor,
  saveMenu,
  setMenuVisible,
} from './menus.service';

async function registerMenus(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  registerRoute(app, menusRoutes.routes, ({ caller }) => routesFor(db, caller));
  registerRoute(app, menusRoutes.list, ({ query }) => listMenuTree(db, query.keywords));
  registerRoute(app, menusRoutes.options, ({ query }) => listMenuOptions(db, query.onlyParent === 'true'));
  registerRoute(app, menusRoutes.form, ({ params }) => getMenuForm(db, Number(params.id)));
  registerRoute(app, menusRoutes.create, ({ body }) => saveMenu(db, null, body));
  registerRoute(app, menusRoutes.update, ({ params, body }) => saveMenu(db, Number(params.id), body));
  registerRoute(app, menusRoutes.remove, async ({ params }) => {
    await deleteMenuTree(db, Number(params.id));
    return null;
  });
  registerRoute(app, menusRoutes.setVisible, async ({ params, query }) => {
    await setMenuVisible(db, Number(params.id), query.visible === '1' ? 1 : 0);
    return null;
  });
}

export const menusModule = fp(registerMenus, {
  name: 'menus',
  dependencies: [],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
