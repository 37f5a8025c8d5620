import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  TDashboardProducts,
  TDashboardSeries,
  TDashboardSources,
  TDashboardSummary,
} from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { useUser } from '../../shared/session/user-store';
import { createFakeApi, ok, US, type TFakeRequest } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { Dashboard } from './dashboard';
import type { TChartOption } from '../../shared/charts/echart';

// ECharts draws into a real layout, which jsdom has not: the chart module shows what it was given,
// and how the value axis would label a fraction (ECharts ticks 0, 0.2, 0.4… when all is 0).
vi.mock('../../shared/charts/echart', () => ({
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

function sources(request: TFakeRequest): TDashboardSources {
  const by = request.url.searchParams.get('by') as TDashboardSources['by'];
  const figures = { clicks: 40, orders: 2, units: 3, sales: 5_000, earnings: 1_500, conversion: 500 };
  return {
    by,
    series: (request.url.searchParams.get('series') ?? 'earnings') as TDashboardSources['series'],
    granularity: 'day',
    currencyCode: 'USD',
    buckets: [
      { start: '2026-11-25T00:00:00.000Z', label: '2026-11-25' },
      { start: '2026-11-26T00:00:00.000Z', label: '2026-11-26' },
    ],
    sources:
      by === 'user_source'
        ? [
            { source: 'tiktok', ...figures, points: [500, 1_000] },
            { source: '<img src=x onerror=alert(1)>', ...figures, earnings: 700, points: [700, 0] },
            { source: 'default', ...figures, earnings: 300, points: [0, 300] },
            { source: null, ...figures, earnings: 200, points: [100, 100] },
          ]
        : [],
  };
}

function products(request: TFakeRequest): TDashboardProducts {
  const by = request.url.searchParams.get('by') as TDashboardProducts['by'];
  return {
    by,
    currencyCode: 'USD',
    minViews: 20,
    products:
      by === 'revenue'
        ? [
            {
              productId: '3',
              title: 'Linen shirt',
              imageUrl: '/img/shirt.png',
              orders: 4,
              units: 6,
              sales: 12_345,
              views: 80,
              conversion: 500,
              variants: 1,
            },
          ]
        : [],
  };
}

afterEach(() => {
  useSession.getState().clearTokens();
  useUser.getState().clear();
});

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
      'GET /api/v1/dashboard/sources': (request) => ok(sources(request)),
      'GET /api/v1/dashboard/products': (request) => ok(products(request)),
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
    expect(
      screen.getByText(/^2 paid orders not shipped yet \(what their buyers paid, less refunds/),
    ).toBeInTheDocument();
    expect(screen.getByText(/up 25%\s+vs yesterday/)).toBeInTheDocument();
    expect(screen.getByText(/down 10%\s+vs last week/)).toBeInTheDocument();
    expect(screen.getByText(/no earlier figure/).closest('li')).toHaveTextContent('vs last month');

    expect(
      await screen.findByRole('img', { name: 'Earnings: $3.00 in this period, $1.00 in the period before.' }),
    ).toBeInTheDocument();
    expect(asked).toEqual(['earnings/24h']);
    expect(screen.getByRole('img', { name: /^Earnings:/ })).toHaveAttribute('data-tick', '$0.00');

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

  it('splits the chosen series by source and lists the top products, in the profile time zone', async () => {
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    useUser.getState().setInfo({
      user: {
        userId: '7',
        username: null,
        nickname: 'Ana',
        email: 'ana@example.com',
        avatar: null,
        countryId: 'US',
        timeZone: 'Asia/Kolkata',
        roles: ['BLOGGER'],
        perms: [],
      },
      business: { email: null, subdomainurl: null, image_url: null, nickname: 'Ana', country_id: 'US' },
    });
    const api = createFakeApi({
      'GET /api/v1/countries': () => ok([US]),
      'GET /api/v1/dashboard': () => ok(SUMMARY),
      'GET /api/v1/dashboard/series': (request) => ok(series(request)),
      'GET /api/v1/dashboard/sources': (request) => ok(sources(request)),
      'GET /api/v1/dashboard/products': (request) => ok(products(request)),
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup({ delay: null });
    const choose = (name: string) =>
      user.click(screen.getByRole('radio', { name }).closest('label') ?? document.body);
    await renderWithApp([{ path: '/', Component: Dashboard }], '/');

    expect(await screen.findByText('Times in Asia/Kolkata')).toBeInTheDocument();
    const sourcesCard = (await screen.findByRole('heading', { name: 'Traffic sources' })).closest(
      '.ant-card',
    );
    if (!(sourcesCard instanceof HTMLElement)) throw new Error('no sources card');
    const legend = await within(sourcesCard).findByRole('list', { name: 'Sources' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['TikTok$15.00', '<img src=x onerror=alert(1)>$7.00', 'No source$3.00', 'Other$2.00']);
    // A source's name is the link's text: shown, never run.
    expect(sourcesCard.querySelector('img')).toBeNull();
    expect(
      within(sourcesCard).getByRole('img', { name: /^Earnings by source: TikTok \$15\.00, / }),
    ).toBeInTheDocument();
    for (const request of api.callsTo('GET /api/v1/dashboard/sources'))
      expect(request.url.searchParams.get('tz')).toBe('Asia/Kolkata');
    expect(api.callsTo('GET /api/v1/dashboard')[0]?.url.searchParams.get('tz')).toBe('Asia/Kolkata');

    // The chart's series and period carry over to the sources.
    await choose('Units sold');
    await choose('7 days');
    await waitFor(() =>
      expect(
        api
          .callsTo('GET /api/v1/dashboard/sources')
          .some(
            (r) => r.url.searchParams.get('series') === 'sales' && r.url.searchParams.get('range') === '7d',
          ),
      ).toBe(true),
    );
    await user.click(within(sourcesCard).getByRole('button', { name: 'Show sources as a table' }));
    const table = await within(sourcesCard).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getByRole('columnheader', { name: 'Units sold' })).toBeInTheDocument();

    await choose('Page');
    expect(
      await within(sourcesCard).findByText('No visits or orders from any source in this period yet.'),
    ).toBeInTheDocument();

    const productsCard = screen.getByRole('heading', { name: 'Top products' }).closest('.ant-card');
    if (!(productsCard instanceof HTMLElement)) throw new Error('no products card');
    expect(await within(productsCard).findByText('Linen shirt')).toBeInTheDocument();
    expect(within(productsCard).getByText('$123.45')).toBeInTheDocument();
    expect(within(productsCard).getByText('4 orders · 6 units')).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/dashboard/products').at(-1)?.url.searchParams.get('range')).toBe('7d');
    await user.click(within(productsCard).getByRole('tab', { name: 'By conversion' }));
    expect(
      await within(productsCard).findByText('No product has had 20 views and an order in this period yet.'),
    ).toBeInTheDocument();
  });
});
