import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../shared/test/fake-api';
import { installFakeApi, renderConsolePage, signInOperator, signOutOperator } from '../shared/test-support';
import DashboardPage from './dashboard-page';

vi.mock('../../shared/charts/echart', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

function fakeApi() {
  return installFakeApi({
    'GET /api/v1/logs/visit-stats': () =>
      ok({
        todayUvCount: 3,
        totalUvCount: 40,
        uvGrowthRate: 0.5,
        todayPvCount: 12,
        totalPvCount: 900,
        pvGrowthRate: -0.25,
      }),
    'GET /api/v1/logs/visit-trend': () =>
      ok({ dates: ['2026-11-25', '2026-11-26'], pvList: [7, 12], ipList: [2, 3] }),
    'GET /api/v1/console/overview': () =>
      ok({
        onlineUsers: 4,
        todayOrders: 6,
        todayRevenue: [{ currencyCode: 'USD', amountMinor: 12_345 }],
        flaggedOrders: 1,
        payoutsInFlight: 2,
        payoutsInFlightAmount: [{ currencyCode: 'USD', amountMinor: 5_000 }],
      }),
    'GET /api/v1/catalog/low-stock': () =>
      ok({
        list: [
          { variantId: '31', productId: '3', title: 'Hoodie', label: 'M / Black', sku: 'HD-M-BLK', stock: 0 },
          { variantId: '40', productId: '4', title: 'Mug', label: '', sku: 'LS-4', stock: 2 },
        ],
        total: 2,
        threshold: 5,
      }),
  });
}

afterEach(signOutOperator);

describe('console dashboard figures', () => {
  it('shows the commerce figures, the visits with growth and the trend as a table', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:log:query', 'sys:order:query']);
    fakeApi();
    await renderConsolePage(DashboardPage);
    const commerce = await screen.findByRole('region', { name: 'Commerce today' });
    expect(await within(commerce).findByText('$123.45')).toBeInTheDocument();
    expect(within(commerce).getByText('Users online')).toBeInTheDocument();
    expect(within(commerce).getByText('$50.00')).toBeInTheDocument();
    const visits = screen.getByRole('region', { name: 'Visits' });
    expect(await within(visits).findByText('+50% against yesterday')).toBeInTheDocument();
    expect(within(visits).getByText('-25% against yesterday')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /last 7 days/ })).toBeInTheDocument();
    await user.click(screen.getByText('Table'));
    const row = (await screen.findByText('2026-11-26')).closest('tr');
    expect(row).toHaveTextContent('2026-11-26123');
  });

  it('lists the variants low on stock, fewest first, with the threshold, to an operator who reads products', async () => {
    signInOperator(['catalog:product:query']);
    fakeApi();
    await renderConsolePage(DashboardPage);
    const lowStock = await screen.findByRole('region', { name: 'Low stock' });
    expect(await within(lowStock).findByText(/fewer than 5 units/)).toBeInTheDocument();
    const hoodie = (await within(lowStock).findByText('HD-M-BLK')).closest('tr');
    expect(hoodie).toHaveTextContent('HoodieM / BlackHD-M-BLK0');
    // A product without options has no variant name.
    expect(within(lowStock).getByText('LS-4').closest('tr')).toHaveTextContent('Mug—LS-42');
    expect(screen.queryByRole('region', { name: 'Visits' })).not.toBeInTheDocument();
  });

  it('shows no figures to an operator without their permissions', async () => {
    signInOperator([]);
    fakeApi();
    await renderConsolePage(DashboardPage);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Visits' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Commerce today' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Low stock' })).not.toBeInTheDocument();
  });
});
