import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { RUNTIME_CONFIG_GLOBAL, type TRuntimeConfig } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the web app's build and `/runtime-config.js`, which tells one build which API host to
 * use on brand hosts. Hashed assets are cached for a year; index.html never.
 */
export async function webApp(app: FastifyInstance): Promise<void> {
  const runtime: TRuntimeConfig = {
    version: app.config.version,
    apiHosts: app.config.apiHosts,
    captchaEnabled: app.config.auth.captchaEnabled,
    ...(app.config.shopBaseDomain ? { shopBaseDomain: app.config.shopBaseDomain } : {}),
  };
  const script = `window.${RUNTIME_CONFIG_GLOBAL}=${JSON.stringify(runtime)};\n`;
  app.get('/runtime-config.js', { schema: { hide: true } }, (_request, reply) => {
    void reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(script);
  });

  const root = app.config.webDistDir;
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'web build not found: only the API is served (run `npm run build`)');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    // The storefront's server entry and the build manifest are read by the server, not sent.
    allowedPath: (pathName) => !/^\/(server|\.vite)(\/|$)/.test(pathName),
    cacheControl: false,
    setHeaders: (res, path) => {
      const immutable = path.includes(`${join(root, 'assets')}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
