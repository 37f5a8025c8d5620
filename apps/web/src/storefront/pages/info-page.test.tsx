import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import esMessages from '../../locales/es/storefront.json';
import { StorefrontApp } from '../app';
import { cartFor } from '../cart';
import { matchRoute } from '../router';
import { fakeEvents, PAGE, PRODUCT, renderStorefront, stubApi } from '../test-support';

const RETURNS = {
  page: 'returns',
  lang: 'en',
  doc: {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: '30 days to return.' }] }],
  },
};

/** A shipping method as the public zones list answers it. */
const METHOD = {
  kind: 'items' as const,
  firstItemMinor: 0,
  additionalItemMinor: 0,
  weightBands: [],
  minDays: 4,
  maxDays: 8,
  freeOverMinor: null,
  currencyCode: 'USD',
  sort: 1,
  enabled: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('information pages', () => {
  it('are routes of the shop: /info/<page> for the five pages only', () => {
    expect(matchRoute('/s/demo/info/returns', '/s/demo')).toEqual({ name: 'info', page: 'returns' });
    expect(matchRoute('/info/privacy', '')).toEqual({ name: 'info', page: 'privacy' });
    expect(matchRoute('/s/demo/info/about', '/s/demo')).toEqual({ name: 'notFound' });
  });

  it('every page of a shop links them in its footer; a link opens the page in place', async () => {
    const fetch = stubApi({ 'GET /api/v1/public/info-pages/returns': RETURNS });
    renderStorefront('/s/demo');
    const footer = within(screen.getByRole('navigation', { name: 'Shop information' }));
    expect(footer.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Shipping', '/s/demo/info/shipping'],
      ['Returns', '/s/demo/info/returns'],
      ['Contact', '/s/demo/info/contact'],
      ['Terms of sale', '/s/demo/info/terms'],
      ['Privacy', '/s/demo/info/privacy'],
      ['Find my order', '/s/demo/orders/find'],
    ]);

    fireEvent.click(footer.getByRole('link', { name: 'Returns' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Returns' })).toBeInTheDocument();
    expect(screen.getByText('30 days to return.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/s/demo/info/returns');
    expect(String(fetch.mock.lastCall?.[0])).toBe('/api/v1/public/info-pages/returns');
    // Written in the buyer's language: no note, no other language marked.
    expect(screen.queryByText(/shown in English/)).not.toBeInTheDocument();
  });

  it('the shipping page lists the rates from the zones checkout charges by, countries in the buyer’s language', async () => {
    stubApi({
      'GET /api/v1/public/info-pages/shipping': { ...RETURNS, page: 'shipping' },
      'GET /api/v1/public/shipping/zones': [
        {
          id: '1',
          name: 'Europe',
          countries: ['FR', 'DE'],
          regions: {},
          methods: [
            {
              ...METHOD,
              id: '1',
              name: 'Standard',
              firstItemMinor: 999,
              additionalItemMinor: 200,
              freeOverMinor: 9000,
            },
            {
              ...METHOD,
              id: '2',
              name: 'Heavy',
              kind: 'weight',
              weightBands: [
                { upToGrams: 500, rateMinor: 1499 },
                { upToGrams: 2000, rateMinor: 3499 },
              ],
            },
          ],
        },
      ],
    });
    renderStorefront('/s/demo/info/shipping');
    const rates = await screen.findByRole('region', { name: 'Rates and delivery times' });
    expect(within(rates).getByRole('heading', { level: 3, name: 'Europe' })).toBeInTheDocument();
    expect(rates).toHaveTextContent('France, Germany');
    expect(rates).toHaveTextContent(
      'Standard · 4–8 business days$9.99 for the first item, $2.00 for each additional one · free on orders over $90.00',
    );
    expect(rates).toHaveTextContent('Heavy · 4–8 business daysup to 0.5 kg: $14.99 · up to 2 kg: $34.99');
  });

  it('says so when the page is shown in English, and marks the text as English', async () => {
    stubApi({ 'GET /api/v1/public/info-pages/returns': RETURNS });
    window.history.pushState(null, '', '/s/demo/info/returns');
    render(
      <StorefrontApp
        boot={{ basePath: '/s/demo', language: 'es', page: PAGE, product: null }}
        basePath="/s/demo"
        slug="demo"
        language="es"
        messages={esMessages}
        events={null}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Devoluciones' })).toBeInTheDocument();
    expect(screen.getByText(esMessages.info.inEnglish)).toBeInTheDocument();
    expect(screen.getByText('30 days to return.').closest('[lang]')).toHaveAttribute('lang', 'en');
  });

  it('a page that fails to load offers to try again', async () => {
    let fail = true;
    stubApi({
      'GET /api/v1/public/info-pages/terms': () => (fail ? new Error('down') : { ...RETURNS, page: 'terms' }),
    });
    renderStorefront('/s/demo/info/terms');
    expect(await screen.findByText('This page could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('30 days to return.')).toBeInTheDocument();
  });

  it('the checkout links the terms, returns and privacy pages next to the pay button', async () => {
    const cart = cartFor('demo');
    cart.clear();
    cart.add({ productId: '101', title: 'Teapot', imageUrl: null, priceMinor: 1999, stock: 5 }, 1);
    stubApi({});
    renderStorefront('/s/demo/checkout');
    const pay = await screen.findByRole('button', { name: 'Pay with PayPal' });
    const sentence = pay.closest('form')?.querySelector<HTMLElement>('.sf-accept');
    expect(sentence).toHaveTextContent(
      'By paying you accept the terms of sale, the returns policy and the privacy policy.',
    );
    expect(
      within(sentence as HTMLElement)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/s/demo/info/terms', '/s/demo/info/returns', '/s/demo/info/privacy']);
  });
});

describe('sharing a product', () => {
  it('copies the link when the browser cannot share, and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    const events = fakeEvents();
    renderStorefront('/s/demo/p/101', { product: PRODUCT, events });
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s/demo/p/101`);
    expect(events.record).toHaveBeenCalledWith('click', '101');
  });

  it("opens the phone's share sheet with the product's title and link", async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
    renderStorefront('/s/demo/p/101', { product: PRODUCT });
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Teapot', url: `${window.location.origin}/s/demo/p/101` });
    expect(writeText).not.toHaveBeenCalled();
  });
});
