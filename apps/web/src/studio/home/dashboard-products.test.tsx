import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDashboardProducts, TDashboardProductVariants } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, fail, ok, US } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { TopProducts } from './dashboard-products';

const product = (productId: string, title: string, variants: number) => ({
  productId,
  title,
  imageUrl: null,
  orders: 3,
  units: 5,
  sales: 25_000,
  views: 40,
  conversion: 750,
  variants,
});

const PRODUCTS: TDashboardProducts = {
  by: 'revenue',
  currencyCode: 'USD',
  minViews: 20,
  products: [product('3', 'Hoodie', 3), product('4', 'Mug', 1), product('5', 'Cap', 2)],
};

const SPLIT: TDashboardProductVariants = {
  productId: '3',
  currencyCode: 'USD',
  variants: [
    {
      variantId: '31',
      label: 'M / Black',
      sku: 'HD-M-BLK',
      orders: 2,
      units: 3,
      salesMinor: 15_000,
      profitMinor: 6_000,
    },
    { variantId: null, label: '', sku: '', orders: 1, units: 2, salesMinor: 10_000, profitMinor: 4_000 },
  ],
};

afterEach(() => {
  useSession.getState().clearTokens();
});

describe('TopProducts split by variant', () => {
  it('opens a product with several variants on demand: fetched then, rows, names and state', async () => {
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    const api = createFakeApi({
      'GET /api/v1/countries': () => ok([US]),
      'GET /api/v1/dashboard/products': () => ok(PRODUCTS),
      'GET /api/v1/dashboard/products/3/variants': () => ok(SPLIT),
      'GET /api/v1/dashboard/products/5/variants': () => fail('B0001', 'Something went wrong', null, 500),
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup({ delay: null });
    const Page = () => (
      <TopProducts tz="Asia/Kolkata" choice={{ range: 'custom', from: '2026-03-01', to: '2026-03-31' }} />
    );
    await renderWithApp([{ path: '/', Component: Page }], '/');

    const toggle = await screen.findByRole('button', { name: 'Variants of Hoodie' });
    // A product with one variant has nothing to split.
    expect(screen.queryByRole('button', { name: 'Variants of Mug' })).toBeNull();
    expect(toggle).toHaveTextContent('Variants');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Nothing is read until it is opened.
    expect(api.callsTo('GET /api/v1/dashboard/products/3/variants')).toHaveLength(0);

    // Keyboard: focus the button and press Enter.
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Sales of Hoodie by variant' });
    expect(toggle).toHaveAttribute('aria-controls', list.id);
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('M / Black · HD-M-BLK');
    expect(rows[0]).toHaveTextContent('2 orders · 3 units · Profit $60.00');
    expect(rows[0]).toHaveTextContent('$150.00');
    // A line without a variant is named by its product.
    expect(rows[1]).toHaveTextContent(/^Hoodie1 order · 2 units/);
    const [request] = api.callsTo('GET /api/v1/dashboard/products/3/variants');
    expect(request?.url.searchParams.get('range')).toBe('custom');
    expect(request?.url.searchParams.get('from')).toBe('2026-03-01');
    expect(request?.url.searchParams.get('to')).toBe('2026-03-31');
    expect(request?.url.searchParams.get('tz')).toBe('Asia/Kolkata');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Sales of Hoodie by variant' })).toBeNull();

    // A failed read says so, in the product's place.
    await user.click(screen.getByRole('button', { name: 'Variants of Cap' }));
    expect(
      await screen.findByText('The sales by variant could not be loaded, please try again'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/dashboard/products/5/variants').length).toBeGreaterThan(0),
    );
  });
});
