import { pricingRoutes } from '@linkstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error';
import { registerRoute } from '../../platform/http/routes';
import { getPricingSettings, listPricedProducts, savePricing } from './pricing.service';

/** The signed-in caller's id: pricing always works on the caller's own shop. */
function callerId(request: FastifyRequest): number {
  if (!request.user) throw AppError.accessTokenInvalid();
  return Number(request.user.id);
}

export async function pricingModule(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = pricingRoutes;
  registerRoute(app, r.settings, ({ request }) => getPricingSettings(db, callerId(request)));
  registerRoute(app, r.products, ({ query, request }) =>
    listPricedProducts(db, request.lang, callerId(request), query),
  );
  registerRoute(app, r.save, ({ body, request }) => savePricing(db, request.lang, callerId(request), body));
}
