import { consoleOrdersRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { newsWithFreshAnswers } from '../../platform/http/private-answers';
import { registerRoute } from '../../platform/http/routes';
import { createRefundsService } from './refunds.service';

/**
 * Refunds and flag resolution in the console, the refund webhooks (registered on app.payments) and
 * the follow-up job that retries refunds without a provider answer, on the payouts' poll interval.
 */
export async function refundsModule(app: FastifyInstance): Promise<void> {
  const service = createRefundsService({
    db: app.database.db,
    payments: app.payments,
    mailer: app.mailer,
    log: app.log,
    realtime: newsWithFreshAnswers(app),
  });
  app.payments.refunds.onEvent((event) => service.handleEvent(event));

  registerRoute(app, consoleOrdersRoutes.refund, ({ body, caller, request }) =>
    service.refund(Number(caller.id), body, request.lang),
  );
  registerRoute(app, consoleOrdersRoutes.resolveFlag, ({ body, caller, request }) =>
    service.resolveFlag(Number(caller.id), body, request.lang),
  );

  // The follow-up (platform/jobs): once per period for the whole cluster, never two at once.
  app.jobs.schedule({
    name: 'refund-follow-up',
    everyMs: app.config.payouts.pollIntervalMs,
    run: () => service.followRefunds(),
  });
}
