import type { TOrderReceipt } from '@linkstore/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cartFor, PAYING_STORAGE_KEY } from '../cart';
import { leave } from '../router';
import { renderStorefront, stubApi } from '../test-support';

const RECEIPT: TOrderReceipt = {
  orderNo: 'LS261122-K3J9Q2ZD',
  status: 1,
  shop: { slug: 'demo', name: 'Demo Shop' },
  items: [
    {
      productId: '101',
      title: 'Teapot',
      variantLabel: '',
      imageUrl: null,
      quantity: 2,
      unitMinor: 1999,
      lineMinor: 3998,
    },
  ],
  totalMinor: 3998 + 599 + 320,
  currencyCode: 'USD',
  money: {
    itemsMinor: 3998,
    discountMinor: 0,
    discountTaxMinor: 0,
    discountCode: null,
    shippingMinor: 599,
    shippingTaxMinor: 0,
    taxMinor: 320,
    totalMinor: 3998 + 599 + 320,
    currencyCode: 'USD',
    tax: { name: 'Sales tax', rateMicros: 80_000, inclusive: false },
    taxScheme: null,
  },
  shipping: { method: 'Standard', minDays: 3, maxDays: 5 },
  email: 'a***@example.com',
  createdAt: '2026-11-22T09:00:00Z',
  paidAt: '2026-11-22T09:01:00Z',
};

describe('payment pages', () => {
  it('/payauth shows what is paid and approves into the return URL, in place of itself', async () => {
    const fetch = stubApi({
      'GET /api/v1/public/sandbox/orders/T1': {
        token: 'T1',
        status: 'CREATED',
        amountMinor: 3998,
        currencyCode: 'USD',
        reference: 'LS261122-K3J9Q2ZD',
        shopName: 'Demo Shop',
        cancelUrl: '/s/demo/cart',
        receiptUrl: null,
      },
      'POST /api/v1/public/sandbox/orders/T1/approve': {
        redirectTo: '/payresult?order=LS261122-K3J9Q2ZD&token=T1',
      },
    });
    // Replaced, so Back from the receipt does not land on "Approve payment" again.
    const leaveTo = vi.spyOn(leave, 'replace').mockImplementation(() => undefined);
    renderStorefront('/payauth?token=T1', { page: null });

    expect(await screen.findByText('$39.98')).toBeInTheDocument();
    expect(screen.getByText('Demo Shop')).toBeInTheDocument();
    expect(screen.getByText('LS261122-K3J9Q2ZD')).toBeInTheDocument();
    expect(screen.getByText(/no real money/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Approve payment' }));
    await vi.waitFor(() =>
      expect(leaveTo).toHaveBeenCalledWith('/payresult?order=LS261122-K3J9Q2ZD&token=T1'),
    );
    expect(fetch.mock.lastCall?.[1]?.method).toBe('POST');
  });

  it('/payauth of a payment already made leads to its receipt instead of approving again', async () => {
    const receiptUrl = '/payresult?order=LS261122-K3J9Q2ZD&token=T2';
    const fetch = stubApi({
      'GET /api/v1/public/sandbox/orders/T2': {
        token: 'T2',
        status: 'COMPLETED',
        amountMinor: 3998,
        currencyCode: 'USD',
        reference: 'LS261122-K3J9Q2ZD',
        shopName: 'Demo Shop',
        cancelUrl: '/s/demo/cart',
        receiptUrl,
      },
    });
    const leaveTo = vi.spyOn(leave, 'replace').mockImplementation(() => undefined);
    renderStorefront('/payauth?token=T2', { page: null });

    expect(await screen.findByText('This payment is already made.')).toBeInTheDocument();
    expect(screen.getByText('$39.98')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'See the receipt' }));
    expect(leaveTo).toHaveBeenCalledWith(receiptUrl);
    expect(fetch.mock.calls.every((call) => (call[1]?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('/payresult captures, and after a failure tries again into the receipt, emptying the cart', async () => {
    // Files share a worker's modules: start from an empty cart, whatever ran before.
    cartFor('demo').clear();
    cartFor('demo').add({ productId: '101', title: 'Teapot', imageUrl: null, priceMinor: 1999, stock: 5 }, 2);
    let attempts = 0;
    const fetch = stubApi({
      'POST /api/v1/public/checkout/capture': () =>
        ++attempts === 1 ? new Error('The payment was declined') : RECEIPT,
      'GET /api/v1/public/orders/receipt': { ...RECEIPT, status: 0 },
    });
    sessionStorage.setItem(PAYING_STORAGE_KEY, 'LS261122-K3J9Q2ZD');
    renderStorefront('/payresult?order=LS261122-K3J9Q2ZD&token=T1', { page: null });

    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    // Back from paying: the cart will not claim the payment was cancelled.
    expect(sessionStorage.getItem(PAYING_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('The payment was declined');
    expect(cartFor('demo').lines()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Payment success' })).toBeInTheDocument();
    expect(screen.getByText('Order LS261122-K3J9Q2ZD at Demo Shop')).toBeInTheDocument();
    expect(screen.getByText('A confirmation was sent to a***@example.com.')).toBeInTheDocument();
    // Items, shipping and the sales tax added, as charged.
    const rows = [...document.querySelectorAll('.sf-money-row')].map((row) => row.textContent);
    expect(rows).toEqual(['Items$39.98', 'Shipping$5.99', 'Sales tax (8%)$3.20', 'Total$49.17']);
    expect(screen.getByText('Standard, 3–5 business days after dispatch')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/s/demo');
    expect(cartFor('demo').lines()).toHaveLength(0);
    expect(JSON.parse(fetch.mock.calls[0]?.[1]?.body as string)).toEqual({
      orderNo: 'LS261122-K3J9Q2ZD',
      token: 'T1',
    });
  });

  it('the cart says a cancelled payment was cancelled, once', async () => {
    const cart = cartFor('demo');
    cart.clear();
    cart.add({ productId: '101', title: 'Teapot', imageUrl: null, priceMinor: 1999, stock: 5 }, 1);
    const cancelled = 'Payment cancelled. Nothing was charged, and your cart is still here.';

    renderStorefront('/s/demo/cart');
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    expect(screen.queryByText(cancelled)).not.toBeInTheDocument();
    cleanup();

    // Left to pay, then the provider's "Cancel" sent the buyer to the cart.
    sessionStorage.setItem(PAYING_STORAGE_KEY, 'LS261122-K3J9Q2ZD');
    renderStorefront('/s/demo/cart?lang=en');
    expect(await screen.findByRole('status')).toHaveTextContent(cancelled);
    expect(screen.getByLabelText('Quantity of Teapot')).toHaveValue(1);
    cleanup();

    renderStorefront('/s/demo/cart');
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    expect(screen.queryByText(cancelled)).not.toBeInTheDocument();
  });
});
