import type { TStorefrontPage, TStorefrontProductDetail } from '@linkstore/contract';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import enMessages from '../locales/en/storefront.json';
import { StorefrontApp } from './app';
import type { TEventQueue } from './events';

/** Test data and a renderer for the storefront's page tests (jsdom, fetch answered in memory). */

export const PAGE: TStorefrontPage = {
  shop: {
    slug: 'demo',
    name: 'Demo Shop',
    description: 'Good things',
    bannerUrl: null,
    imageUrl: null,
    banners: [{ imageUrl: '/b1.png', linkUrl: null, title: 'Summer sale' }],
  },
  categories: [
    {
      id: '1',
      name: 'Home',
      iconUrl: null,
      productCount: 2,
      children: [{ id: '11', name: 'Kitchen', iconUrl: null, productCount: 2, children: [] }],
    },
  ],
  products: {
    list: [
      {
        id: '101',
        title: 'Teapot',
        imageUrl: '/teapot.png',
        categoryId: '11',
        priceMinor: 1999,
        compareAtMinor: null,
        priceVaries: false,
        ratingTenths: 43,
        reviewCount: 2,
        inStock: true,
      },
      {
        id: '102',
        title: 'Kettle',
        imageUrl: null,
        categoryId: '11',
        priceMinor: 2500,
        compareAtMinor: null,
        priceVaries: false,
        ratingTenths: null,
        reviewCount: 0,
        inStock: false,
      },
    ],
    total: 3,
  },
  currencies: [
    { code: 'USD', symbol: '$', rateMicros: 1_000_000 },
    { code: 'EUR', symbol: '€', rateMicros: 920_000 },
  ],
};

export const PRODUCT: TStorefrontProductDetail = {
  ...PAGE.products.list[0]!,
  description: {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Holds tea.' }] }],
  },
  images: ['/teapot.png', '/teapot-2.png'],
  stock: 5,
  options: [],
  variants: [
    { id: '1001', valueIds: [], label: '', priceMinor: 1999, compareAtMinor: null, stock: 5, imageUrl: null },
  ],
  defaultVariantId: '1001',
  ratingCounts: [0, 0, 0, 1, 1],
  reviews: {
    list: [
      {
        id: '1',
        authorName: 'Ana',
        rating: 5,
        body: 'Lovely',
        verified: true,
        boughtVariant: '',
        createdAt: '2026-11-01T10:00:00Z',
      },
      {
        id: '2',
        authorName: 'Bo',
        rating: 4,
        body: 'Fine',
        verified: false,
        boughtVariant: '',
        createdAt: '2026-11-02T10:00:00Z',
      },
    ],
    total: 2,
  },
};

/** Data to answer, an Error to fail with, or a function of the request body and URL giving either. */
type TAnswer = unknown;

/**
 * A fetch answering `"<METHOD> <path>"` with the envelope `{code: 1, data}`; an Error answer
 * becomes `{code: 'B0001', msg}` with status 500, and an unknown path a 404.
 */
export function stubApi(answers: Record<string, TAnswer>) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, window.location.origin);
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (!(key in answers))
      return Response.json({ code: 'A0404', msg: 'Not found', data: null }, { status: 404 });
    const answer = answers[key];
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const data: unknown = await (typeof answer === 'function'
      ? (answer as (b: unknown, u: URL) => unknown)(body, url)
      : answer);
    if (data instanceof Error)
      return Response.json({ code: 'B0001', msg: data.message, data: null }, { status: 500 });
    return Response.json({ code: 1, msg: '', data });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

export const fakeEvents = (): TEventQueue => ({ record: vi.fn(), flush: vi.fn(), stop: vi.fn() });

/** Renders the storefront at `path` in English, as main.tsx would with that boot data. */
export function renderStorefront(
  path: string,
  options: {
    page?: TStorefrontPage | null;
    product?: TStorefrontProductDetail | null;
    events?: TEventQueue;
  } = {},
) {
  window.history.pushState(null, '', path);
  const page = options.page === undefined ? PAGE : options.page;
  return render(
    <StorefrontApp
      boot={{ basePath: '/s/demo', language: 'en', page, product: options.product ?? null }}
      basePath="/s/demo"
      slug={page ? 'demo' : null}
      language="en"
      messages={enMessages}
      events={options.events ?? null}
    />,
  );
}
