import { healthRoutes } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/routes';

const startedAt = Date.now();

export async function healthModule(app: FastifyInstance): Promise<void> {
  registerRoute(app, healthRoutes.check, async ({ reply }) => {
    const database = await app.database
      .ping()
      .then((latencyMs) => ({ ok: true, latencyMs: Math.round(latencyMs * 100) / 100 }))
      .catch(() => ({ ok: false, latencyMs: 0 }));
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
