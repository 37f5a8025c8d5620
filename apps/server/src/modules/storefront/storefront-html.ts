import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STOREFRONT_DATA_ELEMENT_ID, type TLanguage, type TStorefrontBoot } from '@linkstore/contract';
import { compressOnce, type CompressedAnswer } from '../../platform/http/compression';

export const HEAD_MARKER = '<!--storefront-head-->';
export const DATA_MARKER = '<!--storefront-data-->';
/** Inside the app's mount point: where the first screen rendered on the server goes. */
export const ROOT_MARKER = '<!--storefront-root-->';

/**
 * The storefront page split once at start around what changes per request (the `lang`
 * attribute, the head tags, the boot data), so a request only joins strings.
 */
export interface StorefrontTemplate {
  beforeLang: string;
  beforeHead: string;
  beforeRoot: string;
  /** Whether the page has the app's mount point (the fallback page has none). */
  mount: boolean;
  beforeData: string;
  rest: string;
}

/** Text and attribute values in HTML: the five characters that could end them. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * JSON inside a `<script type="application/json">`: `<` is escaped so no `</script>` or `<!--`
 * can end the element early, and U+2028/2029 so the text is also valid JavaScript.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Splits a built storefront.html. Its own `<title>` goes (the head tags bring one); a missing
 * marker falls back to the end of `<head>` / `<body>`, so a changed template still works.
 */
export function compileTemplate(html: string): StorefrontTemplate {
  let page = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
  if (!page.includes(HEAD_MARKER)) page = page.replace(/<\/head>/i, `${HEAD_MARKER}</head>`);
  if (!page.includes(ROOT_MARKER)) page = page.replace(/<div id="storefront">/i, `$&${ROOT_MARKER}`);
  if (!page.includes(DATA_MARKER)) page = page.replace(/<\/body>/i, `${DATA_MARKER}</body>`);
  page = page.replace(/<html\b[^>]*>/i, '<html lang="\u0000">');
  const [beforeLang = '', afterLang = ''] = page.split('\u0000');
  const [beforeHead = '', afterHead = ''] = afterLang.split(HEAD_MARKER);
  // A page without a mount point has no first screen: the root part stays empty.
  const mount = afterHead.includes(ROOT_MARKER);
  const [beforeRoot, afterRoot] = mount
    ? (afterHead.split(ROOT_MARKER) as [string, string])
    : ['', afterHead];
  const [beforeData = '', rest = ''] = afterRoot.split(DATA_MARKER);
  return { beforeLang, beforeHead, beforeRoot, mount, beforeData, rest };
}

/** The page used when the web app has not been built: the same tags and data, and a notice. */
export function fallbackHtml(notice: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    ${HEAD_MARKER}
  </head>
  <body>
    <p>${escapeHtml(notice)}</p>
    ${DATA_MARKER}
  </body>
</html>
`;
}

/** The built storefront.html, or undefined when the web app has not been built. */
export function readBuiltTemplate(webDistDir: string): string | undefined {
  try {
    return readFileSync(join(webDistDir, 'storefront.html'), 'utf8');
  } catch {
    return undefined;
  }
}

/** What a shared link's preview shows (Open Graph, Twitter card) and the page's own head. */
/** The site's icon (apps/web/public), for pages of no shop and shops without an image. */
export const DEFAULT_ICON = '/favicon.svg';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the preview image, or null. */
  imageUrl: string | null;
  /** The page's canonical address; null on pages that must not be indexed. */
  url: string | null;
  type: 'website' | 'product';
  /** The page icon (the shop's image); the site's own icon when the shop has none. */
  iconUrl: string | null;
}

export function renderHead(meta: PageMeta): string {
  const tag = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [`<title>${escapeHtml(meta.title)}</title>`, tag('name', 'description', meta.description)];
  if (meta.url === null) tags.push('<meta name="robots" content="noindex" />');
  tags.push(
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:type', meta.type),
  );
  if (meta.url) {
    tags.push(tag('property', 'og:url', meta.url), `<link rel="canonical" href="${escapeHtml(meta.url)}" />`);
  }
  if (meta.imageUrl) tags.push(tag('property', 'og:image', meta.imageUrl));
  tags.push(
    tag('name', 'twitter:card', meta.imageUrl ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
  );
  if (meta.imageUrl) tags.push(tag('name', 'twitter:image', meta.imageUrl));
  tags.push(`<link rel="icon" href="${escapeHtml(meta.iconUrl ?? DEFAULT_ICON)}" />`);
  return tags.join('\n    ');
}

/**
 * What a page adds to the template besides its tags and data: more head elements (preloads) and
 * the first screen's HTML rendered on the server (decision 0034), both already HTML.
 */
export interface PageExtras {
  head?: string;
  root?: string;
}

export function renderPage(
  template: StorefrontTemplate,
  lang: TLanguage,
  meta: PageMeta,
  boot: TStorefrontBoot,
  extras: PageExtras = {},
): string {
  const data = `<script id="${STOREFRONT_DATA_ELEMENT_ID}" type="application/json">${scriptJson(boot)}</script>`;
  const head = extras.head ? `${renderHead(meta)}\n    ${extras.head}` : renderHead(meta);
  return `${template.beforeLang}${lang}${template.beforeHead}${head}${template.beforeRoot}${(template.mount && extras.root) || ''}${template.beforeData}${data}${template.rest}`;
}

/** A small page of its own for an unknown shop or product: no script, nothing to load. */
export function renderNotFound(
  lang: TLanguage,
  title: string,
  body: string,
  link?: { href: string; text: string },
): string {
  return `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(title)}</title>
    <style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#333}main{max-width:32rem;padding:1.5rem;text-align:center}a{display:inline-flex;align-items:center;min-height:44px;color:#1f5fd1}</style>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(title)}</h1>
      <p>${escapeHtml(body)}</p>${
        link
          ? `
      <p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`
          : ''
      }
    </main>
  </body>
</html>
`;
}

/**
 * Brotli's quality for pages: 5 compresses a 15-30 KB page in about a millisecond, within a few
 * per cent of 11's size, which takes 20-40 ms — too much for a page remade every few seconds.
 */
const PAGE_BROTLI_QUALITY = 5;

/**
 * A page ready to send again and again: its validator and its bytes — plain, gzip and brotli —
 * computed once, so a request only picks one (no per-request text encoding or compression).
 */
export interface PreparedHtml {
  /** Weak: the same validator stands for the plain and the compressed bytes. */
  etag: string;
  bytes: CompressedAnswer;
}

export function prepareHtml(html: string): PreparedHtml {
  return {
    etag: `W/"${createHash('sha1').update(html).digest('base64url')}"`,
    bytes: compressOnce(html, PAGE_BROTLI_QUALITY),
  };
}

/** An image or link stored as a site path (`/files/…`) as an absolute URL for link previews. */
export function absoluteUrl(publicUrl: string, url: string | null): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return `${publicUrl.replace(/\/$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Plain text for a meta description: whitespace collapsed, at most `max` characters. */
export function metaDescription(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
