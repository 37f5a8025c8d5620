import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCreatorOrderDetail } from '@linkstore/contract';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, ok, US } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { lastDays, layoutBars, pickedRange } from './chart-range';
import { RevenuePage } from './revenue-page';

describe('chart range and bars', () => {
  it('ends the default range today (UTC), refuses more than 366 days, scales bars to the best day', () => {
    expect(lastDays(30, new Date('2026-03-01T23:30:00Z'))).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(pickedRange(['', ''])).toBeNull();
    expect(pickedRange(['2025-11-01', '2026-11-01'])).toEqual({ from: '2025-11-01', to: '2026-11-01' });
    expect(pickedRange(['2025-11-01', '2026-11-02'])).toBe('tooLong');
    const { bars, baseline } = layoutBars(
      [
        { day: '2026-11-01', cents: 0 },
        { day: '2026-11-02', cents: 200 },
        { day: '2026-11-03', cents: 50 },
        { day: '2026-11-04', cents: 100 },
      ],
      400,
      100,
    );
    expect(baseline).toBe(100);
    expect(bars.map((b) => [b.x, b.width, b.height, b.y])).toEqual([
      [10, 80, 0, 100],
      [110, 80, 100, 0],
      [210, 80, 25, 75],
      [310, 80, 50, 50],
    ]);
  });

  it('draws a day when refunds took back more than was earned below the baseline', () => {
    const { bars, baseline } = layoutBars(
      [
        { day: '2026-11-01', cents: 300 },
        { day: '2026-11-02', cents: -100 },
      ],
      200,
      100,
    );
    expect(baseline).toBe(75);
    expect(bars.map((b) => [b.height, b.y])).toEqual([
      [75, 0],
      [25, 75],
    ]);
  });
});

/** The ledger's sale opens its order in the orders page's drawer. */
const ORDER: TCreatorOrderDetail = {
  orderNo: 'LS261105-AAAAAAA2',
  status: 1,
  items: [],
  quantity: 0,
  platformMinor: 0,
  totalMinor: 0,
  shippingMinor: 0,
  taxMinor: 0,
  profitMinor: 0,
  currencyCode: 'USD',
  buyerEmail: 'c***@example.org',
  createdAt: '2026-11-05T10:00:00Z',
  paidAt: '2026-11-05T10:05:00Z',
  shipment: null,
  side: 'c',
  earnedMinor: 0,
  paidByYouMinor: 0,
  refundedMinor: 0,
  fullyRefunded: false,
  shipTo: { name: 'Camille D', city: 'Lyon', region: null, countryCode: 'FR' },
  language: 'fr',
  completedAt: null,
};

describe('RevenuePage', () => {
  it('shows the money figures, the daily chart and the ledger with every kind', async () => {
    const api = createFakeApi({
      'GET /api/v1/countries': () => ok([US]),
      'GET /api/v1/earnings': () =>
        ok({
          balanceMinor: 15_345,
          pendingMinor: 3_000,
          availableMinor: 12_345,
          inFlightMinor: 1_500,
          totalEarnedMinor: 20_000,
          paidOutMinor: 7_655,
          thisMonthMinor: 2_197,
          adjustmentsMinor: 0,
          purchasesMinor: 4_698,
          currencyCode: 'USD',
          holdDays: 7,
          minimumPayoutMinor: 1_000,
          dailyMaximumMinor: 50_000,
          payoutAccount: { email: 'ana@paypal.example', verified: true },
          autoPayout: true,
          payoutsHeld: false,
        }),
      'GET /api/v1/payouts/pending-sales': () => ok({ list: [], total: 0 }),
      'GET /api/v1/payouts': () => ok({ list: [], total: 0 }),
      'GET /api/v1/earnings/daily': () =>
        ok([
          { day: '2026-11-04', cents: 0 },
          { day: '2026-11-05', cents: 2_197 },
          { day: '2026-11-06', cents: 500 },
        ]),
      'GET /api/v1/orders/LS261105-AAAAAAA2': () => ok(ORDER),
      'GET /api/v1/earnings/entries': () =>
        ok({
          list: [
            {
              id: '3',
              kind: 'sale',
              amountMinor: 2_197,
              currencyCode: 'USD',
              orderNo: 'LS261105-AAAAAAA2',
              payoutId: null,
              payoutStatus: null,
              createdAt: '2026-11-05T10:05:00Z',
            },
            {
              id: '2',
              kind: 'payout',
              amountMinor: -7_655,
              currencyCode: 'USD',
              orderNo: null,
              payoutId: '9',
              payoutStatus: 'paid',
              createdAt: '2026-11-02T09:00:00Z',
            },
            {
              id: '1',
              kind: 'payout_return',
              amountMinor: 2_000,
              currencyCode: 'USD',
              orderNo: null,
              payoutId: '8',
              payoutStatus: 'returned',
              createdAt: '2026-11-01T09:00:00Z',
            },
            {
              id: '0',
              kind: 'purchase',
              amountMinor: -1_250,
              currencyCode: 'USD',
              orderNo: 'LS261031-AAAAAAA9',
              payoutId: null,
              payoutStatus: null,
              createdAt: '2026-10-31T09:00:00Z',
            },
          ],
          total: 4,
        }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderWithApp([{ path: '/revenue', Component: RevenuePage }], '/revenue');

    const figure = (title: string) =>
      screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-statistic');
    await waitFor(() => expect(figure('Available')).toHaveTextContent('$123.45'));
    // Every ledger row is in a figure: the balance reconciles, purchases stand apart.
    expect(
      screen.getByText(/^Total earned \$200\.00 − paid out \$76\.55 − in flight \$15\.00 = balance/),
    ).toBeTruthy();
    expect(screen.getByText(/Orders you paid yourself: \$46\.98/)).toBeTruthy();
    expect(figure('Pending')).toHaveTextContent('$30.00');
    expect(figure('In flight')).toHaveTextContent('$15.00');
    expect(figure('Paid out')).toHaveTextContent('$76.55');
    expect(figure('Total earned')).toHaveTextContent('$200.00');
    expect(figure('This month')).toHaveTextContent('$21.97');
    const chart = await screen.findByRole('img', {
      name: 'Earnings per day from Nov 4 to Nov 6: $26.97 in total, best day $21.97 on Nov 5.',
    });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    const sale = (await screen.findByText('LS261105-AAAAAAA2')).closest('tr');
    if (!sale) throw new Error('no row');
    expect(within(sale).getByText('Sale')).toBeInTheDocument();
    expect(within(sale).getByText('$21.97')).toBeInTheDocument();
    const payout = (await screen.findByText('-$76.55')).closest('tr');
    expect(payout).toHaveTextContent('Payout');
    expect(payout).toHaveTextContent('Paid');
    expect((await screen.findByText('Payout returned')).closest('tr')).toHaveTextContent('$20.00');
    expect((await screen.findByText('Order paid by you')).closest('tr')).toHaveTextContent('-$12.50');
    await userEvent
      .setup()
      .click(within(sale).getByRole('button', { name: 'Open order no. LS261105-AAAAAAA2' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Camille D — Lyon, FR');
    const [daily] = api.callsTo('GET /api/v1/earnings/daily');
    const from = daily?.url.searchParams.get('from') ?? '';
    const to = daily?.url.searchParams.get('to') ?? '';
    expect(Date.parse(to) - Date.parse(from)).toBe(29 * 86_400_000);
  });
});

describe('RevenuePage export', () => {
  const EXPORT = '/api/v1/earnings/entries/export';
  const handlers = {
    'GET /api/v1/countries': () => ok([US]),
    'GET /api/v1/earnings': () =>
      ok({
        balanceMinor: 0,
        pendingMinor: 0,
        availableMinor: 0,
        inFlightMinor: 0,
        totalEarnedMinor: 0,
        paidOutMinor: 0,
        thisMonthMinor: 0,
        adjustmentsMinor: 0,
        purchasesMinor: 0,
        currencyCode: 'USD',
        holdDays: 7,
        minimumPayoutMinor: 1_000,
        dailyMaximumMinor: 50_000,
        payoutAccount: null,
        autoPayout: false,
        payoutsHeld: false,
      }),
    'GET /api/v1/payouts/pending-sales': () => ok({ list: [], total: 0 }),
    'GET /api/v1/payouts': () => ok({ list: [], total: 0 }),
    'GET /api/v1/earnings/daily': () => ok([]),
    'GET /api/v1/earnings/entries': () => ok({ list: [], total: 0 }),
  };

  it('downloads the ledger in the format picked, or tells why it was refused', async () => {
    const user = userEvent.setup();
    const api = createFakeApi(handlers);
    const exports: URL[] = [];
    let refuse = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      if (url.pathname !== EXPORT) return api.fetch(input, init);
      exports.push(url);
      if (refuse) {
        return Response.json(
          { code: 'A0445', msg: 'Your ledger has more than 10000 entries.', data: null },
          { status: 400 },
        );
      }
      return new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="earnings-2026-11-06.xlsx"',
        },
      });
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await renderWithApp([{ path: '/revenue', Component: RevenuePage }], '/revenue');

    const group = await screen.findByRole('group', { name: 'Export the ledger' });
    await user.click(within(group).getByRole('button', { name: /Export Excel/ }));
    await waitFor(() => expect(saved).toEqual(['earnings-2026-11-06.xlsx']));
    expect(Object.fromEntries(exports[0]?.searchParams ?? [])).toEqual({ format: 'xlsx' });

    refuse = true;
    await user.click(within(group).getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('Your ledger has more than 10000 entries.')).toBeInTheDocument();
    expect(exports[1]?.searchParams.get('format')).toBe('csv');
    expect(saved).toHaveLength(1);
    click.mockRestore();
  });
});
