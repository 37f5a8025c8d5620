import fp from 'fastify-plugin';
import { healthRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';
import { createDatabaseProbe } from './health.service';

const startedAt = Date.now();

async function registerHealth(app: FastifyInstance): Promise<void> {
  const probeDatabase = createDatabaseProbe(app.database);
  registerRoute(app, healthRoutes.check, async ({ reply }) => {
    const database = await probeDatabase();
    // A load balancer takes a 503 as "send traffic elsewhere" while the envelope still explains.
    if (!database.ok) void reply.status(503);
    return {
      status: database.ok ? ('ok' as const) : ('degraded' as const),
      version: app.config.version,
      uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
      database: { driver: app.database.driver, ...database },
    };
  });
}

export const healthModule = fp(registerHealth, {
  name: 'health',
  dependencies: [],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
