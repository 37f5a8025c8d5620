import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../platform/config/config';
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
