import fp from 'fastify-plugin';
import { creatorsRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { newsWithFreshAnswers } from '../../platform/http/private-answers';
import { registerRoute } from '../../platform/http/routes';
import { readPayoutRules } from '../earnings/earnings.api';
import { createCreatorsService } from './creators.service';

/** The console's Commerce › Creators: figures, history, suspending and lifting a shop. */
async function registerCreators(app: FastifyInstance): Promise<void> {
  const service = createCreatorsService({
    db: app.database.db,
    realtime: newsWithFreshAnswers(app),
    log: app.log,
    rules: () => readPayoutRules((key) => app.configValues.get(key)),
  });
  const r = creatorsRoutes;
  registerRoute(app, r.page, ({ query }) => service.page(query));
  registerRoute(app, r.detail, ({ params, query }) => service.detail(Number(params.userId), query));
  registerRoute(app, r.suspend, ({ params, body, caller }) =>
    service.suspend(Number(params.userId), body.reason, Number(caller.id)),
  );
  registerRoute(app, r.lift, ({ params, body, caller }) =>
    service.lift(Number(params.userId), body.reason, Number(caller.id)),
  );
}

export const creatorsModule = fp(registerCreators, {
  name: 'creators',
  dependencies: ['configs'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
