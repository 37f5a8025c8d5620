import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, ok } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
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
});
