import { rolesRoutes } from '@linkstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error';
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
  type Caller,
} from './roles.service';

/** The access guard has already refused visitors; this only narrows the type. */
function callerOf(request: FastifyRequest): Caller {
  if (!request.user) throw AppError.accessTokenInvalid();
  return request.user;
}

export async function rolesModule(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const r = rolesRoutes;
  registerRoute(app, r.page, ({ query, request }) => getRolePage(db, query, callerOf(request)));
  registerRoute(app, r.options, ({ request }) => getRoleOptions(db, callerOf(request)));
  registerRoute(app, r.form, ({ params, request }) => getRoleForm(db, Number(params.id), callerOf(request)));
  registerRoute(app, r.create, ({ body, request }) => createRole(db, body, request.lang));
  registerRoute(app, r.update, ({ params, body, request }) =>
    editRole(db, Number(params.id), body, request.lang),
  );
  registerRoute(app, r.delete, async ({ params }) => {
    await removeRoles(db, params.ids.map(Number));
    return null;
  });
  registerRoute(app, r.status, async ({ params, query }) => {
    await setRoleStatus(db, Number(params.id), query.status);
    return null;
  });
  registerRoute(app, r.menuIds, ({ params, request }) =>
    getRoleMenuIds(db, Number(params.id), callerOf(request)),
  );
  registerRoute(app, r.assignMenus, async ({ params, body, request }) => {
    await assignRoleMenus(db, Number(params.id), body.map(Number), request.lang);
    return null;
  });
}
