import fp from 'fastify-plugin';
import { discountsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import { createDiscountsService } from './discounts.service';

/** A creator's discount codes, always of their own shop; the checkout uses `discounts.api.ts`. */
async function registerDiscounts(app: FastifyInstance): Promise<void> {
  const service = createDiscountsService(app.database.db);
  const r = discountsRoutes;
  registerRoute(app, r.page, ({ query, request, caller }) =>
    service.page(Number(caller.id), query, request.lang),
  );
  registerRoute(app, r.create, ({ body, request, caller }) =>
    service.create(Number(caller.id), body, request.lang),
  );
  registerRoute(app, r.update, ({ params, body, request, caller }) =>
    service.update(Number(caller.id), Number(params.id), body, request.lang),
  );
  registerRoute(app, r.pause, ({ params, body, request, caller }) =>
    service.pause(Number(caller.id), Number(params.id), body.paused, request.lang),
  );
  registerRoute(app, r.delete, async ({ params, caller }) => {
    await service.remove(Number(caller.id), Number(params.id));
    return null;
  });
}

export const discountsModule = fp(registerDiscounts, {
  name: 'discounts',
  dependencies: [],
  encapsulate: true,
});
