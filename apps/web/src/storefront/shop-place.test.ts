import type { TStorefrontProductCard } from '@linkstore/contract';
import { describe, expect, it, vi } from 'vitest';
import { listAt, loadList, MAX_PAGES, placeParams, readPlace, rememberList } from './shop-place';

const card = (id: string): TStorefrontProductCard => ({
  id,
  title: `Product ${id}`,
  imageUrl: null,
  categoryId: '1',
  priceMinor: 100,
  compareAtMinor: null,
  priceVaries: false,
  ratingTenths: null,
  reviewCount: 0,
  inStock: true,
});
const FIRST = { list: [card('1'), card('2')], total: 5 };

describe('the place in the URL', () => {
  it('reads the search, the category and the pages shown', () => {
    expect(readPlace('?q=tea+pot&c=12&page=3&lang=es')).toEqual({
      keywords: 'tea pot',
      categoryId: '12',
      pages: 3,
    });
    expect(readPlace('')).toEqual({ pages: 1 });
  });

  it('leaves out what it cannot use: blank search, bad category, odd page numbers', () => {
    expect(readPlace('?q=%20%20&c=0&page=0')).toEqual({ pages: 1 });
    expect(readPlace('?c=abc&page=-2')).toEqual({ pages: 1 });
    expect(readPlace('?page=1.5')).toEqual({ pages: 1 });
    expect(readPlace(`?q=${'x'.repeat(80)}`).keywords).toHaveLength(50);
    expect(readPlace('?page=500').pages).toBe(MAX_PAGES);
  });

  it('writes only what differs from the whole first page, and reads back what it wrote', () => {
    expect(placeParams({ pages: 1 })).toEqual({ q: undefined, c: undefined, page: undefined });
    const place = { keywords: 'mug', categoryId: '7', pages: 2 };
    expect(placeParams(place)).toEqual({ q: 'mug', c: '7', page: '2' });
    const params = new URLSearchParams(placeParams(place) as Record<string, string>);
    expect(readPlace(`?${params.toString()}`)).toEqual(place);
  });
});

describe('the list at a place', () => {
  it('is the one remembered for the same place, else the embedded first page, else to be loaded', () => {
    const shown = { place: { keywords: 'mug', pages: 2 }, products: [card('9'), card('8')], total: 30 };
    rememberList('shop-a', shown);

    expect(listAt('shop-a', { keywords: 'mug', pages: 2 }, FIRST)).toBe(shown);
    expect(listAt('shop-a', { keywords: 'mug', pages: 1 }, FIRST)).toBeNull();
    expect(listAt('shop-b', { keywords: 'mug', pages: 2 }, FIRST)).toBeNull();
    expect(listAt('shop-a', { pages: 1 }, FIRST)).toEqual({
      place: { pages: 1 },
      products: FIRST.list,
      total: 5,
    });
    expect(listAt('shop-a', { pages: 2 }, FIRST)).toBeNull();
    expect(listAt('shop-a', { pages: 1 }, null)).toBeNull();
  });

  it('loads every page shown, in order, once each; the embedded first page stands for page 1', async () => {
    const fetchPage = vi.fn(async (pageNum: number) =>
      pageNum === 2 ? { list: [card('3'), card('4')], total: 5 } : { list: [card('4'), card('5')], total: 5 },
    );
    const list = await loadList({ pages: 3 }, FIRST, fetchPage);

    expect(fetchPage.mock.calls.map(([pageNum]) => pageNum)).toEqual([2, 3]);
    // A product that moved to the next page meanwhile is shown once.
    expect(list.products.map((p) => p.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(list.total).toBe(5);
  });

  it('asks for page 1 too when the list is filtered (the embedded page is the whole shop)', async () => {
    const fetchPage = vi.fn(async (pageNum: number) => ({ list: [card(`m${pageNum}`)], total: 2 }));
    const list = await loadList({ keywords: 'mug', pages: 2 }, FIRST, fetchPage);

    expect(fetchPage.mock.calls.map(([pageNum]) => pageNum)).toEqual([1, 2]);
    expect(list).toEqual({
      place: { keywords: 'mug', pages: 2 },
      products: [card('m1'), card('m2')],
      total: 2,
    });
  });
});
