import { ErrorCode } from '@linkstore/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NOT_FOUND } from '../api';
import { cartFor, PAYING_STORAGE_KEY } from '../cart';
import { leave } from '../router';
import { readStorage } from '../storage';
import { SHOP_PATH_STORAGE_KEY } from './checkout-page';
import { SHIP_TO_STORAGE_KEY } from '../ship-to';
import { fakeEvents, PAGE, PRODUCT, renderStorefront, stubApi } from '../test-support';

const MUG = { ...PAGE.products.list[0]!, id: '103', title: 'Mug', priceMinor: 900 };

const NOT_SHIPPED = {
  shippable: false,
  methods: [],
  shippingMethodId: null,
  itemsMinor: 1_999,
  discountMinor: 0,
  discountTaxMinor: 0,
  discountCode: null,
  shippingMinor: 0,
  shippingTaxMinor: 0,
  taxMinor: 0,
  totalMinor: 1_999,
  currencyCode: 'USD',
  tax: null,
};

describe('shop pages', () => {
  it('shop page: shop, grid in the chosen currency, load more and categories', async () => {
    const fetch = stubApi({
      'GET /api/v1/public/shops/demo/products': (_: unknown, url: URL) =>
        url.searchParams.get('categoryId') === '1'
          ? { list: [MUG], total: 1 }
          : { list: [MUG], total: 3, page: url.searchParams.get('pageNum') },
    });
    const events = fakeEvents();
    renderStorefront('/s/demo', { events });

    expect(screen.getByRole('heading', { level: 1, name: 'Demo Shop' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Summer sale' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Teapot' })).toHaveAttribute('href', '/s/demo/p/101');
    expect(screen.getByText('$19.99')).toBeInTheDocument();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(events.record).toHaveBeenCalledWith('view');

    fireEvent.change(screen.getByRole('combobox', { name: 'Currency' }), { target: { value: 'EUR' } });
    expect(screen.getByText('≈ €18.39')).toBeInTheDocument();
    expect(localStorage.getItem('storefrontCurrency')).toBe('EUR');

    fireEvent.click(screen.getByRole('button', { name: 'Show more products' }));
    expect(await screen.findByRole('link', { name: 'Mug' })).toBeInTheDocument();
    expect(String(fetch.mock.lastCall?.[0])).toContain('pageNum=2');
    expect(screen.queryByRole('button', { name: 'Show more products' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Home' }));
    const kitchen = await screen.findByRole('button', { name: 'Kitchen' });
    expect(screen.getByRole('button', { name: 'Home' })).toHaveAttribute('aria-pressed', 'true');
    expect(kitchen).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('Mug')).toBeInTheDocument();
    expect(screen.queryByText('Teapot')).not.toBeInTheDocument();
  });

  it('a search answered after the buyer went on to a product leaves the product page’s address alone', async () => {
    let answer = (_: unknown) => {};
    const fetch = stubApi({
      'GET /api/v1/public/shops/demo/products': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
      'GET /api/v1/public/shops/demo/products/101': PRODUCT,
    });
    renderStorefront('/s/demo');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), {
      target: { value: 'mug' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // Before the search answers, the buyer opens a product of the list still shown.
    fireEvent.click(screen.getByRole('link', { name: 'Teapot' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Teapot' })).toBeInTheDocument();
    // The answer and everything it sets off, settled (act awaits the promises it starts).
    const replaced = vi.spyOn(window.history, 'replaceState');
    await act(async () => {
      answer({ list: [MUG], total: 1 });
      const searched = fetch.mock.calls.findIndex(([url]) => String(url).includes('keywords=mug'));
      await fetch.mock.results[searched]?.value;
    });
    expect(replaced.mock.calls.map((call) => call[2])).toEqual([]);
    expect(window.location.pathname + window.location.search).toBe('/s/demo/p/101');
  });

  it('product page: fetched when not embedded, reviews marked verified only when bought, add to cart', async () => {
    cartFor('demo').clear();
    stubApi({ 'GET /api/v1/public/shops/demo/products/101': PRODUCT });
    const events = fakeEvents();
    renderStorefront('/s/demo/p/101', { events });

    expect(await screen.findByRole('heading', { level: 1, name: 'Teapot' })).toBeInTheDocument();
    expect(screen.getByText('Holds tea.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Teapot, image 2 of 2' })).toBeInTheDocument();
    const reviews = within(screen.getByRole('region', { name: 'Customer reviews (2)' }));
    expect(reviews.getAllByText('Verified purchase')).toHaveLength(1);
    expect(reviews.getByText('Lovely').closest('li')).toHaveTextContent('Verified purchase');
    expect(reviews.getByText('Fine').closest('li')).not.toHaveTextContent('Verified purchase');

    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    // Said at the bottom of the screen (where the buyer looks), with the way to the cart.
    const toast = screen.getByText('Added to your cart.').closest('.sf-toast') as HTMLElement;
    expect(toast.closest('[role="status"]')).not.toBeNull();
    expect(within(toast).getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/s/demo/cart');
    fireEvent.click(within(toast).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Added to your cart.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart 2 items' })).toBeInTheDocument();
    expect(events.record).toHaveBeenCalledWith('view', '101');
    expect(events.record).toHaveBeenCalledWith('cart', '101');
  });

  it('product page: how it ships to the buyer’s country and its price with the VAT included there', async () => {
    localStorage.setItem(SHIP_TO_STORAGE_KEY, 'DE');
    const asked: unknown[] = [];
    stubApi({
      'GET /api/v1/public/shops/demo/products/101': PRODUCT,
      'POST /api/v1/public/checkout/quote': (body: { countryCode: string }) => {
        asked.push(body);
        if (body.countryCode === 'BR') return NOT_SHIPPED;
        return {
          ...NOT_SHIPPED,
          shippable: true,
          methods: [{ methodId: '7', name: 'Standard', costMinor: 999, minDays: 4, maxDays: 8, free: false }],
          shippingMethodId: '7',
          tax: { name: 'VAT', rateMicros: 190_000, inclusive: true },
        };
      },
    });
    renderStorefront('/s/demo/p/101');
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByLabelText('Ship to')).toHaveValue('DE');
    // 19.99 with 19 % VAT: 19.99 + 3.80 (3.7981 rounded half up).
    expect(await within(delivery).findByText('$23.79 including VAT (19%)')).toBeInTheDocument();
    expect(
      within(delivery).getByText('Standard: $9.99, 4–8 business days after dispatch'),
    ).toBeInTheDocument();
    expect(asked[0]).toMatchObject({
      shop: 'demo',
      countryCode: 'DE',
      items: [{ productId: '101', quantity: 1 }],
    });

    fireEvent.change(within(delivery).getByLabelText('Ship to'), { target: { value: 'BR' } });
    expect(await within(delivery).findByText(/We do not ship to Brazil yet/)).toBeInTheDocument();
    // Kept for the checkout's address.
    expect(localStorage.getItem(SHIP_TO_STORAGE_KEY)).toBe('BR');
    localStorage.removeItem(SHIP_TO_STORAGE_KEY);
  });

  it('product page of a product the shop does not sell: "Product not found" with the way back', async () => {
    expect(NOT_FOUND).toBe(ErrorCode.NOT_FOUND);
    // No answer for product 999: the stub answers 404 A0404, as the server does.
    stubApi({});
    renderStorefront('/s/demo/p/999');

    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByText('This product is not sold in this shop any more.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/s/demo');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('cart and checkout: quantities, totals, validation, one order placed, off to pay', async () => {
    const cart = cartFor('demo');
    cart.clear();
    cart.add({ productId: '101', title: 'Teapot', imageUrl: null, priceMinor: 1999, stock: 5 }, 1);
    let release = () => {};
    // The server's quote: Portugal ships by Standard (free over the threshold) or Express, VAT included.
    const quote = (body: { countryCode: string; shippingMethodId?: string }) => {
      const express = body.shippingMethodId === '8';
      const shipping = express ? 1_499 : 0;
      const vat = Math.round(3_998 * 0.23) + Math.round(shipping * 0.23);
      return body.countryCode === 'BR'
        ? { ...NOT_SHIPPED }
        : {
            shippable: true,
            methods: [
              { methodId: '7', name: 'Standard', costMinor: 0, minDays: 3, maxDays: 5, free: true },
              { methodId: '8', name: 'Express', costMinor: 1_499, minDays: 1, maxDays: 2, free: false },
            ],
            shippingMethodId: express ? '8' : '7',
            itemsMinor: 3_998,
            discountMinor: 0,
            discountTaxMinor: 0,
            discountCode: null,
            shippingMinor: shipping,
            shippingTaxMinor: Math.round(shipping * 0.23),
            taxMinor: vat,
            totalMinor: 3_998 + shipping + vat,
            currencyCode: 'USD',
            tax: { name: 'VAT', rateMicros: 230_000, inclusive: true },
          };
    };
    const fetch = stubApi({
      'POST /api/v1/public/checkout/quote': quote,
      'POST /api/v1/public/checkout': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              orderNo: 'LS261122-K3J9Q2ZD',
              totalMinor: 3998,
              currencyCode: 'USD',
              approveUrl: '/payauth?token=T1',
            });
        }),
    });
    const leaveTo = vi.spyOn(leave, 'to').mockImplementation(() => undefined);
    renderStorefront('/s/demo/cart');

    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'One more Teapot' }));
    expect(screen.getByLabelText('Quantity of Teapot')).toHaveValue(2);
    expect(screen.getAllByText('$39.98').length).toBeGreaterThan(0);
    // No total the cart could not keep: shipping and tax come with the address.
    expect(screen.getByText('Subtotal')).toBeInTheDocument();
    expect(
      screen.getByText('Shipping and tax are worked out at checkout, for the address you give.'),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Checkout' }));
    const pay = await screen.findByRole('button', { name: 'Pay with PayPal' });
    // Priced for the country: the methods, and prices with the VAT they include.
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'PT' } });
    expect(await screen.findByRole('radio', { name: /Standard/ })).toBeChecked();
    await vi.waitFor(() => expect(pay).toBeEnabled());
    // The summary names what is being paid for, with a way back to change it.
    const summary = screen.getByRole('list', { name: 'Summary' });
    expect(summary).toHaveTextContent('Teapot · Qty 2$49.18');
    const rows = () => [...document.querySelectorAll('.sf-money-row')].map((row) => row.textContent);
    expect(rows()).toEqual(['Items$49.18', 'ShippingFree', 'Total$49.18', 'Includes VAT (23%)$9.20']);
    fireEvent.click(screen.getByRole('radio', { name: /Express/ }));
    await vi.waitFor(() =>
      expect(rows()).toEqual(['Items$49.18', 'Shipping$18.44', 'Total$67.62', 'Includes VAT (23%)$12.65']),
    );
    expect(screen.getByRole('link', { name: 'Edit cart' })).toHaveAttribute('href', '/s/demo/cart');
    fireEvent.click(pay);
    expect(screen.getAllByText('Please fill this in.')).toHaveLength(5);
    expect(screen.getByLabelText('Email for the confirmation')).toHaveFocus();
    const placing = () => fetch.mock.calls.filter(([url]) => String(url).endsWith('/public/checkout'));
    expect(placing()).toHaveLength(0);

    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Email for the confirmation', 'ana@');
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    type('Email for the confirmation', 'ana@example.com');
    // Fixed: its error is gone at once, the others stay until they are fixed too.
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email for the confirmation')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText('Please fill this in.')).toHaveLength(4);
    type('Full name', 'Ana Lima');
    type('Address', '1 Main St');
    type('City', 'Lisbon');
    type('Postal code', '1000-001');
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(await screen.findByRole('button', { name: 'Going to PayPal…' })).toBeDisabled();
    release();
    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/payauth?token=T1'));
    // /payresult's way back to the shop, in the buyer's language.
    expect(readStorage(sessionStorage, SHOP_PATH_STORAGE_KEY)).toBe('/s/demo?lang=en');
    // Coming back to the cart before paying means the payment was cancelled.
    expect(readStorage(sessionStorage, PAYING_STORAGE_KEY)).toBe('LS261122-K3J9Q2ZD');
    sessionStorage.removeItem(PAYING_STORAGE_KEY);
    expect(placing()).toHaveLength(1);
    const body = JSON.parse(placing()[0]?.[1]?.body as string) as Record<string, unknown>;
    expect(body).toMatchObject({
      shop: 'demo',
      email: 'ana@example.com',
      items: [{ productId: '101', quantity: 2 }],
      language: 'en',
      address: { countryCode: 'PT', postalCode: '1000-001' },
      shippingMethodId: '8',
    });
  });

  it('checkout asks a US buyer for the state from the list and prices the quote for it', async () => {
    const cart = cartFor('demo');
    cart.clear();
    cart.add({ productId: '101', title: 'Teapot', imageUrl: null, priceMinor: 1999, stock: 5 }, 1);
    const asked: { countryCode: string; region?: string }[] = [];
    stubApi({
      'POST /api/v1/public/checkout/quote': (body: { countryCode: string; region?: string }) => {
        asked.push(body);
        return { ...NOT_SHIPPED, shippable: true };
      },
    });
    renderStorefront('/s/demo/checkout');
    fireEvent.change(await screen.findByLabelText('Country'), { target: { value: 'US' } });
    const state = screen.getByLabelText('State or region');
    expect(state.tagName).toBe('SELECT');
    expect(within(state).getByRole('option', { name: 'New York' })).toHaveValue('NY');
    fireEvent.change(state, { target: { value: 'NY' } });
    await vi.waitFor(() => expect(asked.at(-1)).toMatchObject({ countryCode: 'US', region: 'NY' }));
    // Another country: the state does not carry over, the region is typed (and optional) there.
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'DE' } });
    expect(screen.getByLabelText('State or region (optional)')).toHaveValue('');
  });

  it('checkout says when shipping and tax could not be worked out, will not pay on no figures, and tries again', async () => {
    const cart = cartFor('demo');
    cart.clear();
    cart.add({ productId: '101', title: 'Teapot', imageUrl: null, priceMinor: 1999, stock: 5 }, 1);
    let answers = 0;
    stubApi({
      'POST /api/v1/public/checkout/quote': () =>
        ++answers === 1 ? new Error('down') : { ...NOT_SHIPPED, shippable: true },
    });
    renderStorefront('/s/demo/checkout');
    expect(await screen.findByText(/Shipping and tax could not be worked out/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeEnabled());
    expect(answers).toBe(2);
  });

  it('checkout says before paying that nothing ships to the country, and will not pay', async () => {
    const cart = cartFor('demo');
    cart.clear();
    cart.add({ productId: '101', title: 'Teapot', imageUrl: null, priceMinor: 1999, stock: 5 }, 1);
    stubApi({ 'POST /api/v1/public/checkout/quote': NOT_SHIPPED });
    renderStorefront('/s/demo/checkout');
    fireEvent.change(await screen.findByLabelText('Country'), { target: { value: 'BR' } });
    expect(
      await screen.findByText('We do not ship to Brazil yet. Choose another country, or ask the shop.'),
    ).toHaveRole('alert');
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeDisabled();
  });
});
