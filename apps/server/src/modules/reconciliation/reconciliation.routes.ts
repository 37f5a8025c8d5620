import { reconciliationRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import { readPayoutRules } from '../earnings/earnings.api';
import { createReconciliationService } from './reconciliation.service';

/** The daily job's first run waits this long after start (the app settles first)… */
export const RECONCILE_FIRST_DELAY_MS = 5 * 60_000;
/** …then it runs this often. */
export const RECONCILE_EVERY_MS = 24 * 60 * 60_000;

/** The money check: the operators' runs and the daily job. */
export async function reconciliationModule(app: FastifyInstance): Promise<void> {
  const service = createReconciliationService({
    db: app.database.db,
    log: app.log,
    rules: () => readPayoutRules((key) => app.configValues.get(key)),
  });
  const r = reconciliationRoutes;
  registerRoute(app, r.run, ({ caller }) => service.run('operator', Number(caller.id)));
  registerRoute(app, r.runs, ({ query }) => service.page(query));
  registerRoute(app, r.detail, ({ params, query }) => service.detail(Number(params.id), query));

  let running = false;
  const scheduled = () => {
    if (running) return;
    running = true;
    service
      .run('schedule', null)
      .catch((err: unknown) => app.log.error({ err }, 'Reconciliation failed'))
      .finally(() => {
        running = false;
      });
  };
  let daily: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    scheduled();
    daily = setInterval(scheduled, RECONCILE_EVERY_MS);
    daily.unref();
  }, RECONCILE_FIRST_DELAY_MS);
  first.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(daily);
  });
}
