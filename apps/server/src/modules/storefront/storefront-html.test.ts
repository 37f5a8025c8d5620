import { PUBLIC_CACHE_CONTROL } from '../../platform/http/answer-cache';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../platform/config/config';
import { requestContext } from '../../platform/http/request-context';
import { testConfig } from '../../test/helper';
import { storefrontPages } from './storefront-pages';
import type { StorefrontService } from './storefront.service';
import {
  absoluteUrl,
  compileTemplate,
  DEFAULT_ICON,
  escapeHtml,
  fallbackHtml,
  metaDescription,
  renderHead,
  renderPage,
  scriptJson,
  type PageMeta,
} from './storefront-html';

const meta: PageMeta = {
  title: 'A "quoted" <shop>',
  description: "Tom's & Jerry's",
  imageUrl: 'https://cdn.example.com/a.png',
  url: 'https://x.example.com/s/a',
  type: 'website',
  iconUrl: null,
};

describe('storefront HTML', () => {
  it('escapes text and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('keeps script data from ending its element and stays parseable', () => {
    const value = { name: '</script><script>alert(1)</script><!--', line: 'a\u2028b\u2029c' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('renders the preview tags, large card only with an image, noindex without a canonical address', () => {
    const head = renderHead(meta);
    expect(head).toContain('<title>A &quot;quoted&quot; &lt;shop&gt;</title>');
    expect(head).toContain('<meta property="og:description" content="Tom&#39;s &amp; Jerry&#39;s" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toContain('<link rel="canonical" href="https://x.example.com/s/a" />');
    const plain = renderHead({ ...meta, imageUrl: null, url: null });
    expect(plain).toContain('<meta name="twitter:card" content="summary" />');
    expect(plain).toContain('<meta name="robots" content="noindex" />');
    expect(plain).not.toContain('og:image');
  });

  it('uses the shop image as the page icon, else the site icon', () => {
    expect(renderHead(meta)).toContain(`<link rel="icon" href="${DEFAULT_ICON}" />`);
    const own = renderHead({ ...meta, iconUrl: 'https://x.example.com/shop.webp' });
    expect(own).toContain('<link rel="icon" href="https://x.example.com/shop.webp" />');
    expect(own).not.toContain(DEFAULT_ICON);
  });

  it('fills the web app’s storefront.html: one title, the language, the tags and the data', () => {
    const source = readFileSync(join(REPO_ROOT, 'apps/web/storefront.html'), 'utf8');
    for (const template of [source, fallbackHtml('missing'), '<html><head></head><body></body></html>']) {
      const html = renderPage(compileTemplate(template), 'fr', meta, {
        basePath: '',
        language: 'fr',
        page: null,
        product: null,
      });
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain('og:title');
      expect(html).toMatch(/<script id="storefront-data" type="application\/json">\{.*\}<\/script>/);
      expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it('makes site paths absolute and shortens descriptions', () => {
    expect(absoluteUrl('http://h:8080/', '/files/a.png')).toBe('http://h:8080/files/a.png');
    expect(absoluteUrl('http://h:8080', 'https://cdn/a.png')).toBe('https://cdn/a.png');
    expect(absoluteUrl('http://h', null)).toBeNull();
    expect(metaDescription('  a\n\n b  ')).toBe('a b');
    expect(metaDescription('x'.repeat(300))).toHaveLength(200);
  });
});

/**
 * The shop pages' routes on a service that counts its calls, and a `preHandler` hook that
 * counts the requests that went through the whole pipeline to the handler.
 */
async function countingPages(cacheMs: number) {
  const calls = { findShop: 0, handler: 0 };
  const app = Fastify({ logger: false });
  await app.register(requestContext);
  app.addHook('preHandler', (_request, _reply, done) => {
    calls.handler += 1;
    done();
  });
  const shop = { slug: 'demo', name: 'Demo', suspendedReason: null };
  const service = {
    findShop: (slug: string) => {
      calls.findShop += 1;
      return Promise.resolve(slug === 'demo' ? { shop, banners: [] } : undefined);
    },
    pageOf: () =>
      Promise.resolve({
        shop: { slug: 'demo', name: 'Demo', description: 'Our shop', bannerUrl: null, imageUrl: null },
        products: { list: [{ id: 1, title: 'x'.repeat(2000) }] },
      }),
    productOf: () => Promise.resolve(undefined),
    movedTo: () => Promise.resolve(undefined),
  } as unknown as StorefrontService;
  storefrontPages(app, { config: testConfig(), service, cacheMs, live: () => true });
  await app.ready();
  return { app, calls };
}

describe('rendered shop pages', () => {
  it('answers a page rendered within the cache time before the pipeline, without rendering it again', async () => {
    const { app, calls } = await countingPages(5000);
    const first = await app.inject({ method: 'GET', url: '/s/demo' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<title>Demo</title>');
    expect(calls).toEqual({ findShop: 1, handler: 1 });

    const again = await app.inject({ method: 'GET', url: '/s/demo', headers: { 'accept-encoding': 'br' } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(first.body);
    const revalidated = await app.inject({
      method: 'GET',
      url: '/s/demo',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    // Neither reached the handler, nor rendered.
    expect(calls).toEqual({ findShop: 1, handler: 1 });

    // Another language is another page; an unknown shop is never kept.
    expect((await app.inject({ method: 'GET', url: '/s/demo?lang=fr' })).body).toContain('<html lang="fr">');
    expect(calls).toEqual({ findShop: 2, handler: 2 });
    // The fast path reads the link's language as the handler does.
    const french = await app.inject({ method: 'GET', url: '/s/demo?lang=fr', headers: { lang: 'es' } });
    expect(french.body).toContain('<html lang="fr">');
    expect((await app.inject({ method: 'GET', url: '/s/demo', headers: { lang: 'fr' } })).body).toContain(
      '<html lang="fr">',
    );
    expect(calls).toEqual({ findShop: 2, handler: 2 });
    for (let i = 0; i < 2; i++) {
      expect((await app.inject({ method: 'GET', url: '/s/nope' })).statusCode).toBe(404);
    }
    expect(calls.handler).toBe(4);
    await app.close();
  });

  it('renders again once the cache time is over', async () => {
    const { app, calls } = await countingPages(150);
    await app.inject({ method: 'GET', url: '/s/demo' });
    await app.inject({ method: 'GET', url: '/s/demo' });
    expect(calls).toEqual({ findShop: 1, handler: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await app.inject({ method: 'GET', url: '/s/demo' })).statusCode).toBe(200);
    expect(calls).toEqual({ findShop: 2, handler: 2 });
    await app.close();
  });
});
