import fp from 'fastify-plugin';
import { buyerOrderRoutes, FLAGGED_ORDERS_TOPIC, ordersRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerDownloadRoute, registerRoute } from '../../platform/http/routes';
import { utcDayOf } from '../../platform/http/days';
import { createBuyerOrderService } from './buyer-order.service';
import { registerConsoleOrderRoutes } from './console-orders.routes';
import type { OrderRefundsReader, RefundedUnitsReader } from './console-orders.service';
import { registerPurchaseRoutes } from './order-purchases.routes';
import { registerResumePayment } from './resume-payment';
import { exportMyOrders } from './orders-export';
import { getMyOrder, listMyOrders } from './orders.service';

export interface OrdersModuleOptions {
  /**
   * The refunds module's read model of an order's refunds, for the console's order detail. Given
   * by the composition root: refunds build on the orders face, so orders cannot import theirs.
   */
  refundsOf: OrderRefundsReader;
  /** Units of order lines refunds by lines took: the packing list leaves them out. */
  refundedUnitsOf: RefundedUnitsReader;
}

/** The creator's own orders (`#/order`): every query is scoped to the caller. */
async function registerOrders(app: FastifyInstance, options: OrdersModuleOptions): Promise<void> {
  const { db } = app.database;
  const r = ordersRoutes;
  // The caller's own answers, kept until their rows change (decision 0031).
  const mine = { cache: app.privateAnswers };
  // Live news of flagged orders: for whoever may see the console's orders.
  app.realtime.allowTopic(FLAGGED_ORDERS_TOPIC, 'sys:order:query');
  registerRoute(
    app,
    r.list,
    ({ query, request, caller }) => listMyOrders(db, request.lang, Number(caller.id), query),
    mine,
  );
  registerDownloadRoute(app, r.export, async ({ query, request, caller }) => {
    const file = await exportMyOrders(db, request.lang, Number(caller.id), query);
    return {
      filename: `orders-${utcDayOf(new Date())}.${file.extension}`,
      contentType: file.contentType,
      content: file.content,
    };
  });
  registerRoute(
    app,
    r.detail,
    ({ params, request, caller }) => getMyOrder(db, request.lang, Number(caller.id), params.orderNo),
    mine,
  );
  registerPurchaseRoutes(app);
  registerConsoleOrderRoutes(app, options);
  registerBuyerOrderRoutes(app, options);
  registerResumePayment(app);
}

/** The buyer's order page, from the signed link in their mails, and "Find my order" (public). */
function registerBuyerOrderRoutes(app: FastifyInstance, options: OrdersModuleOptions): void {
  const service = createBuyerOrderService({
    db: app.database.db,
    mailer: app.mailer,
    limiter: app.limiter,
    orderLinks: app.orderLinks,
    refundsOf: options.refundsOf,
  });
  registerRoute(app, buyerOrderRoutes.order, ({ params }) => service.order(params.token));
  registerRoute(app, buyerOrderRoutes.changeAddress, ({ params, body }) =>
    service.changeAddress(params.token, body.address),
  );
  registerRoute(app, buyerOrderRoutes.find, async ({ body, request }) => {
    await service.find(body, request.ip);
    return { accepted: true as const };
  });
}

export const ordersModule = fp<OrdersModuleOptions>(registerOrders, {
  name: 'orders',
  dependencies: [
    'jobs',
    'mail',
    'order-links',
    'payments',
    'private-answers',
    'rate-limit',
    'realtime',
    'review-invites',
  ],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
