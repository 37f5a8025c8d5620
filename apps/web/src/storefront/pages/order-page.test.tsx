import { buyerOrderRoutes, ErrorCode, type TBuyerOrder } from '@linkstore/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStorefront, stubApi } from '../test-support';
import { ORDER_LINK_INVALID, orderApi } from './order-page';

const TOKEN = `k3j9q-t1a2b3.${'Ab_-9'.repeat(9)}`;
const PATH = `/api/v1/public/orders/by-link/${TOKEN}`;

const SHIPPED: TBuyerOrder = {
  orderNo: 'LS261122-K3J9Q2ZD',
  stage: 'shipped',
  shop: { slug: 'demo', name: 'Demo Shop', avatarUrl: null },
  items: [
    {
      productId: '101',
      title: 'Teapot',
      variantLabel: 'Large / Blue',
      imageUrl: '/teapot.png',
      quantity: 2,
      unitMinor: 1999,
    },
  ],
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
  refundedMinor: 0,
  shipping: { method: 'Standard', minDays: 3, maxDays: 5 },
  address: {
    name: 'Ana Buyer',
    line1: '1 Main St',
    line2: 'Apt 4',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    countryCode: 'US',
  },
  email: 'a***@example.com',
  steps: [
    { kind: 'placed', at: '2026-11-22T09:00:00.000Z' },
    { kind: 'paid', at: '2026-11-22T09:01:00.000Z' },
    {
      kind: 'shipped',
      at: '2026-11-24T15:30:00.000Z',
      shipment: {
        carrier: 'ups',
        trackingNo: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        shippedAt: '2026-11-24T15:30:00.000Z',
      },
    },
  ],
  linkExpiresAt: '2027-05-21T09:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the buyer’s order page', () => {
  it('calls the contract’s path and knows the code of a link that does not work', async () => {
    const fetch = stubApi({});
    await orderApi.order('a.b').catch(() => undefined);
    expect(String(fetch.mock.lastCall?.[0])).toBe(buyerOrderRoutes.order.path.replace(':token', 'a.b'));
    expect(ORDER_LINK_INVALID).toBe(ErrorCode.ORDER_LINK_INVALID);
  });

  it('shows a shipped order: where it is, its steps with the tracking link, lines, totals and address', async () => {
    const fetch = stubApi({ [`GET ${PATH}`]: SHIPPED });
    renderStorefront(`/s/demo/order/${TOKEN}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order LS261122-K3J9Q2ZD at Demo Shop' }),
    ).toBeInTheDocument();
    expect(String(fetch.mock.lastCall?.[0])).toBe(PATH);
    expect(screen.getByText('Your order is on its way.')).toBeInTheDocument();

    const steps = within(document.querySelector('ol.sf-timeline') as HTMLElement).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('.sf-step-title')?.textContent)).toEqual([
      'Order placed',
      'Payment received',
      'Shipped with UPS',
    ]);
    // Each with its date, in the buyer's language and time zone.
    const shippedAt = steps[2]?.querySelector('time');
    expect(shippedAt).toHaveAttribute('datetime', '2026-11-24T15:30:00.000Z');
    expect(shippedAt?.textContent).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2026-11-24T15:30:00.000Z'),
      ),
    );
    expect(
      within(steps[2] as HTMLElement).getByText('Tracking number: 1Z999AA10123456784'),
    ).toBeInTheDocument();
    const track = screen.getByRole('link', { name: /^Track your parcel/ });
    expect(track).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(track).toHaveAttribute('rel', 'noreferrer noopener');

    // The line as the shop showed it, and the totals as charged.
    expect(screen.getByText('Teapot')).toBeInTheDocument();
    expect(screen.getByText('Large / Blue')).toBeInTheDocument();
    expect(screen.getByText('2 units')).toBeInTheDocument();
    expect(screen.getAllByText('$39.98')).not.toHaveLength(0);
    expect(screen.getByText('$49.17')).toBeInTheDocument();
    expect(screen.queryByText('Refunded')).not.toBeInTheDocument();

    expect(screen.getByText('Standard, 3–5 business days after dispatch')).toBeInTheDocument();
    const address = document.querySelector('address');
    expect([...(address?.children ?? [])].map((line) => line.textContent)).toEqual([
      'Ana Buyer',
      '1 Main St',
      'Apt 4',
      'Springfield',
      'IL 62701',
      'United States',
    ]);
    expect(screen.getByText('Mails about this order go to a***@example.com.')).toBeInTheDocument();
    expect(screen.getByText(/^This link works until .*2027\.$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/s/demo');
  });

  it('shows a refunded order with what went back, a pending refund as pending', async () => {
    stubApi({
      [`GET ${PATH}`]: {
        ...SHIPPED,
        stage: 'refunded',
        refundedMinor: 4917,
        steps: [
          ...SHIPPED.steps.slice(0, 2),
          { kind: 'refunded', at: '2026-11-23T10:00:00.000Z', amountMinor: 1000, status: 'completed' },
          { kind: 'refunded', at: '2026-11-23T11:00:00.000Z', amountMinor: 3917, status: 'pending' },
        ],
      } satisfies TBuyerOrder,
    });
    renderStorefront(`/s/demo/order/${TOKEN}`);

    expect(await screen.findByText('This order has been refunded in full.')).toBeInTheDocument();
    expect(screen.getByText('$10.00 refunded')).toBeInTheDocument();
    expect(screen.getByText('Refund of $39.17 pending')).toBeInTheDocument();
    const refunded = screen.getByText('Refunded').closest('div');
    expect(refunded).toHaveTextContent('Refunded−$49.17');
    expect(screen.queryByRole('link', { name: /^Track your parcel/ })).not.toBeInTheDocument();
  });

  it('names no carrier it does not know, and shows no tracking link without one', async () => {
    const [placed, paid] = SHIPPED.steps;
    stubApi({
      [`GET ${PATH}`]: {
        ...SHIPPED,
        steps: [
          placed!,
          paid!,
          {
            kind: 'shipped',
            at: '2026-11-24T15:30:00.000Z',
            shipment: {
              carrier: 'other',
              trackingNo: 'X1',
              trackingUrl: null,
              shippedAt: '2026-11-24T15:30:00.000Z',
            },
          },
        ],
      } satisfies TBuyerOrder,
    });
    renderStorefront(`/s/demo/order/${TOKEN}`);
    expect(await screen.findByText('Shipped')).toBeInTheDocument();
    expect(screen.getByText('Tracking number: X1')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Track your parcel/ })).not.toBeInTheDocument();
  });

  it('says a tampered or expired link does not work, in the server’s words, and leads to Find my order', async () => {
    const message = 'This order link is not valid or has expired. Ask for a new one with “Find my order”.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ code: ErrorCode.ORDER_LINK_INVALID, msg: message, data: null }, { status: 404 }),
      ),
    );
    renderStorefront(`/s/demo/order/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This order link does not work' }),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/LS261122/)).not.toBeInTheDocument();

    // The way on opens in place.
    fireEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Find my order' }));
    expect(window.location.pathname).toBe('/s/demo/orders/find');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find my order' })).toBeInTheDocument();
  });

  it('offers a retry when the order could not be loaded', async () => {
    stubApi({ [`GET ${PATH}`]: new Error('boom') });
    renderStorefront(`/s/demo/order/${TOKEN}`);
    expect(await screen.findByText('The order could not be loaded.')).toBeInTheDocument();
    stubApi({ [`GET ${PATH}`]: SHIPPED });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your order is on its way.')).toBeInTheDocument();
  });
});
