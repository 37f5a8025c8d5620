import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/config';

/**
 * The Content-Security-Policy of every answer: scripts only from our origin (no inline script,
 * which is why runtime config is a script file), Ant Design's run-time <style> elements, images
 * from anywhere over https, and connections to our origin, websockets and brand API hosts.
 */
export function contentSecurityPolicy(config: AppConfig): string {
  const isHttps = config.publicUrl.startsWith('https:');
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'ws:', 'wss:', ...Object.values(config.apiHosts)],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // Over https, a stray http:// address (a brand's image, say) is fetched over https instead.
    ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** The full set of security headers, the same for every answer. */
export function securityHeaders(config: AppConfig): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    // The old XSS auditor did more harm than good; modern advice is to switch it off.
    'x-xss-protection': '0',
    ...(config.publicUrl.startsWith('https:')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

/**
 * Security headers (what helmet sends), computed once at start and set on every answer,
 * errors included. Helmet computes them per request, which halved the throughput of a small
 * route in `npm run bench` (decision 0008); `security-headers.test.ts` compares this set with
 * helmet's defaults, so a header helmet adds is noticed (decision 0024).
 */
export const securityHeadersPlugin = fp(
  (app: FastifyInstance, _opts: object, done: (err?: Error) => void) => {
    const headers = securityHeaders(app.config);
    app.addHook('onRequest', (_request, reply, next) => {
      void reply.headers(headers);
      next();
    });
    done();
  },
  { name: 'security-headers' },
);
