import { ordersRoutes } from '@linkstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error';
import { registerRoute } from '../../platform/http/routes';
import { getMyOrder, listMyOrders } from './orders.service';

function callerId(request: FastifyRequest): number {
  if (!request.user) throw AppError.accessTokenInvalid();
  return Number(request.user.id);
}

/** The creator's own orders (`#/order`): every query is scoped to the caller. */
export async function ordersModule(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = ordersRoutes;
  registerRoute(app, r.list, ({ query, request }) =>
    listMyOrders(db, request.lang, callerId(request), query),
  );
  registerRoute(app, r.detail, ({ params, request }) =>
    getMyOrder(db, request.lang, callerId(request), params.orderNo),
  );
}
