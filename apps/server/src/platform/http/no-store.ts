import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * `Cache-Control: no-store` on every answer to a signed-in caller (a valid access token made
 * `request.user`) and on every answer of a route only signed-in callers reach (its refusals
 * included): a shared computer's browser cache or a proxy never keeps a console or studio page of
 * data. Public answers keep their own caching on purpose (storefront pages `no-cache` with an
 * ETag, `/files/*` immutable, the web build), since visitors send no token.
 */
export const noStorePlugin = fp(
  (app: FastifyInstance, _opts: object, done: (err?: Error) => void) => {
    app.addHook('onSend', (request, reply, payload, next) => {
      const access = request.routeOptions.config.access;
      const isSignedInRoute = access !== undefined && !('public' in access);
      if (request.user || isSignedInRoute) void reply.header('cache-control', 'no-store');
      next(null, payload);
    });
    done();
  },
  { name: 'no-store', dependencies: ['auth'] },
);
