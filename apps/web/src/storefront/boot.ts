import type { TStorefrontBoot } from '@linkstore/contract';

/** The contract's STOREFRONT_DATA_ELEMENT_ID, copied: its module would bring zod (checked in a test). */
export const BOOT_ELEMENT_ID = 'storefront-data';

/**
 * The data the server embedded in the page (`#storefront-data`), so the first screen renders
 * without a request. Null when it is missing or unreadable (plain dev server, a cached page):
 * the app then fetches what it needs.
 */
export function readBoot(doc: Document): TStorefrontBoot | null {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const boot = JSON.parse(text) as TStorefrontBoot | null;
    return boot && typeof boot.basePath === 'string' ? boot : null;
  } catch {
    return null;
  }
}

/** Where the shop lives without boot data: `/s/<slug>` on the main host, else the subdomain. */
export function locateShop(location: Pick<Location, 'pathname' | 'hostname'>): {
  basePath: string;
  slug: string | null;
} {
  const match = /^\/s\/([^/]+)/.exec(location.pathname);
  if (match?.[1]) return { basePath: `/s/${match[1]}`, slug: decodeURIComponent(match[1]).toLowerCase() };
  if (/^\/(payauth|payresult)\b/.test(location.pathname)) return { basePath: '', slug: null };
  const isName = location.hostname.includes('.') && !/^[\d.]+$/.test(location.hostname);
  return { basePath: '', slug: isName ? (location.hostname.split('.')[0] ?? null) : null };
}
