import { payoutsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newsWithFreshAnswers } from '../../platform/http/private-answers';
import { registerRoute } from '../../platform/http/routes';
import { readPayoutRules } from '../earnings/earnings.api';
import { createPayoutsService } from './payouts.service';

/** How often the weekly automatic payout looks for creators (it pays each once per ISO week). */
export const AUTO_PAYOUT_INTERVAL_MS = 60 * 60_000;

/**
 * What the payouts need at start: PayPal's payouts (payments), the creator's live news (realtime,
 * and the private answers it refreshes), the operators' payout rules (configs) and the creator's
 * mails (creator-mails).
 */
export const PAYOUTS_DEPENDENCIES = [
  'payments',
  'realtime',
  'private-answers',
  'configs',
  'jobs',
  'creator-mails',
];

/** Withdrawals, their status following, the weekly automatic payout and the operators' view. */
async function payouts(app: FastifyInstance): Promise<void> {
  const service = createPayoutsService({
    db: app.database.db,
    payouts: app.payments.payouts,
    log: app.log,
    realtime: newsWithFreshAnswers(app),
    rules: () => readPayoutRules((key) => app.configValues.get(key)),
    creatorMails: app.creatorMails,
  });
  app.payments.payouts.onEvent((event) => service.handleEvent(event));

  const r = payoutsRoutes;
  registerRoute(app, r.withdraw, ({ body, caller }) => service.withdraw(Number(caller.id), body));
  registerRoute(app, r.list, ({ query, caller }) => service.list(Number(caller.id), query));
  registerRoute(app, r.pending, ({ query, caller }) => service.pendingSales(Number(caller.id), query));
  registerRoute(app, r.settings, ({ body, caller }) => service.settings(Number(caller.id), body));
  registerRoute(app, r.consolePage, ({ query }) => service.consolePage(query));
  registerRoute(app, r.hold, ({ params, body, caller }) =>
    service.hold(Number(params.userId), body, Number(caller.id)),
  );
  registerRoute(app, r.retry, ({ params, caller }) => service.retry(Number(params.id), Number(caller.id)));
  registerRoute(app, r.daily, ({ query }) => service.daily(query));

  // Jobs (platform/jobs): each once per period for the whole cluster, never two runs at once.
  app.jobs.schedule({
    name: 'payout-poll',
    everyMs: app.config.payouts.pollIntervalMs,
    run: () => service.followPayouts(),
  });
  app.jobs.schedule({
    name: 'auto-payouts',
    everyMs: AUTO_PAYOUT_INTERVAL_MS,
    run: () => service.runAutoPayouts(),
  });
}

export const payoutsModule = fp(payouts, {
  name: 'payouts',
  dependencies: PAYOUTS_DEPENDENCIES,
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
