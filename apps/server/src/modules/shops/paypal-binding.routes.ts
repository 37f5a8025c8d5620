import { PAYPAL_BINDING_CALLBACK_PATH, paypalBindingRoutes, ZPayPalCallbackQuery } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { registerRoute } from '../../platform/http/routes';
import { createPayPalBindingService } from './paypal-binding.service';

/** "Connect PayPal": start, the provider's return, the result, disconnect, the sandbox's consent. */
export function paypalBindingModule(app: FastifyInstance): void {
  const binding = createPayPalBindingService({ db: app.database.db, config: app.config, log: app.log });
  const r = paypalBindingRoutes;
  registerRoute(app, r.connect, ({ caller }) => binding.connect(Number(caller.id)));
  registerRoute(app, r.result, ({ params, caller }) => binding.result(Number(caller.id), params.state));
  registerRoute(app, r.disconnect, ({ caller }) => binding.disconnect(Number(caller.id)));
  registerRoute(app, r.sandboxConsent, ({ params, caller }) =>
    binding.sandboxConsent(Number(caller.id), params.state),
  );
  registerRoute(app, r.sandboxDecide, ({ params, body, caller }) =>
    binding.sandboxDecide(Number(caller.id), params.state, body),
  );

  // A browser redirect from PayPal: public (no bearer token comes with it), tied to an attempt by
  // its state, and always answered with a redirect to the result page.
  app.get<{ Querystring: z.infer<typeof ZPayPalCallbackQuery> }>(
    PAYPAL_BINDING_CALLBACK_PATH,
    {
      schema: {
        summary: "PayPal's return after Connect PayPal (browser redirect)",
        tags: ['shops'],
        querystring: ZPayPalCallbackQuery,
      },
      config: { access: { public: true } },
    },
    async (request, reply) => {
      const location = await binding.callback(request.query);
      return reply.header('cache-control', 'no-store').redirect(location);
    },
  );
}
