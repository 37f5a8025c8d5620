import { reconciliationRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../platform/http/routes';
import { readPayoutRules } from '../earnings/earnings.api';
import { createReconciliationService } from './reconciliation.service';

/** The daily job's first run waits this long after its first start (the app settles first)… */
export const RECONCILE_FIRST_DELAY_MS = 5 * 60_000;
/** …then it runs this often. */
export const RECONCILE_EVERY_MS = 24 * 60 * 60_000;

/** The money check: the operators' runs and the daily job. */
async function reconciliation(app: FastifyInstance): Promise<void> {
  const service = createReconciliationService({
    db: app.database.db,
    log: app.log,
    rules: () => readPayoutRules((key) => app.configValues.get(key)),
  });
  const r = reconciliationRoutes;
  registerRoute(app, r.run, ({ caller }) => service.run('operator', Number(caller.id)));
  registerRoute(app, r.runs, ({ query }) => service.page(query));
  registerRoute(app, r.detail, ({ params, query }) => service.detail(Number(params.id), query));

  // The daily job (platform/jobs): once a day for the whole cluster, never two runs at once.
  app.jobs.schedule({
    name: 'reconciliation',
    firstDelayMs: RECONCILE_FIRST_DELAY_MS,
    everyMs: RECONCILE_EVERY_MS,
    run: () => service.run('schedule', null),
  });
}

/** It reads the operators' payout rules (configs): declared, so an app without them fails at start. */
export const reconciliationModule = fp(reconciliation, {
  name: 'reconciliation',
  dependencies: ['configs', 'jobs'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
