import type { TShop } from '@linkstore/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, ok } from '../../shared/test/fake-api';
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

async function renderHome(shop: TShop) {
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  vi.stubGlobal('fetch', createFakeApi({ 'GET /api/v1/shop': () => ok(shop) }).fetch);
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
