import { runInNewContext } from 'node:vm';
import {
  API_DOCS_PATH,
  API_DOCS_TOKEN_ANSWER,
  API_DOCS_TOKEN_REQUEST,
  accountsRoutes,
} from '@linkstore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { apiDocsContentSecurityPolicy, TOKEN_BRIDGE_SCRIPT } from './api-docs';
import { inlineScriptSources } from './security-headers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const directive = (policy: string | undefined, name: string) =>
  (policy ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('API documentation (Swagger UI under /api/docs)', () => {
  it('serves the page from local assets, with no inline script, framable by the console only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('./static/swagger-ui-bundle.js');
    expect(html).toContain('./static/theme/token-bridge.js');
    // Every script is a file of ours: nothing from a CDN, nothing inline.
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(inlineScriptSources(html)).toEqual([]);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toBe(apiDocsContentSecurityPolicy(false));
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');

    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'theme/token-bridge.js']) {
      const file = await ctx.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/static/${asset}` });
      expect({ asset, status: file.statusCode }).toEqual({ asset, status: 200 });
      expect(file.headers['content-security-policy']).toBe(csp);
    }
  });

  it('keeps the strict policy everywhere else: no other page may be framed', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(directive(res.headers['content-security-policy'] as string, 'frame-ancestors')).toBe(
      "frame-ancestors 'none'",
    );
  });

  it('shows the published OpenAPI document, Try it out aimed at the origin that serves it', async () => {
    const published = (await ctx.app.inject('/api/openapi.json')).json<{ paths: Record<string, unknown> }>();
    const shown = (await ctx.app.inject(`${API_DOCS_PATH}/json`)).json<{
      paths: Record<string, unknown>;
      servers: Array<{ url: string }>;
    }>();
    expect(Object.keys(shown.paths)).toEqual(Object.keys(published.paths));
    expect(shown.paths).toHaveProperty(accountsRoutes.me.path);
    expect(shown.servers).toEqual([{ url: '/' }]);
    // The published document itself is unchanged.
    expect((await ctx.app.inject('/api/openapi.json')).json<{ servers: unknown }>().servers).not.toEqual([
      { url: '/' },
    ]);
  });
});

/** Runs the token bridge in a stand-in docs page framed by a stand-in console. */
function runBridge(options: { framed: boolean; answer?: string | null }) {
  const started: Array<{ requestInterceptor?: (request: TRequest) => unknown }> = [];
  const listeners = new Set<(event: unknown) => void>();
  const asked: unknown[] = [];
  const origin = 'http://docs.test';
  const parent = {
    postMessage(message: { type: string; id: string }, targetOrigin: string) {
      asked.push({ message, targetOrigin });
      if (options.answer === null) return;
      const reply = { type: API_DOCS_TOKEN_ANSWER, id: message.id, authorization: options.answer ?? '' };
      // A message from elsewhere first: it is ignored.
      for (const listener of listeners) listener({ origin: 'http://evil.test', source: parent, data: reply });
      for (const listener of listeners) listener({ origin, source: parent, data: reply });
    },
  };
  const bundle = Object.assign(
    (config: { requestInterceptor?: (request: TRequest) => unknown }) => {
      started.push(config);
      return {};
    },
    { presets: { apis: 'apis' }, plugins: { DownloadUrl: 'download' } },
  );
  const window: Record<string, unknown> = {
    SwaggerUIBundle: bundle,
    location: { origin, href: `${origin}${API_DOCS_PATH}/` },
    addEventListener: (_type: string, listener: (event: unknown) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: unknown) => void) => listeners.delete(listener),
  };
  window.parent = options.framed ? parent : window;
  runInNewContext(TOKEN_BRIDGE_SCRIPT, {
    window,
    URL,
    Promise,
    setTimeout,
    clearTimeout,
    Date,
    Math,
    String,
  });
  const start = window.SwaggerUIBundle as typeof bundle;
  return { start, started, asked, listeners };
}

interface TRequest {
  url: string;
  headers: Record<string, string>;
}

describe('the docs page’s token bridge', () => {
  it('asks the console for the current token at each request and sends it as the Authorization header', async () => {
    const bridge = runBridge({ framed: true, answer: 'Bearer abc.def' });
    expect(bridge.start.presets).toEqual({ apis: 'apis' });
    bridge.start({});
    const intercept = bridge.started[0]?.requestInterceptor;
    if (!intercept) throw new Error('no request interceptor');
    const request: TRequest = { url: '/api/v1/users/me', headers: {} };
    expect(await intercept(request)).toBe(request);
    expect(request.headers.Authorization).toBe('Bearer abc.def');
    expect(bridge.asked).toEqual([
      { message: { type: API_DOCS_TOKEN_REQUEST, id: expect.any(String) }, targetOrigin: 'http://docs.test' },
    ]);
    expect(bridge.listeners.size).toBe(0);
    // Each request asks again (the console renews its token).
    await intercept({ url: 'http://docs.test/api/v1/roles/page', headers: {} });
    expect(bridge.asked).toHaveLength(2);
  });

  it('never sends the token elsewhere, nor for the docs’ own files, nor over one set by hand', async () => {
    const bridge = runBridge({ framed: true, answer: 'Bearer abc.def' });
    bridge.start({});
    const intercept = bridge.started[0]?.requestInterceptor;
    if (!intercept) throw new Error('no request interceptor');
    const elsewhere: TRequest = { url: 'https://other.example/api', headers: {} };
    await intercept(elsewhere);
    const own: TRequest = { url: `${API_DOCS_PATH}/json`, headers: {} };
    await intercept(own);
    const byHand: TRequest = { url: '/api/v1/users/me', headers: { Authorization: 'Bearer mine' } };
    await intercept(byHand);
    expect([elsewhere.headers, own.headers, byHand.headers]).toEqual([
      {},
      {},
      { Authorization: 'Bearer mine' },
    ]);
    expect(bridge.asked).toHaveLength(1);
  });

  it('does nothing when the docs are opened on their own', () => {
    const bridge = runBridge({ framed: false });
    bridge.start({});
    expect(bridge.started[0]?.requestInterceptor).toBeUndefined();
  });
});
