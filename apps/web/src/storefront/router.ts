import { isInfoPageKey, type TInfoPageKey } from '@linkstore/contract';
import { useLayoutEffect, useSyncExternalStore } from 'react';

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
  | { name: 'info'; page: TInfoPageKey }
  | { name: 'review'; token: string }
  | { name: 'order'; token: string }
  | { name: 'findOrder' }
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
  if (rest === '/orders/find') return { name: 'findOrder' };
  const info = /^\/info\/([a-z]+)$/.exec(rest)?.[1];
  if (info !== undefined) return isInfoPageKey(info) ? { name: 'info', page: info } : { name: 'notFound' };
  const product = /^\/p\/([1-9]\d{0,14})$/.exec(rest);
  if (product?.[1]) return { name: 'product', id: product[1] };
  // The review link of an order item, from the invitation mail (the server judges the token).
  const review = /^\/review\/([A-Za-z0-9_-]{1,100})$/.exec(rest);
  if (review?.[1]) return { name: 'review', token: review[1] };
  // The order's page, from the link in every buyer mail: `<payload>.<signature>` as the contract's
  // ZOrderLinkToken (the server judges the signature).
  const order = /^\/order\/([A-Za-z0-9_-]{4,40}\.[A-Za-z0-9_-]{20,64})$/.exec(rest);
  return order?.[1] ? { name: 'order', token: order[1] } : { name: 'notFound' };
}

/** Leaves the app for `url` with a full page load (the payment provider, a new language). */
export const leave = {
  to: (url: string): void => window.location.assign(url),
  /** Leaves in place of this page: Back skips it (an approval page once approved). */
  replace: (url: string): void => window.location.replace(url),
};

const listeners = new Set<() => void>();
/** Changes on navigate() and on the back/forward buttons, not on replaceQuery(). */
let navigationKey = 0;
/** Where the entry just returned to (back/forward, reload) was scrolled to, until a page takes it. */
let pendingScroll: number | null = null;
let started = false;

/** The scroll position kept in a history entry's state by saveScroll(). */
function scrollOf(state: unknown): number | null {
  const y = (state as { scrollY?: unknown } | null)?.scrollY;
  return typeof y === 'number' && Number.isFinite(y) && y >= 0 ? y : null;
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;

/** Notes in the current history entry how far it is scrolled, for coming back to it. */
function saveScroll(): void {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  const state: unknown = window.history.state;
  window.history.replaceState({ ...(typeof state === 'object' ? state : null), scrollY: window.scrollY }, '');
}

function notify(): void {
  navigationKey += 1;
  for (const listener of listeners) listener();
}

/** Once scrolling pauses: browsers limit how often the history may be written. */
function saveScrollSoon(): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveScroll, 200);
}

function onPopState(event: PopStateEvent): void {
  // A save still waiting belongs to the entry just left, not to this one.
  clearTimeout(saveTimer);
  pendingScroll = scrollOf(event.state) ?? 0;
  notify();
}

/**
 * Once: pages put the scroll back themselves when their content is there (useRestoreScroll), so
 * the browser's own restoring, which comes before the content, is turned off. The position is
 * kept in the history entry as the buyer scrolls, before a link is followed and when the page is
 * left (another site, a reload), and read back when the buyer returns to the entry.
 */
function start(): void {
  if (started) return;
  started = true;
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  pendingScroll = scrollOf(window.history.state);
  window.addEventListener('popstate', onPopState);
  window.addEventListener('pagehide', saveScroll);
  window.addEventListener('scroll', saveScrollSoon, { passive: true });
}

/** Goes to `href` (same origin) without reloading, at the top of the new page. */
export function navigate(href: string): void {
  start();
  saveScroll();
  window.history.pushState(null, '', href);
  pendingScroll = null;
  window.scrollTo(0, 0);
  notify();
}

/**
 * Sets (or, with undefined or '', removes) query parameters of the current entry, keeping the
 * others (`lang`, traffic sources): a page's own state in its URL. Not a navigation: nothing
 * re-renders, and Back still leaves the page.
 */
export function replaceQuery(params: Record<string, string | undefined>): void {
  const url = new URL(window.location.href);
  for (const [key, value] of Object.entries(params)) {
    if (value) url.searchParams.set(key, value);
    else url.searchParams.delete(key);
  }
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/**
 * Back (or forward, or reloaded) to a page: once `ready` (its content rendered at full height),
 * scrolls to where the buyer left it (the top when nothing was kept). A page reached by a link
 * stays at the top.
 */
export function useRestoreScroll(ready: boolean): void {
  useLayoutEffect(() => {
    start();
    if (!ready || pendingScroll === null) return;
    const y = pendingScroll;
    pendingScroll = null;
    window.scrollTo(0, y);
  }, [ready]);
}

function subscribe(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * A key for the current page visit: re-renders on navigate() and on the back/forward buttons
 * (a new visit of the same URL too), not when a page keeps its state in the URL (replaceQuery).
 */
export function useNavigationKey(): number {
  // The server (and hydration) sees the first visit.
  return useSyncExternalStore(
    subscribe,
    () => navigationKey,
    () => 0,
  );
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
