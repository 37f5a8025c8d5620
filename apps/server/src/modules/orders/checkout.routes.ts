import { checkoutRoutes, ErrorCode } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors/app-error';
import { sweepIdempotencyKeys } from '../../platform/http/idempotency';
import { registerRoute } from '../../platform/http/routes';
import { releaseExpired } from './checkout.repository';
import { createCheckoutService } from './checkout.service';

/** PayPal posts its events here (the webhook subscription's URL is `PUBLIC_URL` + this). */
export const PAYPAL_WEBHOOK_PATH = '/api/v1/payments/paypal/webhook';
/** How often unpaid orders past their reservation give their stock back. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * A buyer's checkout, payment capture and receipt, the PayPal webhook and the reservation sweep
 * (which also deletes expired idempotency keys).
 */
export async function checkoutModule(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const service = createCheckoutService({
    db,
    mailer: app.mailer,
    log: app.log,
    payments: app.payments,
    limiter: app.limiter,
    publicUrl: app.config.publicUrl,
    shopBaseDomain: app.config.shopBaseDomain,
  });
  const r = checkoutRoutes;
  registerRoute(app, r.checkout, ({ body, request }) => service.checkout(body, request.ip));
  registerRoute(app, r.capture, ({ body, request }) => service.capture(body, request.ip));
  registerRoute(app, r.receipt, ({ query }) => service.receipt(query.orderNo, query.token));

  // Verification is over the exact bytes PayPal signed: this scope keeps the body as a string.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(PAYPAL_WEBHOOK_PATH, { config: { access: { public: true } } }, async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      if (!(await service.webhook({ headers: request.headers, rawBody }, request.ip))) {
        throw AppError.of(ErrorCode.WEBHOOK_REJECTED, 'checkout.webhookRejected');
      }
      return reply.send({ received: true });
    });
  });

  const sweep = setInterval(() => {
    releaseExpired(db).catch((err: unknown) => app.log.error({ err }, 'Stock reservation sweep failed'));
    // Idempotency keys past their 24 hours (they already count as absent): any job would do.
    sweepIdempotencyKeys(db).catch((err: unknown) => app.log.error({ err }, 'Idempotency key sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
