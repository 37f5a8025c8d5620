import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../platform/errors/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false`: a route with a per-address limit of its own, sized for its callers (PayPal's
     * webhook deliveries come in bursts from a few addresses), is not counted here.
     */
    ipQpsLimit?: boolean;
  }
}

/** The runtime setting (operators change it on the Configuration page). */
export const IP_QPS_KEY = 'IP_QPS_THRESHOLD_LIMIT';
/**
 * The span a client's requests are counted over. The setting is a rate — requests per second —
 * held on average over this span, so the dozen requests a console page makes as it opens pass
 * while a client that keeps above the rate is stopped within a few seconds.
 */
export const IP_QPS_WINDOW_SECONDS = 5;

/** The setting as a positive whole number of requests per second; anything else turns it off. */
export function readIpQpsLimit(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,6}$/.test(value.trim())) return null;
  const limit = Number(value.trim());
  return limit > 0 ? limit : null;
}

/**
 * This machine (127.0.0.0/8, ::1): the tests, the benches, and a reverse proxy on the same host
 * whose forwarded address is not trusted (TRUST_PROXY=false makes every request come from it:
 * limiting them would limit everyone at once).
 */
export function isLoopback(ip: string | undefined): boolean {
  if (!ip) return true;
  const v4 = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  return v4.startsWith('127.') || ip === '::1';
}

/**
 * `IP_QPS_THRESHOLD_LIMIT` enforced on every `/api/` request: more than the limit × the window's
 * seconds from one client address within a window of `IP_QPS_WINDOW_SECONDS` → 429
 * (`RATE_LIMITED`, translated) with `Retry-After`, before the request is authenticated or read.
 * Counted in `app.limiter` — Redis when REDIS_URL is set, so the limit holds across processes.
 * The address is `request.ip` (the forwarded one with TRUST_PROXY=true).
 */
export const ipQpsLimitPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/') || request.routeOptions.config.ipQpsLimit === false) return;
      const limit = readIpQpsLimit(app.configValues.get(IP_QPS_KEY));
      if (limit === null || isLoopback(request.ip)) return;
      const windowMs = IP_QPS_WINDOW_SECONDS * 1000;
      const count = await app.limiter.hit(`ip-qps:${request.ip}`, windowMs);
      if (count > limit * IP_QPS_WINDOW_SECONDS) {
        void reply.header('retry-after', String(IP_QPS_WINDOW_SECONDS));
        throw AppError.rateLimited();
      }
    });
  },
  { name: 'ip-qps-limit', dependencies: ['rate-limit'] },
);
