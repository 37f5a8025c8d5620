import { buyerOrderRoutes, ErrorCode, type TBuyerOrder } from '@linkstore/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStorefront, stubApi } from '../test-support';
import { ORDER_LINK_INVALID, orderApi } from './order-page';
import { selfServiceApi } from './order-self-service';

const TOKEN = `k3j9q-t1a2b3.${'Ab_-9'.repeat(9)}`;
const PATH = `/api/v1/public/orders/by-link/${TOKEN}`;

const SHIPPED: TBuyerOrder = {
  orderNo: 'LS261122-K3J9Q2ZD',
  stage: 'shipped',
  can: { cancel: false, changeAddress: false },
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
    await selfServiceApi.cancel('a.b').catch(() => undefined);
    expect(String(fetch.mock.lastCall?.[0])).toBe(buyerOrderRoutes.cancel.path.replace(':token', 'a.b'));
    expect(fetch.mock.lastCall?.[1]?.method).toBe(buyerOrderRoutes.cancel.method);
    await selfServiceApi.changeAddress('a.b', SHIPPED.address).catch(() => undefined);
    expect(String(fetch.mock.lastCall?.[0])).toBe(
      buyerOrderRoutes.changeAddress.path.replace(':token', 'a.b'),
    );
    expect(fetch.mock.lastCall?.[1]?.method).toBe(buyerOrderRoutes.changeAddress.method);
  });

  it('shows a shipped order: where it is, its steps with the tracking link, lines, totals and address', async () => {
    const fetch = stubApi({ [`GET ${PATH}`]: SHIPPED });
    renderStorefront(`/s/demo/order/${TOKEN}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order LS261122-K3J9Q2ZD at Demo Shop' }),
    ).toBeInTheDocument();
    // The order first (a shipped one then asks for its cases too: Report a problem).
    expect(String(fetch.mock.calls[0]?.[0])).toBe(PATH);
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

describe('what the buyer can do before fulfilment starts', () => {
  const PAID: TBuyerOrder = {
    ...SHIPPED,
    stage: 'paid',
    can: { cancel: true, changeAddress: true },
    steps: SHIPPED.steps.slice(0, 2),
  };

  it('offers to complete the payment of an unpaid order, and nothing else', async () => {
    stubApi({
      [`GET ${PATH}`]: {
        ...PAID,
        stage: 'unpaid',
        can: { cancel: false, changeAddress: false },
        steps: PAID.steps.slice(0, 1),
      },
    });
    renderStorefront(`/s/demo/order/${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Complete payment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).not.toBeInTheDocument();
  });

  it('offers nothing once the order is in production', async () => {
    stubApi({
      [`GET ${PATH}`]: { ...PAID, stage: 'in_production', can: { cancel: false, changeAddress: false } },
    });
    renderStorefront(`/s/demo/order/${TOKEN}`);
    expect(await screen.findByText('Your order is being prepared.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change the address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).not.toBeInTheDocument();
  });

  it('changes the address within its country and state, checking the fields first', async () => {
    const sent: unknown[] = [];
    stubApi({
      [`GET ${PATH}`]: PAID,
      [`POST ${PATH}/address`]: (body: unknown) => {
        sent.push(body);
        const { address } = body as { address: TBuyerOrder['address'] };
        return { ...PAID, address } satisfies TBuyerOrder;
      },
    });
    renderStorefront(`/s/demo/order/${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Change the address' }));
    expect(screen.getByText(/The country and state stay the same \(IL, United States\)/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Country/)).not.toBeInTheDocument();

    const line1 = screen.getByLabelText('Address');
    fireEvent.change(line1, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the address' }));
    expect(await screen.findByText('Please fill this in.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(line1, { target: { value: '9 Elm Rd' } });
    fireEvent.change(screen.getByLabelText('Apartment, suite, etc. (optional)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the address' }));
    expect(
      await screen.findByText('The address is changed. We have mailed you the new one.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        address: {
          name: 'Ana Buyer',
          line1: '9 Elm Rd',
          city: 'Springfield',
          region: 'IL',
          postalCode: '62701',
          countryCode: 'US',
        },
      },
    ]);
    const address = document.querySelector('address');
    expect(address).toHaveTextContent('9 Elm Rd');
    expect(address).not.toHaveTextContent('Apt 4');
  });

  it('cancels after asking once more with the amount, then shows the order cancelled', async () => {
    let cancelled = false;
    stubApi({
      [`GET ${PATH}`]: () =>
        cancelled
          ? ({
              ...PAID,
              stage: 'cancelled',
              can: { cancel: false, changeAddress: false },
              steps: [...PAID.steps, { kind: 'cancelled', at: '2026-11-23T10:00:00.000Z' }],
            } satisfies TBuyerOrder)
          : PAID,
      [`POST ${PATH}/cancel`]: () => {
        cancelled = true;
        return { refundMinor: 4917, currencyCode: 'USD' };
      },
    });
    renderStorefront(`/s/demo/order/${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    expect(
      screen.getByText('$49.17 goes back to the account you paid with. This cannot be undone.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Keep my order' }));
    expect(cancelled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel the order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('You cancelled this order.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).not.toBeInTheDocument();
  });

  it('says in the server’s words why it can no longer be cancelled', async () => {
    const message = 'Your order is already being prepared, so it can no longer be cancelled or changed here.';
    stubApi({ [`GET ${PATH}`]: PAID });
    renderStorefront(`/s/demo/order/${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ code: ErrorCode.ORDER_NOT_CHANGEABLE, msg: message, data: null }, { status: 409 }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
