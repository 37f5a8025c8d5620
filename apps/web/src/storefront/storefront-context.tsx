import type { TInfoPageKey, TLanguage, TStorefrontCurrency, TStorefrontPage } from '@linkstore/contract';
import { createContext, useContext } from 'react';
import type { TCartStore } from './cart';
import type { TEventQueue } from './events';
import type { TTranslate } from './i18n';

/** What every storefront page reads: where the shop lives, its data, language, money, cart. */
export interface TStorefront {
  /** `/s/<slug>` on the main host, '' on the shop's own subdomain. */
  basePath: string;
  slug: string | null;
  /** The shop's first page (shop, categories, first products, currencies); null on payment pages. */
  page: TStorefrontPage | null;
  /** The page address's query (`?q=&c=&page=`, `lang`…): the browser's, or the server's request. */
  search: () => string;
  language: TLanguage;
  /** The language as a BCP 47 tag for Intl. */
  locale: string;
  t: TTranslate;
  setLanguage: (language: TLanguage) => void;
  currency: TStorefrontCurrency | null;
  setCurrency: (code: string) => void;
  /** US cents in the buyer's currency (an approximation: orders are charged in US dollars). */
  price: (usdMinor: number) => string;
  /** US cents as the US-dollar amount that is charged. */
  usd: (usdMinor: number) => string;
  cart: TCartStore | null;
  events: TEventQueue | null;
}

export const StorefrontContext = createContext<TStorefront | null>(null);

export function useStorefront(): TStorefront {
  const value = useContext(StorefrontContext);
  if (!value) throw new Error('useStorefront outside StorefrontContext');
  return value;
}

/** The href of a shop page: `path` is '' for the shop, '/p/<id>', '/cart' or '/checkout'. */
export function shopHref(basePath: string, path = ''): string {
  return `${basePath}${path}` || '/';
}

/** The href of one of the platform's information pages, shown inside the shop. */
export function infoHref(basePath: string, page: TInfoPageKey): string {
  return shopHref(basePath, `/info/${page}`);
}
