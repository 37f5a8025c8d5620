import { PUBLIC_CACHE_CONTROL } from '../../platform/http/answer-cache';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../platform/config/config';
import { requestContext } from '../../platform/http/request-context';
import { testConfig } from '../../test/helper';
import { storefrontPages } from './storefront-pages';
import { createRenderer, firstScreenHead, type StorefrontRenderer } from './storefront-ssr';
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
/** A web build of the storefront page alone (its source: the same markers as the built one). */
function builtTemplateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'linkstore-storefront-template-'));
  writeFileSync(join(dir, 'storefront.html'), readFileSync(join(REPO_ROOT, 'apps/web/storefront.html')));
  return dir;
}

async function countingPages(cacheMs: number, renderer?: StorefrontRenderer) {
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
        shop: {
          slug: 'demo',
          name: 'Demo',
          description: 'Our shop',
          bannerUrl: null,
          imageUrl: null,
          banners: [{ imageUrl: '/files/banner-1.webp', linkUrl: null, title: '' }],
        },
        products: { list: [{ id: 1, title: 'x'.repeat(2000) }] },
        categories: [],
        currencies: [],
      }),
    productOf: () => Promise.resolve(undefined),
    movedTo: () => Promise.resolve(undefined),
  } as unknown as StorefrontService;
  const pages = storefrontPages(app, {
    config: testConfig(renderer ? { WEB_DIST_DIR: builtTemplateDir() } : {}),
    service,
    cacheMs,
    live: () => true,
    renderer,
  });
  await app.ready();
  return { app, calls, pages };
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

  it('stores one page for every order link, under no token, and sends it for no shared cache', async () => {
    const { app, calls } = await countingPages(5000);
    const link = (n: number) => `/s/demo/order/k3j9q-t1a2b${n}.${'Ab_-9'.repeat(9)}`;
    const first = await app.inject({ method: 'GET', url: link(1) });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // Another link is the same page, sent by the fast path with the same header.
    const second = await app.inject({ method: 'GET', url: link(2) });
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('private, no-cache');
    expect(calls).toEqual({ findShop: 1, handler: 1 });
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

describe('the first screen rendered on the server (decision 0034)', () => {
  it('goes into the mount point of the built page, of a changed one, or nowhere without one', () => {
    const data = { basePath: '', language: 'en' as const, page: null, product: null };
    const built = readFileSync(join(REPO_ROOT, 'apps/web/storefront.html'), 'utf8');
    for (const template of [built, built.replace('<!--storefront-root-->', '')]) {
      const html = renderPage(compileTemplate(template), 'en', meta, data, {
        head: '<link rel="modulepreload" href="/assets/x.js" />',
        root: '<main>first screen</main>',
      });
      expect(html).toContain('<div id="storefront"><main>first screen</main></div>');
      expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
      expect(html).not.toContain('<!--storefront-root-->');
    }
    const plain = renderPage(compileTemplate(fallbackHtml('missing')), 'en', meta, data, {
      root: '<b>x</b>',
    });
    expect(plain).not.toContain('<b>x</b>');
    expect(plain).toContain('id="storefront-data"');
  });

  it('preloads what the first screen loads lazily, not what the entry brings', () => {
    const manifest = {
      'storefront.html': { file: 'assets/storefront.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_rich.js': { file: 'assets/rich.js', imports: ['_react.js'] },
      'src/storefront/pages/product-page.tsx': {
        file: 'assets/product-page.js',
        imports: ['_rich.js', 'storefront.html'],
        css: ['assets/product-page.css'],
      },
      'src/locales/fr/storefront.json': { file: 'assets/fr.js' },
    };
    const shop = firstScreenHead(manifest, 'fr', false);
    expect(shop).toBe('<link rel="modulepreload" crossorigin href="/assets/fr.js" />');
    const product = firstScreenHead(manifest, 'fr', true);
    expect(product).toContain('<link rel="stylesheet" href="/assets/product-page.css" />');
    expect(product).toContain('href="/assets/product-page.js"');
    expect(product).toContain('href="/assets/rich.js"');
    expect(product).not.toContain('react.js');
    expect(product).not.toContain('assets/storefront.js');
  });

  it('moves the largest image’s preload, as React writes it, into the head', async () => {
    const preload =
      '<link rel="preload" as="image" imageSrcSet="/files/b.webp?w=320 320w" imageSizes="100vw" fetchPriority="high"/>';
    const manifest = {
      'storefront.html': { file: 'assets/storefront.js' },
      'src/locales/en/storefront.json': { file: 'assets/en.js' },
    };
    const render = createRenderer(
      { render: () => Promise.resolve(`${preload}<header>shop</header>`) },
      manifest,
    );
    const data = { basePath: '/s/demo', language: 'en' as const, page: null, product: null };
    const screen = await render(data, '/s/demo');
    expect(screen?.html).toBe('<header>shop</header>');
    expect(screen?.head).toBe(
      `${preload}\n    <link rel="modulepreload" crossorigin href="/assets/en.js" />`,
    );
    const none = createRenderer({ render: () => Promise.resolve(null) }, manifest);
    expect(await none(data, '/s/demo/cart')).toBeNull();
  });

  it('is rendered once per stored page, again once forgotten, and a failure sends the page without it', async () => {
    let renders = 0;
    let fail = false;
    const renderer: StorefrontRenderer = (boot, path) => {
      renders += 1;
      if (fail) return Promise.reject(new Error('render failed'));
      return Promise.resolve({
        html: `<main>${boot.language} ${path} #${renders}</main>`,
        head: '<link rel="modulepreload" href="/assets/fr.js" />',
      });
    };
    const { app, pages } = await countingPages(5000, renderer);
    const first = await app.inject({ method: 'GET', url: '/s/demo?lang=fr' });
    expect(first.body).toContain('<div id="storefront"><main>fr /s/demo #1</main></div>');
    expect(first.body).toContain('<link rel="modulepreload" href="/assets/fr.js" />');
    expect((await app.inject({ method: 'GET', url: '/s/demo?lang=fr' })).body).toBe(first.body);
    expect(renders).toBe(1);

    pages.forget('demo');
    expect((await app.inject({ method: 'GET', url: '/s/demo?lang=fr' })).body).toContain('#2</main>');
    expect(renders).toBe(2);

    fail = true;
    pages.forget('demo');
    const fallback = await app.inject({ method: 'GET', url: '/s/demo?lang=fr' });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.body).toContain('<div id="storefront"></div>');
    expect(fallback.body).toContain('id="storefront-data"');
    await app.close();
  });
});
