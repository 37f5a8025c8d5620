import { screen, within } from '@testing-library/react';
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
    const bars = layoutBars(
      [
        { day: '2026-11-01', cents: 0 },
        { day: '2026-11-02', cents: 200 },
        { day: '2026-11-03', cents: 50 },
        { day: '2026-11-04', cents: 100 },
      ],
      400,
      100,
    );
    expect(bars.map((b) => [b.x, b.width, b.height, b.y])).toEqual([
      [10, 80, 0, 100],
      [110, 80, 100, 0],
      [210, 80, 25, 75],
      [310, 80, 50, 50],
    ]);
  });
});

/** The ledger's sale opens its order in the orders page's drawer. */
const ORDER: TCreatorOrderDetail = {
  orderNo: 'LS261105-AAAAAAA2',
  status: 1,
  items: [],
  quantity: 0,
  platformCents: 0,
  totalCents: 0,
  profitCents: 0,
  currencyCode: 'USD',
  buyerEmail: 'c***@example.org',
  createdAt: '2026-11-05T10:00:00Z',
  paidAt: '2026-11-05T10:05:00Z',
  side: 'c',
  shipTo: { name: 'Camille D', city: 'Lyon', region: null, countryCode: 'FR' },
  language: 'fr',
  completedAt: null,
};

describe('RevenuePage', () => {
  it('shows the balance cards, the daily chart and the ledger', async () => {
    const api = createFakeApi({
      'GET /api/v1/countries': () => ok([US]),
      'GET /api/v1/earnings': () =>
        ok({
          balanceCents: 12_345,
          totalEarnedCents: 20_000,
          paidOutCents: 7_655,
          thisMonthCents: 2_197,
          currencyCode: 'USD',
        }),
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
              amountCents: 2_197,
              currencyCode: 'USD',
              orderNo: 'LS261105-AAAAAAA2',
              createdAt: '2026-11-05T10:05:00Z',
            },
            {
              id: '2',
              kind: 'payout',
              amountCents: -7_655,
              currencyCode: 'USD',
              orderNo: null,
              createdAt: '2026-11-02T09:00:00Z',
            },
          ],
          total: 2,
        }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderWithApp([{ path: '/revenue', Component: RevenuePage }], '/revenue');

    expect(await screen.findByText('$123.45')).toBeInTheDocument();
    expect(screen.getByText('Available balance')).toBeInTheDocument();
    expect(screen.getByText('$76.55')).toBeInTheDocument();
    const chart = await screen.findByRole('img', {
      name: 'Earnings per day from Nov 4 to Nov 6: $26.97 in total, best day $21.97 on Nov 5.',
    });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    const sale = (await screen.findByText('LS261105-AAAAAAA2')).closest('tr');
    if (!sale) throw new Error('no row');
    expect(within(sale).getByText('Sale')).toBeInTheDocument();
    expect(within(sale).getByText('$21.97')).toBeInTheDocument();
    expect(screen.getByText('-$76.55')).toBeInTheDocument();
    await userEvent.setup().click(within(sale).getByRole('button', { name: 'Open order LS261105-AAAAAAA2' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Camille D — Lyon, FR');
    const [daily] = api.callsTo('GET /api/v1/earnings/daily');
    const from = daily?.url.searchParams.get('from') ?? '';
    const to = daily?.url.searchParams.get('to') ?? '';
    expect(Date.parse(to) - Date.parse(from)).toBe(29 * 86_400_000);
  });
});
