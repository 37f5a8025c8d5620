import swaggerUi from '@fastify/swagger-ui';
import { API_DOCS_PATH, API_DOCS_TOKEN_ANSWER, API_DOCS_TOKEN_REQUEST } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the docs pages: the site's own, but framed by the console
 * (`frame-ancestors 'self'` instead of `'none'`), no inline script (Swagger UI's initializer and
 * ours are files), images from here and `data:` only (no validator badge, nothing from a CDN),
 * connections to this origin only (Try it out calls this server).
 */
export function apiDocsContentSecurityPolicy(isHttps: boolean): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/**
 * Runs in the docs page before Swagger UI starts: every request Try it out sends to this origin
 * carries the console operator's current Authorization value, asked of the console page that
 * frames the docs (same origin, by `postMessage`) at the moment of the request — the console
 * renews its token, so a copy taken once would expire. Never in a URL, never stored here. Opened
 * on its own (not framed), the docs send no token.
 */
export const TOKEN_BRIDGE_SCRIPT = `(function () {
  'use strict';
  var original = window.SwaggerUIBundle;
  if (!original || window.parent === window) return;
  var origin = window.location.origin;
  function askToken() {
    return new Promise(function (resolve) {
      var id = String(Date.now()) + Math.random().toString(36).slice(2);
      function done(value) {
        clearTimeout(timer);
        window.removeEventListener('message', onMessage);
        resolve(value);
      }
      function onMessage(event) {
        var data = event.data;
        if (event.origin !== origin || event.source !== window.parent) return;
        if (!data || data.type !== '${API_DOCS_TOKEN_ANSWER}' || data.id !== id) return;
        done(typeof data.authorization === 'string' ? data.authorization : '');
      }
      var timer = setTimeout(function () { done(''); }, 3000);
      window.addEventListener('message', onMessage);
      window.parent.postMessage({ type: '${API_DOCS_TOKEN_REQUEST}', id: id }, origin);
    });
  }
  function withToken(config) {
    var own = config.requestInterceptor;
    return original(Object.assign({}, config, {
      requestInterceptor: function (request) {
        var target = new URL(request.url, window.location.href);
        if (target.origin !== origin || target.pathname.indexOf('${API_DOCS_PATH}/') === 0) {
          return own ? own(request) : request;
        }
        return askToken().then(function (authorization) {
          var headers = request.headers || (request.headers = {});
          if (authorization && !headers.Authorization && !headers.authorization) headers.Authorization = authorization;
          return own ? own(request) : request;
        });
      }
    }));
  }
  Object.assign(withToken, original);
  window.SwaggerUIBundle = withToken;
})();
`;

/** Readable at 4.5:1 and usable on a 360 px phone: Swagger UI's own style, a few fixes. */
const DOCS_CSS = `
body { margin: 0; }
.swagger-ui .wrapper { padding: 0 12px; box-sizing: border-box; }
.swagger-ui .info { margin: 16px 0; }
.swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
.swagger-ui .opblock .opblock-summary-path { word-break: break-all; }
.swagger-ui table { table-layout: fixed; width: 100%; }
.swagger-ui .highlight-code, .swagger-ui .microlight { overflow-x: auto; max-width: 100%; }
`;

/**
 * The API documentation (issue 20): Swagger UI (@fastify/swagger-ui, its assets served from
 * here — nothing reaches the internet) showing the OpenAPI document the server publishes at
 * `/api/openapi.json`, under `/api/docs`. Open by design like that document: the pages hold
 * nothing the document does not; Try it out calls the API with the operator's own token, and
 * every route checks its access as always. The console page frames it (`dev/api-docs/index`).
 */
export async function apiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    staticCSP: apiDocsContentSecurityPolicy(app.config.publicUrl.startsWith('https:')),
    // Try it out calls the origin that serves the docs (the console's), whatever PUBLIC_URL says.
    transformSpecification: (spec) => ({ ...spec, servers: [{ url: '/' }] }),
    uiConfig: {
      // No top bar: it would let anyone load another document into the page.
      layout: 'BaseLayout',
      deepLinking: false,
      docExpansion: 'none',
      filter: true,
      displayRequestDuration: true,
      persistAuthorization: false,
      tryItOutEnabled: false,
    },
    theme: {
      title: 'LinkStore API',
      js: [{ filename: 'token-bridge.js', content: TOKEN_BRIDGE_SCRIPT }],
      css: [{ filename: 'linkstore.css', content: DOCS_CSS }],
    },
  });
}
