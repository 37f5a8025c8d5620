import type { TStorefrontBoot } from '@linkstore/contract';
import { prerender } from 'react-dom/static';
import { StorefrontApp } from './app';
import { matchRoute } from './router';
import { loadMessages } from './i18n';

/**
 * The storefront's first screen rendered on the server (decision 0034): the same components the
 * browser runs, from the same boot data the page embeds, so the browser hydrates it as it is.
 * Built by `scripts/build-web.mjs` as `dist/server/server-entry.js`; the server loads it at start
 * and puts its HTML into the rendered page it caches (modules/storefront/storefront-pages.ts).
 *
 * Only the shop and product pages: the cart and checkout show the buyer's stored cart, which the
 * server cannot know. The shop page is rendered at its first place (no search, no category, one
 * page); the browser renders a page asked with another place itself.
 */
export async function render(boot: TStorefrontBoot, pathname: string): Promise<string | null> {
  if (!boot.page) return null;
  const route = matchRoute(pathname, boot.basePath);
  if (route.name !== 'shop' && route.name !== 'product') return null;
  if (route.name === 'product' && boot.product?.id !== route.id) return null;
  const messages = await loadMessages(boot.language);
  const { prelude } = await prerender(
    <StorefrontApp
      boot={boot}
      basePath={boot.basePath}
      slug={boot.page.shop.slug}
      language={boot.language}
      messages={messages}
      events={null}
      location={{ pathname, search: '' }}
      hydrating
    />,
    // Every boundary inline, however large: an outlined one is revealed by an inline script,
    // which the Content Security Policy refuses (the page would stay at its fallback).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/** The modules a page's first screen needs besides the entry (for `<link rel=modulepreload>`). */
export const FIRST_SCREEN_MODULES = {
  product: 'src/storefront/pages/product-page.tsx',
  messages: (language: string) => `src/locales/${language}/storefront.json`,
} as const;
