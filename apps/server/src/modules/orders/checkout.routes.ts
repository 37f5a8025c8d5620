import fp from 'fastify-plugin';
import { checkoutRoutes, ErrorCode } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors/app-error';
import { sweepIdempotencyKeys } from '../../platform/http/idempotency';
import { newsWithFreshAnswers } from '../../platform/http/private-answers';
import { registerRoute } from '../../platform/http/routes';
import { releaseExpired } from './checkout.repository';
import { createCheckoutService } from './checkout.service';

/** PayPal posts its events here (the webhook subscription's URL is `PUBLIC_URL` + this). */
export const PAYPAL_WEBHOOK_PATH = '/api/v1/payments/paypal/webhook';
/** How often unpaid orders past their reservation give their stock back. */
export const SWEEP_INTERVAL_MS = 60_000;

function checkoutService(app: FastifyInstance) {
  return createCheckoutService({
    db: app.database.db,
    mailer: app.mailer,
    log: app.log,
    realtime: newsWithFreshAnswers(app),
    orderLinks: app.orderLinks,
    creatorMails: app.creatorMails,
    payments: app.payments,
    limiter: app.limiter,
    publicUrl: app.config.publicUrl,
    shopBaseDomain: app.config.shopBaseDomain,
  });
}

/**
 * The sweep, every SWEEP_INTERVAL_MS: first the captures a crash left half done (a buyer's stale
 * claim; they are paid if the buyer's money was or can be captured), then the stock of unpaid
 * orders past their reservation goes back. Exported for the crash part of the security suite.
 */
export async function sweepCheckouts(app: FastifyInstance): Promise<{ paid: number; released: number }> {
  const paid = await checkoutService(app).settleStaleCaptures();
  const released = await releaseExpired(app.database.db);
  return { paid, released };
}

/**
 * A buyer's checkout, payment capture and receipt, the PayPal webhook and the reservation sweep
 * (which also deletes expired idempotency keys).
 */
async function registerCheckout(app: FastifyInstance): Promise<void> {
  const service = checkoutService(app);
  const r = checkoutRoutes;
  registerRoute(app, r.quote, ({ body, request }) => service.quote(body, request.ip));
  registerRoute(app, r.checkout, ({ body, request }) => service.checkout(body, request.ip));
  registerRoute(app, r.capture, ({ body, request }) => service.capture(body, request.ip));
  registerRoute(app, r.receipt, ({ query }) => service.receipt(query.orderNo, query.token));

  // Verification is over the exact bytes PayPal signed: this scope keeps the body as a string.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(
      PAYPAL_WEBHOOK_PATH,
      {
        // Documented only (no schema to validate): the signature check reads the raw bytes.
        schema: {
          summary: "PayPal's webhook: payment and refund events, verified by their signature",
          tags: ['checkout'],
        },
        config: { access: { public: true }, ipQpsLimit: false },
      },
      async (request, reply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        if (!(await service.webhook({ headers: request.headers, rawBody }, request.ip))) {
          throw AppError.of(ErrorCode.WEBHOOK_REJECTED, 'checkout.webhookRejected');
        }
        return reply.send({ received: true });
      },
    );
  });

  // Jobs (platform/jobs): each runs once per period for the whole cluster.
  app.jobs.schedule({ name: 'checkout-sweep', everyMs: SWEEP_INTERVAL_MS, run: () => sweepCheckouts(app) });
  // Idempotency keys past their 24 hours (they already count as absent).
  app.jobs.schedule({
    name: 'idempotency-keys-sweep',
    everyMs: SWEEP_INTERVAL_MS,
    run: () => sweepIdempotencyKeys(app.database.db),
  });
}

export const checkoutModule = fp(registerCheckout, {
  name: 'checkout',
  dependencies: ['creator-mails', 'jobs', 'mail', 'order-links', 'payments', 'rate-limit'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
