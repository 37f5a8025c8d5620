import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, ok } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { browser } from '../shop/paypal-api';
import { HomePage } from './home-page';

const routes = [
  { path: '/', Component: HomePage },
  { path: '/pricing', Component: () => <h1>Pricing stand-in</h1> },
];

afterEach(() => useSession.getState().clearTokens());

describe('HomePage quick start', () => {
  it('marks exactly the done steps and leads to the page of an open one', async () => {
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    const api = createFakeApi({
      'GET /api/v1/shop': () =>
        ok({
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
          linkSharedAt: '2026-01-01T00:00:00Z',
        }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup({ delay: null });
    await renderWithApp(routes, '/');

    expect(await screen.findByText('3 of 4')).toBeInTheDocument();
    const step = (name: string) => screen.getByRole('listitem', { name });
    for (const name of ['Create your store', 'Set up payment', 'Share the link']) {
      expect(within(step(name)).getByText('Done')).toBeInTheDocument();
      expect(within(step(name)).queryByRole('button')).not.toBeInTheDocument();
    }
    const prices = step('Adjust product prices');
    expect(within(prices).queryByText('Done')).not.toBeInTheDocument();
    await user.click(within(prices).getByRole('button', { name: 'Adjust prices' }));
    expect(await screen.findByRole('heading', { name: 'Pricing stand-in' })).toBeInTheDocument();
  });

  it('completes "Adjust product prices" by keeping the suggested prices, remembered by the server', async () => {
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    const shop = {
      id: '1',
      slug: 'anna',
      name: 'Anna',
      description: '',
      bannerUrl: null,
      imageUrl: null,
      defaultPercentage: 200,
      rounding: 'none',
      paypalEmail: null,
      paypalVerified: false,
      pricesSavedAt: null as string | null,
      linkSharedAt: null,
    };
    const api = createFakeApi({
      'GET /api/v1/shop': () => ok(shop),
      'POST /api/v1/shop/prices/kept': () => {
        shop.pricesSavedAt = '2026-01-02T00:00:00Z';
        return ok(shop);
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup({ delay: null });
    await renderWithApp(routes, '/');

    expect(await screen.findByText('1 of 4')).toBeInTheDocument();
    const prices = screen.getByRole('listitem', { name: 'Adjust product prices' });
    await user.click(within(prices).getByRole('button', { name: 'Keep these prices' }));
    expect(await screen.findByText('2 of 4')).toBeInTheDocument();
    expect(within(prices).getByText('Done')).toBeInTheDocument();
    expect(within(prices).queryByRole('button')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/shop/prices/kept')).toHaveLength(1);
    // No price was sent: keeping changes nothing.
    expect(api.callsTo('PUT /api/v1/pricing')).toHaveLength(0);
  });

  it('keeps "Set up payment" open for a typed, unverified email and connects PayPal from there', async () => {
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = createFakeApi({
      'GET /api/v1/shop': () =>
        ok({
          id: '1',
          slug: 'anna',
          name: 'Anna',
          description: '',
          bannerUrl: null,
          imageUrl: null,
          defaultPercentage: 200,
          rounding: 'none',
          paypalEmail: 'typed@example.com',
          paypalVerified: false,
          pricesSavedAt: null,
          linkSharedAt: null,
        }),
      'POST /api/v1/shop/paypal/connect': () => ok({ authorizeUrl: '/#/paypal/consent?state=abc' }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup({ delay: null });
    await renderWithApp(routes, '/');

    expect(await screen.findByText('1 of 4')).toBeInTheDocument();
    const payment = screen.getByRole('listitem', { name: 'Set up payment' });
    expect(within(payment).queryByText('Done')).not.toBeInTheDocument();
    await user.click(within(payment).getByRole('button', { name: 'Connect PayPal' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/#/paypal/consent?state=abc'));
    expect(api.callsTo('POST /api/v1/shop/paypal/connect')).toHaveLength(1);
    assign.mockRestore();
  });
});
