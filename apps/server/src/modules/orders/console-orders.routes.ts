import { consoleOrdersRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import { getConsoleOrder, listConsoleOrders, shipOrders } from './console-orders.service';

/** The console's orders of every shop (`commerce/orders`) and fulfilment. */
export function registerConsoleOrderRoutes(app: FastifyInstance): void {
  const { db } = app.database;
  const r = consoleOrdersRoutes;
  registerRoute(app, r.page, ({ query }) => listConsoleOrders(db, query));
  registerRoute(app, r.detail, ({ params, request }) => getConsoleOrder(db, request.lang, params.orderNo));
  registerRoute(app, r.ship, ({ body, caller }) =>
    shipOrders({ db, mailer: app.mailer, log: app.log }, Number(caller.id), body),
  );
}
