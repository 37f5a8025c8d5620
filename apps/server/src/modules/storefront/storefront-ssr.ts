import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TLanguage, TStorefrontBoot } from '@linkstore/contract';
import { escapeHtml } from './storefront-html';

/**
 * The storefront's first screen rendered on the server (decision 0034): the web app's server
 * entry (`apps/web/src/storefront/server-entry.tsx`, built as `dist/server/server-entry.js`)
 * renders the same React components the browser hydrates; this side only loads it and adds what
 * the first screen would otherwise fetch one round trip later (its lazy modules, as
 * `<link rel=modulepreload>`, read from the client build's manifest).
 */

/** The server entry's exports (what `render` answers: the mount point's HTML, or null). */
export interface StorefrontServerEntry {
  render: (boot: TStorefrontBoot, pathname: string) => Promise<string | null>;
}

/** A page's first screen: the mount point's HTML and the head elements it needs. */
export interface FirstScreen {
  html: string;
  head: string;
}

export type StorefrontRenderer = (boot: TStorefrontBoot, pathname: string) => Promise<FirstScreen | null>;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The client build's entry and the first screen's lazy modules, as the manifest names them. */
const ENTRY = 'storefront.html';
const PRODUCT_PAGE = 'src/storefront/pages/product-page.tsx';
const messagesOf = (language: TLanguage) => `src/locales/${language}/storefront.json`;

/** Everything `key` needs that the entry does not already bring: scripts and style sheets. */
function closure(manifest: Manifest, key: string, skip: Set<string>): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || skip.has(name)) return;
    seen.add(name);
    const chunk = manifest[name];
    if (!chunk) return;
    js.push(`/${chunk.file}`);
    css.push(...(chunk.css ?? []).map((file) => `/${file}`));
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(key);
  return { js, css };
}

/** The keys the entry loads by itself (its static imports): already preloaded by the template. */
function entryKeys(manifest: Manifest): Set<string> {
  const keys = new Set<string>();
  const visit = (name: string) => {
    if (keys.has(name)) return;
    keys.add(name);
    for (const next of manifest[name]?.imports ?? []) visit(next);
  };
  visit(ENTRY);
  return keys;
}

/**
 * The head elements for a page's first screen: its language's messages and, on a product page,
 * the product page's module with its imports and style sheets — all asked for with the HTML.
 */
export function firstScreenHead(manifest: Manifest, language: TLanguage, product: boolean): string {
  const skip = entryKeys(manifest);
  const parts = [closure(manifest, messagesOf(language), skip)];
  if (product) parts.push(closure(manifest, PRODUCT_PAGE, skip));
  const js = [...new Set(parts.flatMap((p) => p.js))];
  const css = [...new Set(parts.flatMap((p) => p.css))];
  return [
    ...css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`),
    ...js.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
  ].join('\n    ');
}

/**
 * The image preloads React writes first in a rendered screen: for the image marked
 * `fetchPriority="high"` (the largest paint), with the very `srcset` and `sizes` of its `<img>`.
 */
const IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*>)+/;

/**
 * A renderer over a loaded server entry and the client build's manifest. React's image preloads
 * move into the head, ahead of the scripts: asked for first, the image shares the phone's
 * bandwidth with less (hydration does not look for them).
 */
export function createRenderer(entry: StorefrontServerEntry, manifest: Manifest): StorefrontRenderer {
  const heads = new Map<string, string>();
  return async (boot, pathname) => {
    const rendered = await entry.render(boot, pathname);
    if (rendered === null) return null;
    const key = `${boot.language}|${boot.product ? 'product' : 'shop'}`;
    let head = heads.get(key);
    if (head === undefined) {
      head = firstScreenHead(manifest, boot.language, boot.product !== null);
      heads.set(key, head);
    }
    const preloads = IMAGE_PRELOADS.exec(rendered)?.[0] ?? '';
    return {
      html: rendered.slice(preloads.length),
      head: preloads ? `${preloads}\n    ${head}` : head,
    };
  };
}

/**
 * The built server entry and manifest under `webDistDir`, or undefined when the web app was
 * built without them (or not at all): pages are then sent as before, painted by the browser.
 */
export async function loadRenderer(webDistDir: string): Promise<StorefrontRenderer | undefined> {
  const entryPath = join(webDistDir, 'server/server-entry.js');
  const manifestPath = join(webDistDir, '.vite/manifest.json');
  if (!existsSync(entryPath) || !existsSync(manifestPath)) return undefined;
  const entry = (await import(pathToFileURL(entryPath).href)) as StorefrontServerEntry;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  return createRenderer(entry, manifest);
}
