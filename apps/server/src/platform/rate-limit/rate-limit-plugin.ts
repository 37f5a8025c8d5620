import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMemoryRateLimiter, type RateLimiter } from './limiter';

declare module 'fastify' {
  interface FastifyInstance {
    limiter: RateLimiter;
  }
}

/** Counters for brute-force limits (sign-in, codes). In process until REDIS_URL arrives. */
export const rateLimitPlugin = fp(
  (app: FastifyInstance, _opts: object, done: (err?: Error) => void) => {
    app.decorate('limiter', createMemoryRateLimiter());
    done();
  },
  { name: 'rate-limit' },
);
