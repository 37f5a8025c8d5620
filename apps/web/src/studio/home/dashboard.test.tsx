import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDashboardSeries, TDashboardSummary } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, ok, US, type TFakeRequest } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { Dashboard } from './dashboard';
import type { TChartOption } from './echart';

// ECharts draws into a real layout, which jsdom has not: the chart module shows what it was given,
// and how the value axis would label a fraction (ECharts ticks 0, 0.2, 0.4… when all is 0).
vi.mock('./echart', () => ({
  default: ({ label, option }: { label: string; option: TChartOption }) => {
    const axis = option.yAxis as { axisLabel: { formatter: (value: number) => string } };
    return <div role="img" aria-label={label} data-tick={axis.axisLabel.formatter(0.2)} />;
  },
}));

const SUMMARY: TDashboardSummary = {
  currencyCode: 'USD',
  productsOnSale: 42,
  newProducts: { today: 2, past7Days: 5 },
  earnings: {
    today: 1_250,
    past7Days: 10_000,
    total: 123_456,
    growth: { yesterday: 2_500, lastWeek: -1_000, lastMonth: null, lastYear: 0 },
  },
  sales: {
    today: 4_000,
    past7Days: 30_000,
    total: 400_000,
    growth: { yesterday: null, lastWeek: null, lastMonth: null, lastYear: null },
  },
  pendingShipment: 3_998,
  pendingShipmentOrders: 2,
};

function series(request: TFakeRequest): TDashboardSeries {
  const name = request.url.searchParams.get('series') as TDashboardSeries['series'];
  const range = request.url.searchParams.get('range');
  const days = range === '7d' ? 7 : 2;
  return {
    series: name,
    granularity: range === '24h' ? 'hour' : 'day',
    currencyCode: 'USD',
    points: Array.from({ length: days }, (_, k) => ({
      start: `2026-11-${String(20 + k).padStart(2, '0')}T00:00:00.000Z`,
      label: range === '24h' ? `2026-11-26T${String(k).padStart(2, '0')}:00` : `2026-11-${20 + k}`,
      value: name === 'conversion' ? 250 : 100 * (k + 1),
      previous: 50,
    })),
  };
}

afterEach(() => useSession.getState().clearTokens());

describe('Dashboard', () => {
  it('shows the cards in the top bar currency with growth, and the chart as a table', async () => {
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    const asked: string[] = [];
    const api = createFakeApi({
      'GET /api/v1/countries': () => ok([US]),
      'GET /api/v1/dashboard': (request) => {
        expect(request.url.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
        return ok(SUMMARY);
      },
      'GET /api/v1/dashboard/series': (request) => {
        asked.push(`${request.url.searchParams.get('series')}/${request.url.searchParams.get('range')}`);
        return ok(series(request));
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup({ delay: null });
    // antd's Segmented hides its radios: a tap lands on the option's label.
    const choose = (name: string) =>
      user.click(screen.getByRole('radio', { name }).closest('label') ?? document.body);
    await renderWithApp([{ path: '/', Component: Dashboard }], '/');

    expect(await screen.findByText('$1,234.56')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByText('2 new today · 5 in 7 days')).toBeInTheDocument();
    expect(screen.getByText('$39.98')).toBeInTheDocument();
    expect(screen.getByText('2 paid orders not shipped yet')).toBeInTheDocument();
    expect(screen.getByText(/up 25%\s+vs yesterday/)).toBeInTheDocument();
    expect(screen.getByText(/down 10%\s+vs last week/)).toBeInTheDocument();
    expect(screen.getByText(/no earlier figure/).closest('li')).toHaveTextContent('vs last month');

    expect(
      await screen.findByRole('img', { name: 'Earnings: $3.00 in this period, $1.00 in the period before.' }),
    ).toBeInTheDocument();
    expect(asked).toEqual(['earnings/24h']);
    expect(screen.getByRole('img', { name: /^Earnings/ })).toHaveAttribute('data-tick', '$0.00');

    await choose('Units sold');
    await choose('7 days');
    expect(
      await screen.findByRole('img', { name: 'Units sold: 2,800 in this period, 350 in the period before.' }),
    ).toBeInTheDocument();
    expect(asked).toContain('sales/7d');

    await user.click(screen.getByRole('button', { name: 'Show as a table' }));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getByText('700')).toBeInTheDocument();

    await choose('Conversion rate');
    expect(await within(await screen.findByRole('table')).findAllByText('2.5%')).toHaveLength(7);
  });
});
