import { consoleOrdersRoutes, XLSX_MIME_TYPE } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerDownloadRoute, registerRoute } from '../../platform/http/routes';
import {
  getConsoleOrder,
  listConsoleOrders,
  markInProduction,
  shipOrders,
  type OrderRefundsReader,
  type RefundedUnitsReader,
} from './console-orders.service';
import { exportConsoleOrders, readShipImport } from './console-orders.xlsx';
import { defineTrackingJob } from './shipment-tracking';

const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** The console's orders of every shop (`commerce/orders`) and fulfilment. */
export function registerConsoleOrderRoutes(
  app: FastifyInstance,
  refunds: { refundsOf: OrderRefundsReader; refundedUnitsOf: RefundedUnitsReader },
): void {
  const { db } = app.database;
  const r = consoleOrdersRoutes;
  defineTrackingJob(app);
  registerRoute(app, r.page, ({ query }) => listConsoleOrders(db, query));
  registerRoute(app, r.detail, ({ params, request }) =>
    getConsoleOrder(db, request.lang, params.orderNo, refunds.refundsOf),
  );
  registerRoute(app, r.ship, async ({ body, caller }) => {
    const answer = await shipOrders(
      { db, mailer: app.mailer, log: app.log, jobs: app.jobs, orderLinks: app.orderLinks },
      Number(caller.id),
      body,
    );
    // Review invitations due with the shipping (REVIEW_INVITE_DAYS = 0) go now, not at the next run.
    if (answer.shipped > 0) app.reviewInvites.runSoon();
    return answer;
  });
  registerRoute(app, r.production, ({ body, caller }) => markInProduction(db, Number(caller.id), body));
  registerRoute(app, r.shipImport, ({ body, request }) => readShipImport(db, body.file, request.lang));
  registerDownloadRoute(app, r.export, async ({ query, request }) => ({
    filename: `orders-${today()}.xlsx`,
    contentType: XLSX_MIME_TYPE,
    content: await exportConsoleOrders(db, request.lang, query, refunds.refundedUnitsOf),
  }));
}
