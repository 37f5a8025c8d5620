import fp from 'fastify-plugin';
import { storefrontRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import { createShopEventsService } from './shop-events.service';

/** How often raw events older than the retention period are deleted. */
const PRUNE_EVERY_MS = 6 * 3_600_000;

/** The storefront's event batches (views, clicks, add-to-carts) and the pruning of old ones. */
async function registerShopEvents(app: FastifyInstance): Promise<void> {
  const events = createShopEventsService({
    db: app.database.db,
    limiter: app.limiter,
    changes: app.changes,
    flushMs: app.config.eventsFlushMs,
    log: app.log,
  });
  await events.preparePartitions();
  registerRoute(app, storefrontRoutes.events, ({ body, request }) => events.record(request.ip, body));

  app.jobs.schedule({ name: 'shop-events-prune', everyMs: PRUNE_EVERY_MS, run: () => events.prune() });
  app.addHook('onClose', async () => {
    await events.close();
  });
}

export const shopEventsModule = fp(registerShopEvents, {
  name: 'shop-events',
  dependencies: ['changes', 'jobs', 'rate-limit'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
