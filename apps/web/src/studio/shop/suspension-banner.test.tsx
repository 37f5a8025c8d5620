import type { TDashboardSummary, TShop } from '@linkstore/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, ok, US } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { HomePage } from '../home/home-page';

const SHOP: TShop = {
  id: '1',
  slug: 'anna',
  name: 'Anna',
  description: '',
  bannerUrl: null,
  imageUrl: null,
  defaultPercentage: 200,
  rounding: 'none',
  paypalEmail: 'anna@example.com',
  paypalVerified: true,
  pricesSavedAt: null,
  linkSharedAt: null,
  suspendedReason: null,
};

const NO_GROWTH = { yesterday: null, lastWeek: null, lastMonth: null, lastYear: null };
const EMPTY_DASHBOARD: TDashboardSummary = {
  currencyCode: 'USD',
  productsOnSale: 0,
  newProducts: { today: 0, past7Days: 0 },
  earnings: { today: 0, past7Days: 0, total: 0, growth: NO_GROWTH },
  sales: { today: 0, past7Days: 0, total: 0, growth: NO_GROWTH },
  pendingShipment: 0,
  pendingShipmentOrders: 0,
};

async function renderHome(shop: TShop) {
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  vi.stubGlobal(
    'fetch',
    createFakeApi({
      'GET /api/v1/shop': () => ok(shop),
      'GET /api/v1/countries': () => ok([US]),
      // The dashboard below the banner, empty: a failed read would be an alert of its own.
      'GET /api/v1/dashboard': () => ok(EMPTY_DASHBOARD),
      'GET /api/v1/dashboard/series': () =>
        ok({ series: 'earnings', granularity: 'hour', currencyCode: 'USD', points: [] }),
      'GET /api/v1/dashboard/sources': () =>
        ok({
          by: 'user_source',
          series: 'earnings',
          granularity: 'hour',
          currencyCode: 'USD',
          buckets: [],
          sources: [],
        }),
      'GET /api/v1/dashboard/products': () =>
        ok({ by: 'revenue', currencyCode: 'USD', minViews: 20, products: [] }),
    }).fetch,
  );
  await renderWithApp([{ path: '/', Component: HomePage }], '/');
}

afterEach(() => useSession.getState().clearTokens());

describe('the suspension banner', () => {
  it('tells the creator their shop is suspended, and why, on the studio home', async () => {
    await renderHome({ ...SHOP, suspendedReason: 'Counterfeit goods reported' });
    expect(await screen.findByText('Your shop is suspended: Counterfeit goods reported')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Orders already placed continue.');
  });

  it('shows nothing for an open shop', async () => {
    await renderHome(SHOP);
    expect(await screen.findByText('2 of 4')).toBeInTheDocument();
    expect(screen.queryByText(/Your shop is suspended/)).toBeNull();
  });
});
