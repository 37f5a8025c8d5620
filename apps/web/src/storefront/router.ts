import { useSyncExternalStore } from 'react';

/**
 * The storefront's pages, from `location.pathname`. The storefront is a separate app from the
 * studio and uses real paths with the History API (decision 0021), so a shared link is the page.
 */
export type TRoute =
  | { name: 'shop' }
  | { name: 'product'; id: string }
  | { name: 'cart' }
  | { name: 'checkout' }
  | { name: 'payauth' }
  | { name: 'payresult' }
  | { name: 'notFound' };

/** The page for `pathname`; shop pages live under `basePath`, the payment pages at the root. */
export function matchRoute(pathname: string, basePath: string): TRoute {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/payauth') return { name: 'payauth' };
  if (path === '/payresult') return { name: 'payresult' };
  if (basePath !== '' && path !== basePath && !path.startsWith(`${basePath}/`)) return { name: 'notFound' };
  const rest = path.slice(basePath.length) || '/';
  if (rest === '/') return { name: 'shop' };
  if (rest === '/cart') return { name: 'cart' };
  if (rest === '/checkout') return { name: 'checkout' };
  const product = /^\/p\/([1-9]\d{0,14})$/.exec(rest);
  return product?.[1] ? { name: 'product', id: product[1] } : { name: 'notFound' };
}

/** Leaves the app for `url` with a full page load (the payment provider, a new language). */
export const leave = {
  to: (url: string): void => window.location.assign(url),
};

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Goes to `href` (same origin) without reloading, at the top of the new page. */
export function navigate(href: string): void {
  window.history.pushState(null, '', href);
  window.scrollTo(0, 0);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The current path and query; re-renders on navigate() and on the back/forward buttons. */
export function useLocationKey(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname + window.location.search);
}

/**
 * Same-origin links to storefront pages navigate in place: a plain left click on an `<a>` under
 * `basePath` (or a payment page). Modified clicks, new tabs and downloads keep the browser's way.
 */
export function interceptLinks(root: HTMLElement, basePath: string): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    if (matchRoute(url.pathname, basePath).name === 'notFound') return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
