import { purchasesRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import { createPurchaseService } from './order-purchases.service';

/** The creator pays for their own unpaid orders (`#/order`): only their orders and purchases. */
export function registerPurchaseRoutes(app: FastifyInstance): void {
  const service = createPurchaseService({
    db: app.database.db,
    log: app.log,
    payments: app.payments,
    publicUrl: app.config.publicUrl,
  });
  const r = purchasesRoutes;
  registerRoute(app, r.create, ({ body, request, caller }) =>
    service.create(Number(caller.id), request.lang, body),
  );
  registerRoute(app, r.capture, ({ params, caller }) =>
    service.capture(Number(caller.id), Number(params.id)),
  );
  registerRoute(app, r.detail, ({ params, caller }) => service.detail(Number(caller.id), Number(params.id)));
}
