import fp from 'fastify-plugin';
import { pricingRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import { getPricingSettings, listPricedProducts, savePricing } from './pricing.service';

/** Pricing always works on the caller's own shop. */
async function registerPricing(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = pricingRoutes;
  // The caller's own answers, kept until their rows change (decision 0031).
  const mine = { cache: app.privateAnswers };
  registerRoute(app, r.settings, ({ caller }) => getPricingSettings(db, Number(caller.id)), mine);
  registerRoute(
    app,
    r.products,
    ({ query, request, caller }) => listPricedProducts(db, request.lang, Number(caller.id), query),
    mine,
  );
  registerRoute(app, r.save, ({ body, request, caller }) =>
    savePricing(db, request.lang, Number(caller.id), body),
  );
}

export const pricingModule = fp(registerPricing, {
  name: 'pricing',
  dependencies: ['private-answers'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
