import { menusRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors/app-error';
import { registerRoute } from '../../platform/http/routes';
import { routesFor } from './menus.service';

export async function menusModule(app: FastifyInstance): Promise<void> {
  registerRoute(app, menusRoutes.routes, ({ request }) => {
    if (!request.user) throw AppError.accessTokenInvalid();
    return routesFor(app.database.db, request.user);
  });
}
