// Own modules: it hydrates server-rendered HTML, and React DOM keeps per-document state.
import {
  orderMoneyRows,
  orderTotals,
  type TShownTax,
  type TStorefrontBoot,
  type TStorefrontPage,
} from '@linkstore/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorefrontApp } from '../app';
import { cartFor } from '../cart';
import { loadMessages } from '../i18n';
import { render } from '../server-entry';
import { SHIP_TO_STORAGE_KEY } from '../ship-to';
import { forgetShownTaxes, SHOWN_TAX_PATH } from '../shown-tax';
import { PAGE, PRODUCT, renderStorefront, stubApi } from '../test-support';

/*
 * Issue 34: prices "incl. VAT" where the buyer's "Ship to" country shows them so (EU, UK, AU) —
 * the grid, the product page and the cart, by the checkout's own `shownUnitPrice` — and as they are
 * where the tax is added at checkout (US, CA) or there is none.
 */

const VAT: TShownTax = { name: 'VAT', rateMicros: 190_000, inclusive: true, shippingTaxed: true };
const SALES_TAX: TShownTax = { name: 'GST', rateMicros: 50_000, inclusive: false, shippingTaxed: true };

/** The Teapot at $19.99 "compare at" $25.00, and a product whose variants differ in price. */
const SALE_PAGE: TStorefrontPage = {
  ...PAGE,
  products: {
    ...PAGE.products,
    list: [
      { ...PAGE.products.list[0]!, compareAtMinor: 2500 },
      { ...PAGE.products.list[1]!, priceVaries: true, inStock: true },
    ],
  },
};

function stubShop() {
  return stubApi({
    [`GET ${SHOWN_TAX_PATH}`]: (_: unknown, url: URL) =>
      ({ DE: VAT, CA: SALES_TAX })[url.searchParams.get('countryCode') ?? ''] ?? null,
    'GET /api/v1/public/shops/demo/products/101': PRODUCT,
  });
}

const shipTo = (country: string) => localStorage.setItem(SHIP_TO_STORAGE_KEY, country);
const card = (title: string) => screen.getByRole('link', { name: title }).closest('li') as HTMLElement;

beforeEach(() => {
  forgetShownTaxes();
  localStorage.clear();
  cartFor('demo').clear();
});
afterEach(() => {
  forgetShownTaxes();
  vi.unstubAllGlobals();
});

describe('prices as the buyer’s country shows them', () => {
  it('a German buyer sees 119 % prices, labelled, on the grid, the product page and the cart', async () => {
    shipTo('DE');
    stubShop();
    renderStorefront('/s/demo', { page: SALE_PAGE });
    // 19.99 + 19 % = 23.79 (3.7981 rounded half up), as the checkout charges a unit.
    const teapot = within(card('Teapot'));
    expect(await teapot.findByText('incl. VAT')).toBeInTheDocument();
    expect(card('Teapot')).toHaveTextContent('$23.79');
    // The "compare at" price with its VAT too: 25.00 → 29.75.
    expect(teapot.getByText('Was $29.75')).toBeInTheDocument();
    expect(card('Kettle')).toHaveTextContent('From $29.75');
    expect(card('Kettle')).toHaveTextContent('incl. VAT');

    fireEvent.click(screen.getByRole('link', { name: 'Teapot' }));
    const price = await screen.findByText('$23.79', { selector: '.sf-price-large' });
    expect(price).toHaveTextContent('$23.79 incl. VAT');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    fireEvent.click(screen.getByRole('link', { name: 'View cart' }));

    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    const line = screen.getByRole('link', { name: 'Teapot' }).closest('li') as HTMLElement;
    expect(line).toHaveTextContent('$23.79 incl. VAT');
    expect(line).toHaveTextContent('$47.58');
    // The items' sum is the checkout's "Items" row for the same cart shipped to Germany.
    const [items] = orderMoneyRows({
      ...orderTotals({
        lines: [{ unitMinor: 1999, costMinor: 1000, quantity: 2 }],
        shippingMinor: 0,
        tax: VAT,
      }),
      tax: VAT,
    });
    expect(items?.minor).toBe(4758);
    expect(screen.getByText('Subtotal').closest('p')).toHaveTextContent('Subtotal $47.58 incl. VAT');
    expect(
      screen.getByText('Prices include VAT. Shipping is worked out at checkout, for the address you give.'),
    ).toBeInTheDocument();
  });

  it('a US buyer (or one whose tax is added at checkout) sees prices as they are', async () => {
    for (const country of ['US', 'CA']) {
      forgetShownTaxes();
      shipTo(country);
      const fetch = stubShop();
      const { unmount } = renderStorefront('/s/demo', { page: SALE_PAGE });
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(card('Teapot')).toHaveTextContent('$19.99');
      expect(within(card('Teapot')).getByText('Was $25.00')).toBeInTheDocument();
      expect(screen.queryByText('incl. VAT')).not.toBeInTheDocument();
      unmount();
    }
    cartFor('demo').add({ productId: '101', title: 'Teapot', imageUrl: null, priceMinor: 1999, stock: 5 }, 2);
    renderStorefront('/s/demo/cart');
    expect(await screen.findByText('Subtotal')).toBeInTheDocument();
    expect(screen.getByText('Subtotal').closest('p')).toHaveTextContent('Subtotal $39.98');
    expect(
      screen.getByText('Shipping and tax are worked out at checkout, for the address you give.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/incl\. VAT/)).not.toBeInTheDocument();
  });

  it('follows "Ship to" picked on the product page', async () => {
    shipTo('US');
    stubShop();
    renderStorefront('/s/demo/p/101');
    const price = await screen.findByText('$19.99', { selector: '.sf-price-large' });
    fireEvent.change(screen.getByLabelText('Ship to'), { target: { value: 'DE' } });
    await waitFor(() => expect(price).toHaveTextContent('$23.79 incl. VAT'));
    fireEvent.change(screen.getByLabelText('Ship to'), { target: { value: 'US' } });
    expect(price).toHaveTextContent(/^\$19\.99$/);
    // The delivery box's own quote (unanswered here) settles before the page goes.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  });
});

describe('the server’s HTML', () => {
  let container: HTMLElement;
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
  });

  it('shows prices as they are (no buyer country there), then the browser switches them without a mismatch', async () => {
    shipTo('DE');
    stubShop();
    const boot: TStorefrontBoot = { basePath: '/s/demo', language: 'en', page: PAGE, product: null };
    window.history.pushState(null, '', '/s/demo');
    const html = (await render(boot, '/s/demo')) ?? '';
    expect(html).toContain('$19.99');
    expect(html).not.toContain('incl. VAT');

    container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    const messages = await loadMessages('en');
    await act(async () => {
      root = hydrateRoot(
        container,
        <StorefrontApp
          boot={boot}
          basePath="/s/demo"
          slug="demo"
          language="en"
          messages={messages}
          events={null}
          hydrating
        />,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
    await waitFor(() => expect(card('Teapot')).toHaveTextContent('$23.79 incl. VAT'));
    expect(recoverable).toEqual([]);
    const reported = consoleError.mock.calls.filter(
      (call) => !String(call[0]).includes('multiple renderers concurrently'),
    );
    expect(reported).toEqual([]);
  });
});
