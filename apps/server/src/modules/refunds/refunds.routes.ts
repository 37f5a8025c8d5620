import { buyerOrderRoutes, ErrorCode, refundsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../platform/errors/app-error';
import { newsWithFreshAnswers } from '../../platform/http/private-answers';
import { registerRoute } from '../../platform/http/routes';
import { createRefundsService } from './refunds.service';

export const REFUNDS_DEPENDENCIES = [
  'payments',
  'mail',
  'order-links',
  'realtime',
  'private-answers',
  'jobs',
  'creator-mails',
];

/**
 * Refunds and flag resolution in the console, the refund webhooks (registered on app.payments) and
 * the follow-up job that retries refunds without a provider answer, on the payouts' poll interval.
 * It needs payments, mail, realtime and the private answers (its news make the creator read
 * afresh): declared, so an app without one of them fails at start.
 */
async function refunds(app: FastifyInstance): Promise<void> {
  const service = createRefundsService({
    db: app.database.db,
    payments: app.payments,
    mailer: app.mailer,
    log: app.log,
    realtime: newsWithFreshAnswers(app),
    orderLinks: app.orderLinks,
    creatorMails: app.creatorMails,
  });
  app.payments.refunds.onEvent((event) => service.handleEvent(event));

  registerRoute(app, refundsRoutes.refund, ({ body, caller, request }) =>
    service.refund(Number(caller.id), body, request.lang),
  );
  // The buyer's cancellation from the order page: the signed link is the buyer's only credential.
  registerRoute(app, buyerOrderRoutes.cancel, ({ params }) => {
    const verified = app.orderLinks.links.verify(params.token);
    if (!verified) throw AppError.of(ErrorCode.ORDER_LINK_INVALID, 'orders.linkInvalid');
    return service.cancelByBuyer(verified.orderId);
  });
  registerRoute(app, refundsRoutes.resolveFlag, ({ body, caller, request }) =>
    service.resolveFlag(Number(caller.id), body, request.lang),
  );

  // The follow-up (platform/jobs): once per period for the whole cluster, never two at once.
  app.jobs.schedule({
    name: 'refund-follow-up',
    everyMs: app.config.payouts.pollIntervalMs,
    run: () => service.followRefunds(),
  });
}

export const refundsModule = fp(refunds, {
  name: 'refunds',
  dependencies: REFUNDS_DEPENDENCIES,
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
