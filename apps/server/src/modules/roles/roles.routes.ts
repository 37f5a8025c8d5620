import fp from 'fastify-plugin';
import { rolesRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import {
  assignRoleMenus,
  createRole,
  editRole,
  getRoleForm,
  getRoleMenuIds,
  getRoleOptions,
  getRolePage,
  removeRoles,
  setRoleStatus,
} from './roles.service';

async function registerRoles(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const r = rolesRoutes;
  registerRoute(app, r.page, ({ query, caller }) => getRolePage(db, query, caller));
  registerRoute(app, r.options, ({ caller }) => getRoleOptions(db, caller));
  registerRoute(app, r.form, ({ params, caller }) => getRoleForm(db, Number(params.id), caller));
  registerRoute(app, r.create, ({ body }) => createRole(db, body));
  registerRoute(app, r.update, ({ params, body }) => editRole(db, Number(params.id), body));
  registerRoute(app, r.delete, async ({ params }) => {
    await removeRoles(db, params.ids.map(Number));
    return null;
  });
  registerRoute(app, r.status, async ({ params, query }) => {
    await setRoleStatus(db, Number(params.id), query.status);
    return null;
  });
  registerRoute(app, r.menuIds, ({ params, caller }) => getRoleMenuIds(db, Number(params.id), caller));
  registerRoute(app, r.assignMenus, async ({ params, body }) => {
    await assignRoleMenus(db, Number(params.id), body.map(Number));
    return null;
  });
}

export const rolesModule = fp(registerRoles, {
  name: 'roles',
  dependencies: [],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
