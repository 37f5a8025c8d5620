import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/config';

/**
 * The CSP sources of the inline scripts in a page: `'sha256-…'` of each `<script>` without `src`.
 * The web build's index.html has one, written by the build (the front door's preload, decision
 * 0033); the browser runs an inline script only when its hash is listed.
 */
export function inlineScriptSources(html: string): string[] {
  const sources: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    sources.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return sources;
}

/** The inline scripts of the web build's index.html, if there is a build. */
function webInlineScriptSources(config: AppConfig): string[] {
  const index = join(config.webDistDir, 'index.html');
  return existsSync(index) ? inlineScriptSources(readFileSync(index, 'utf8')) : [];
}

/**
 * The Content-Security-Policy of every answer: scripts only from our origin (no inline script
 * but the web build's own, allowed by hash — which is why runtime config is a script file), Ant
 * Design's run-time <style> elements, images from anywhere over https, and connections to our
 * origin, websockets and brand API hosts.
 */
export function contentSecurityPolicy(config: AppConfig): string {
  const isHttps = config.publicUrl.startsWith('https:');
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...webInlineScriptSources(config)],
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
  return formatCsp(directives);
}

/** A Content-Security-Policy header value from its directives (`name value value; …`). */
export function formatCsp(directives: Record<string, string[]>): string {
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
