import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCreatorOrder, TCreatorOrderDetail } from '@linkstore/contract';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, fail, ok, US } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { stubViewportWidth } from '../../shared/test/viewport';
import { OrderPage } from './order-page';
import { scrollFooterState } from './scroll-footer';

const order = (orderNo: string, status: 0 | 1 | 2, title: string): TCreatorOrder => ({
  orderNo,
  status,
  items: [
    {
      productId: '10',
      title,
      variantLabel: '',
      sku: '',
      imageUrl: null,
      quantity: 2,
      platformUnitMinor: 500,
      sellingUnitMinor: 999,
      profitUnitMinor: 499,
    },
    {
      productId: '11',
      title: 'Plain tee',
      variantLabel: 'M / Black',
      sku: 'TEE-M-BLK',
      imageUrl: null,
      quantity: 1,
      platformUnitMinor: 1200,
      sellingUnitMinor: 2399,
      profitUnitMinor: 1199,
    },
  ],
  quantity: 3,
  platformMinor: 2200,
  totalMinor: 4397,
  shippingMinor: 0,
  taxMinor: 0,
  profitMinor: 2197,
  currencyCode: 'USD',
  buyerEmail: 'a***@example.com',
  createdAt: '2026-11-05T10:00:00Z',
  paidAt: status > 0 ? '2026-11-05T10:05:00Z' : null,
  shipment: null,
  side: 'c',
  earnedMinor: status === 0 ? 0 : 2197,
  paidByYouMinor: 0,
  refundedMinor: 0,
  fullyRefunded: false,
});
const DETAIL: TCreatorOrderDetail = {
  ...order('LS261105-AAAAAAA2', 1, 'Blue mug'),
  side: 'c',
  shipTo: { name: 'Alice Buyer', city: 'Lyon', region: null, countryCode: 'FR' },
  language: 'fr',
  completedAt: null,
};

describe('scrollFooterState', () => {
  it('says nothing before the first page, then more, loading or the end', () => {
    const state = (isPending: boolean, hasNextPage: boolean, isFetchingNextPage: boolean) =>
      scrollFooterState({ isPending, hasNextPage, isFetchingNextPage });
    expect(state(true, false, false)).toBeNull();
    expect(state(false, true, false)).toBe('more');
    expect(state(false, true, true)).toBe('loading');
    expect(state(false, false, false)).toBe('end');
  });
});

describe('OrderPage', () => {
  it('lists orders with status and money, loads the next page and opens an order', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({
      'GET /api/v1/countries': () => ok([US]),
      'GET /api/v1/orders': ({ url }) =>
        url.searchParams.get('cursor') === 'next'
          ? ok({
              list: [order('LS261101-AAAAAAA1', 0, 'Old lamp')],
              total: 2,
              totalIsCapped: false,
              nextCursor: null,
            })
          : ok({
              list: [order('LS261105-AAAAAAA2', 1, 'Blue mug')],
              total: 2,
              totalIsCapped: false,
              nextCursor: 'next',
            }),
      'GET /api/v1/orders/LS261105-AAAAAAA2': () => ok(DETAIL),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderWithApp([{ path: '/order', Component: OrderPage }], '/order');

    const row = (await screen.findByText('Blue mug')).closest('tr');
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('Paid, in transit');
    expect(row).toHaveTextContent('and 1 more');
    expect(row).toHaveTextContent('$22.00');
    expect(row).toHaveTextContent('$21.97');
    expect(screen.getByText('Total: 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Down to load more...' }));
    expect(await screen.findByText('Old lamp')).toBeInTheDocument();
    expect(screen.getByText('No more data...')).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/orders').map((r) => r.url.searchParams.get('pageSize'))).toEqual([
      '20',
      '20',
    ]);

    await user.click(within(row).getByRole('button', { name: 'Open order no. LS261105-AAAAAAA2' }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(drawer).toHaveTextContent('Alice Buyer — Lyon, FR'));
    expect(drawer).toHaveTextContent('a***@example.com');
    expect(drawer).toHaveTextContent('2 × $9.99 (platform $5.00, profit $4.99)');
  });
});

describe('OrderPage reading itself again', () => {
  it('keeps its rows clickable while the list is read again in the background', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({
      'GET /api/v1/countries': () => ok([US]),
      'GET /api/v1/orders': () =>
        ok({
          list: [order('LS261105-AAAAAAA2', 1, 'Blue mug')],
          total: 1,
          totalIsCapped: false,
          nextCursor: null,
        }),
      'GET /api/v1/orders/LS261105-AAAAAAA2': () => ok(DETAIL),
    });
    vi.stubGlobal('fetch', api.fetch);
    const { queryClient } = await renderWithApp([{ path: '/order', Component: OrderPage }], '/order');
    const row = (await screen.findByText('Blue mug')).closest('tr');
    if (!row) throw new Error('no row');

    // Live news (or a reconnect) makes the list read again; that answer is slow to come.
    api.on('GET /api/v1/orders', () => new Promise(() => undefined));
    void queryClient.invalidateQueries();
    await waitFor(() => expect(api.callsTo('GET /api/v1/orders')).toHaveLength(2));
    // The query's observers are told on a zero-delay timer: let that render happen first.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // The rows stay as they were, not covered by a spinner that takes the creator's click.
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Open order no. LS261105-AAAAAAA2' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});

describe('OrderPage on a phone', () => {
  it('shows a card per order with status, amount, profit and time, and opens the detail', async () => {
    stubViewportWidth(360);
    const user = userEvent.setup();
    const api = createFakeApi({
      'GET /api/v1/countries': () => ok([US]),
      'GET /api/v1/orders': () =>
        ok({
          list: [order('LS261105-AAAAAAA2', 1, 'Blue mug'), order('LS261101-AAAAAAA1', 0, 'Old lamp')],
          total: 2,
          totalIsCapped: false,
          nextCursor: null,
        }),
      'GET /api/v1/orders/LS261105-AAAAAAA2': () => ok(DETAIL),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderWithApp([{ path: '/order', Component: OrderPage }], '/order');

    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const mug = within(list).getByText('Blue mug').closest('li');
    if (!mug) throw new Error('no card');
    expect(mug).toHaveTextContent('Paid, in transit');
    expect(mug).toHaveTextContent('Platform price$22.00');
    expect(mug).toHaveTextContent('Profit$21.97');
    expect(mug).toHaveTextContent('Quantity3');
    // Only the unpaid order can be ticked and paid.
    expect(within(mug).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select order LS261101-AAAAAAA1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now for order LS261101-AAAAAAA1' })).toBeInTheDocument();

    await user.click(within(mug).getByRole('button', { name: 'Open order no. LS261105-AAAAAAA2' }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(drawer).toHaveTextContent('Alice Buyer — Lyon, FR'));
  });
});

describe('OrderDrawer', () => {
  it('shows the carrier, tracking number and tracking link of a shipped order', async () => {
    const user = userEvent.setup();
    const shipped: TCreatorOrderDetail = {
      ...DETAIL,
      status: 2,
      completedAt: '2026-11-07T09:00:00Z',
      shipment: {
        carrier: 'ups',
        trackingNo: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        shippedAt: '2026-11-07T09:00:00Z',
      },
    };
    const api = createFakeApi({
      'GET /api/v1/countries': () => ok([US]),
      'GET /api/v1/orders': () =>
        ok({
          list: [{ ...order('LS261105-AAAAAAA2', 2, 'Blue mug'), shipment: shipped.shipment }],
          total: 1,
          totalIsCapped: false,
          nextCursor: null,
        }),
      'GET /api/v1/orders/LS261105-AAAAAAA2': () => ok(shipped),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderWithApp([{ path: '/order', Component: OrderPage }], '/order');
    const row = (await screen.findByText('Blue mug')).closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('button', { name: 'Open order no. LS261105-AAAAAAA2' }));
    const drawer = await screen.findByRole('dialog');
    const link = await within(drawer).findByRole('link', { name: '1Z999AA10123456784' });
    expect(link).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(drawer).toHaveTextContent('UPS');
    expect(drawer).toHaveTextContent('Tracking number');
  });

  it('takes the shipping and tax the buyer paid out before the profit: they are the platform’s', async () => {
    const user = userEvent.setup();
    // 43.97 of items + 9.99 shipping + 10.11 VAT; the profit is the items' less their cost.
    const taxed: TCreatorOrderDetail = { ...DETAIL, totalMinor: 6_407, shippingMinor: 999, taxMinor: 1_011 };
    const api = createFakeApi({
      'GET /api/v1/countries': () => ok([US]),
      'GET /api/v1/orders': () =>
        ok({ list: [{ ...taxed, items: DETAIL.items }], total: 1, totalIsCapped: false, nextCursor: null }),
      'GET /api/v1/orders/LS261105-AAAAAAA2': () => ok(taxed),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderWithApp([{ path: '/order', Component: OrderPage }], '/order');
    const row = (await screen.findByText('Blue mug')).closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('button', { name: 'Open order no. LS261105-AAAAAAA2' }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(drawer).toHaveTextContent(
        'Buyer paid$64.07Shipping (the platform ships)-$9.99Tax (the platform pays it)-$10.11Platform price$22.00Your earnings$21.97',
      ),
    );
  });
});

describe('OrderPage export', () => {
  const EXPORT = '/api/v1/orders/export';

  it('downloads the orders the filters on screen match, in the format picked', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({
      'GET /api/v1/countries': () => ok([US]),
      'GET /api/v1/orders': () =>
        ok({
          list: [order('LS261105-AAAAAAA2', 1, 'Blue mug')],
          total: 1,
          totalIsCapped: false,
          nextCursor: null,
        }),
    });
    const exports: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      if (url.pathname !== EXPORT) return api.fetch(input, init);
      exports.push(url);
      return new Response('\uFEFFOrder number', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="orders-2026-11-06.csv"',
        },
      });
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:orders'), revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    // "Paid, in transit" as the payment's "View order" opens the list, then words typed in the search.
    await renderWithApp([{ path: '/order', Component: OrderPage }], '/order?status=1');
    await screen.findByText('Blue mug');
    await user.type(screen.getByLabelText('Search by product name', { selector: 'input' }), ' mug {Enter}');
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/orders').at(-1)?.url.searchParams.get('keywords')).toBe('mug'),
    );

    const group = screen.getByRole('group', { name: 'Export the orders shown' });
    await user.click(within(group).getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toEqual(['orders-2026-11-06.csv']));
    expect(Object.fromEntries(exports[0]?.searchParams ?? [])).toEqual({
      keywords: 'mug',
      status: '1',
      format: 'csv',
    });
    await user.click(within(group).getByRole('button', { name: /Export Excel/ }));
    await waitFor(() => expect(exports).toHaveLength(2));
    expect(exports[1]?.searchParams.get('format')).toBe('xlsx');
    click.mockRestore();
  });

  it('tells why an export was refused', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({
      'GET /api/v1/countries': () => ok([US]),
      'GET /api/v1/orders': () => ok({ list: [], total: 0, totalIsCapped: false, nextCursor: null }),
      [`GET ${EXPORT}`]: () =>
        fail('A0445', 'More than 10000 orders match: please narrow the filter before exporting.'),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderWithApp([{ path: '/order', Component: OrderPage }], '/order');
    const button = await screen.findByRole('button', { name: /Export Excel/ });
    await user.click(button);
    expect(
      await screen.findByText('More than 10000 orders match: please narrow the filter before exporting.'),
    ).toBeInTheDocument();
    expect(button).not.toHaveClass('ant-btn-loading');
    expect(api.callsTo(`GET ${EXPORT}`)[0]?.url.searchParams.get('format')).toBe('xlsx');
  });
});
