import { reconciliationRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../platform/http/routes';
import { readPayoutRules } from '../earnings/earnings.api';
import { createReconciliationService } from './reconciliation.service';

/** The daily job's first run waits this long after start (the app settles first)… */
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

  scheduleDaily(app, () => service.run('schedule', null), {
    firstDelayMs: RECONCILE_FIRST_DELAY_MS,
    everyMs: RECONCILE_EVERY_MS,
  });
}

/** It reads the operators' payout rules (configs): declared, so an app without them fails at start. */
export const reconciliationModule = fp(reconciliation, {
  name: 'reconciliation',
  dependencies: ['configs'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});

/** What the daily job needs of the app: its close hook and its log. */
export interface JobHost {
  addHook(name: 'onClose', hook: () => Promise<void>): unknown;
  log: { error(details: object, message: string): void };
}

/**
 * Runs `job` once `firstDelayMs` after start, then every `everyMs`, never twice at once in this
 * process; the timers never keep the process alive and stop when the app closes.
 */
export function scheduleDaily(
  app: JobHost,
  job: () => Promise<unknown>,
  at: { firstDelayMs: number; everyMs: number },
): void {
  let running = false;
  const scheduled = () => {
    if (running) return;
    running = true;
    job()
      .catch((err: unknown) => app.log.error({ err }, 'Reconciliation failed'))
      .finally(() => {
        running = false;
      });
  };
  let daily: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    scheduled();
    daily = setInterval(scheduled, at.everyMs);
    daily.unref();
  }, at.firstDelayMs);
  first.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(daily);
  });
}
