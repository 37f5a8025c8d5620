import type { TStorefrontProductCard, TStorefrontProductPage } from '@linkstore/contract';

/**
 * The buyer's place in a shop's list, kept in the URL (`?q=&c=&page=`) so Back from a product, a
 * reload or a shared link shows the same list: the search, the category and how many pages
 * "Show more" loaded. The scroll position is kept by the router (useRestoreScroll).
 */
export interface TPlace {
  keywords?: string;
  categoryId?: string;
  /** Pages shown, from 1. */
  pages: number;
}

/** The server's page of products (its first page, embedded, has as many). */
export const PAGE_SIZE = 24;
/** A link asking for more pages gets this many (a list of 240 products), not a request storm. */
export const MAX_PAGES = 10;
/** The longest search the server takes. */
export const MAX_KEYWORDS = 50;

const CATEGORY_ID = /^[1-9]\d{0,14}$/;

/** The place a query string names; anything unreadable is left out (the whole first page). */
export function readPlace(search: string): TPlace {
  const params = new URLSearchParams(search);
  const keywords = (params.get('q') ?? '').trim().slice(0, MAX_KEYWORDS);
  const categoryId = params.get('c') ?? '';
  const pages = Number(params.get('page'));
  return {
    ...(keywords ? { keywords } : {}),
    ...(CATEGORY_ID.test(categoryId) ? { categoryId } : {}),
    pages: Number.isInteger(pages) && pages > 1 ? Math.min(pages, MAX_PAGES) : 1,
  };
}

/** The query parameters for `place` (for replaceQuery): the first page and no filter are left out. */
export function placeParams(place: TPlace): Record<string, string | undefined> {
  return {
    q: place.keywords,
    c: place.categoryId,
    page: place.pages > 1 ? String(place.pages) : undefined,
  };
}

/** A list as shown: its place and the products of its pages. */
export interface TShownList {
  place: TPlace;
  products: TStorefrontProductCard[];
  total: number;
}

const samePlace = (a: TPlace, b: TPlace) =>
  a.keywords === b.keywords && a.categoryId === b.categoryId && a.pages === b.pages;

/**
 * The list last shown in this page load, by shop: Back from a product shows it at once, exactly
 * as it was (same products, same order), without asking the server again.
 */
const shown = new Map<string, TShownList>();

export function rememberList(slug: string, list: TShownList): void {
  shown.set(slug, list);
}

/**
 * The list to show at once for `place`: the one remembered, or the shop's embedded first page
 * when that is all it asks for; null when it must be loaded.
 */
export function listAt(
  slug: string,
  place: TPlace,
  firstPage: TStorefrontProductPage | null,
): TShownList | null {
  const remembered = shown.get(slug);
  if (remembered && samePlace(remembered.place, place)) return remembered;
  if (firstPage && !place.keywords && !place.categoryId && place.pages === 1)
    return { place, products: firstPage.list, total: firstPage.total };
  return null;
}

/**
 * Loads the pages of `place` together (a reload, a shared link); the embedded first page is used
 * when it is the same list. `fetchPage` asks the server for one page.
 */
export async function loadList(
  place: TPlace,
  firstPage: TStorefrontProductPage | null,
  fetchPage: (pageNum: number) => Promise<TStorefrontProductPage>,
): Promise<TShownList> {
  const unfiltered = !place.keywords && !place.categoryId;
  const answers = await Promise.all(
    Array.from({ length: place.pages }, (_, index) =>
      index === 0 && unfiltered && firstPage ? Promise.resolve(firstPage) : fetchPage(index + 1),
    ),
  );
  const products = answers.reduce<TStorefrontProductCard[]>(
    (list, answer) => appendNew(list, answer.list),
    [],
  );
  return { place, products, total: answers[answers.length - 1]?.total ?? 0 };
}

/** Products of `next` not already shown (a product added meanwhile shifts the pages). */
export function appendNew(
  current: TStorefrontProductCard[],
  next: TStorefrontProductCard[],
): TStorefrontProductCard[] {
  const seen = new Set(current.map((p) => p.id));
  return [...current, ...next.filter((p) => !seen.has(p.id))];
}
