import { defineRoutes } from '../platform/route';
import { ZRouteTree } from './menus.schema';

export const menusRoutes = defineRoutes({
  routes: {
    method: 'GET',
    path: '/api/v1/menus/routes',
    summary: "The caller's console route tree (catalogs, pages and links their roles grant)",
    tags: ['menus'],
    response: ZRouteTree,
    access: { permission: null },
  },
});
