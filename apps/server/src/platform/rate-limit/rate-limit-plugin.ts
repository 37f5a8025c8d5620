import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { createMemoryRateLimiter, type RateLimiter } from './limiter';
import { createRedisRateLimiter } from './redis-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    limiter: RateLimiter;
  }
}

/**
 * Counters for the limits (sign-in, codes, checkout, uploads, events): in Redis when REDIS_URL is
 * set, so they hold across every process and its restarts; in process otherwise.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.redisUrl) {
      app.decorate('limiter', createMemoryRateLimiter());
      return;
    }
    const redis = new Redis(app.config.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      connectionName: 'linkstore-rate-limits',
    });
    redis.on('error', (err: unknown) => app.log.warn({ err }, 'Rate limits: Redis connection error'));
    await redis.connect();
    app.decorate('limiter', createRedisRateLimiter(redis));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  },
  { name: 'rate-limit' },
);
