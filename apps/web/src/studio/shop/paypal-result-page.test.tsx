import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, fail, ok, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { browser } from './paypal-api';
import { PayPalResultPage } from './paypal-result-page';

const routes = [
  { path: '/paypal/result', Component: PayPalResultPage },
  { path: '/', Component: () => <h1>Home stand-in</h1> },
];

function fakeApi(handlers: Record<string, TFakeHandler>) {
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  const api = createFakeApi(handlers);
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

afterEach(() => {
  useSession.getState().clearTokens();
  vi.restoreAllMocks();
});

describe('PayPalResultPage', () => {
  it('shows the bound account and leads back home', async () => {
    const api = fakeApi({
      'GET /api/v1/shop/paypal/result/s1': () => ok({ outcome: 'bound', email: 'anna@example.com' }),
    });
    await renderWithApp(routes, '/paypal/result?state=s1');
    expect(await screen.findByText('PayPal account connected')).toBeInTheDocument();
    expect(screen.getByText('Your profit will be paid to anna@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/shop/paypal/result/s1')).toHaveLength(1);
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Return to home' }));
    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
  });

  it('shows "Binding failed" with the translated reason, and "Try again" connects again', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = fakeApi({
      'GET /api/v1/shop/paypal/result/s1': () => ok({ outcome: 'failed', reason: 'email_unverified' }),
      'POST /api/v1/shop/paypal/connect': () => ok({ authorizeUrl: '/#/paypal/consent?state=s2' }),
    });
    await renderWithApp(routes, '/paypal/result?state=s1');
    expect(await screen.findByText('Binding failed')).toBeInTheDocument();
    expect(screen.getByText(/PayPal has not confirmed an email address/)).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/#/paypal/consent?state=s2'));
    expect(api.callsTo('POST /api/v1/shop/paypal/connect')).toHaveLength(1);
  });

  it('a return without a live attempt, or one that is not yours, is a failure', async () => {
    fakeApi({});
    const { unmount } = await renderWithApp(routes, '/paypal/result?reason=state_used');
    expect(await screen.findByText('Binding failed')).toBeInTheDocument();
    expect(screen.getByText(/already used/)).toBeInTheDocument();
    unmount();

    fakeApi({
      'GET /api/v1/shop/paypal/result/someone-elses': () => fail(ErrorCode.NOT_FOUND, 'Not found', null, 404),
    });
    await renderWithApp(routes, '/paypal/result?state=someone-elses');
    expect(await screen.findByText('Binding failed')).toBeInTheDocument();
    expect(screen.getByText(/This connection link is not valid/)).toBeInTheDocument();
  });

  it('asks again when the answer fails on the way, instead of calling the link invalid', async () => {
    let calls = 0;
    const api = fakeApi({
      'GET /api/v1/shop/paypal/result/s1': () =>
        ++calls === 1
          ? fail(ErrorCode.SERVICE_UNAVAILABLE, 'Unavailable', null, 503)
          : ok({ outcome: 'bound', email: 'anna@example.com' }),
    });
    await renderWithApp(routes, '/paypal/result?state=s1');
    expect(
      await screen.findByText('PayPal account connected', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/This connection link is not valid/)).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/shop/paypal/result/s1')).toHaveLength(2);
  });
});
