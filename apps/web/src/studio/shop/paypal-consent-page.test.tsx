import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, fail, ok, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { browser } from './paypal-api';
import { PayPalConsentPage } from './paypal-consent-page';

const CONSENT = 'GET /api/v1/shop/paypal/sandbox/s1';
const DECIDE = 'POST /api/v1/shop/paypal/sandbox/s1';
const routes = [{ path: '/paypal/consent', Component: PayPalConsentPage }];

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

describe('PayPalConsentPage (sandbox)', () => {
  it('suggests the account email, agrees with the one typed and follows the redirect to the callback', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = fakeApi({
      [CONSENT]: () => ok({ email: 'anna@example.com' }),
      [DECIDE]: () => ok({ redirectUrl: '/api/v1/shop/paypal/callback?code=c&state=s1' }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(routes, '/paypal/consent?state=s1');
    expect(await screen.findByText('Connect your PayPal account')).toBeInTheDocument();
    const email = screen.getByLabelText('Sandbox PayPal account email');
    expect(email).toHaveValue('anna@example.com');

    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Agree and connect' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo(DECIDE)).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'Anna.Pay@Example.com');
    await user.click(screen.getByRole('button', { name: 'Agree and connect' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/shop/paypal/callback?code=c&state=s1'));
    expect(api.callsTo(DECIDE)[0]?.body).toEqual({ decision: 'agree', email: 'anna.pay@example.com' });
  });

  it('renews an access token that expired before the page opened, instead of calling the request gone', async () => {
    const api = fakeApi({
      [CONSENT]: (request) =>
        request.headers.Authorization === 'Bearer acc'
          ? fail('1002', 'expired', null, 401)
          : ok({ email: 'anna@example.com' }),
      'POST /api/v1/auth/refresh-token': () =>
        ok({ tokenType: 'Bearer', accessToken: 'acc-2', refreshToken: 'ref-2', expiresIn: 900 }),
    });
    await renderWithApp(routes, '/paypal/consent?state=s1');
    expect(await screen.findByText('Connect your PayPal account')).toBeInTheDocument();
    expect(screen.getByLabelText('Sandbox PayPal account email')).toHaveValue('anna@example.com');
    expect(api.callsTo('POST /api/v1/auth/refresh-token')).toHaveLength(1);
  });

  it('cancelling answers the callback with access_denied', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = fakeApi({
      [CONSENT]: () => ok({ email: '' }),
      [DECIDE]: () => ok({ redirectUrl: '/api/v1/shop/paypal/callback?error=access_denied&state=s1' }),
    });
    await renderWithApp(routes, '/paypal/consent?state=s1');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/api/v1/shop/paypal/callback?error=access_denied&state=s1'),
    );
    expect(api.callsTo(DECIDE)[0]?.body).toEqual({ decision: 'cancel' });
  });

  it('an ended or foreign request says so and leads back to the shop', async () => {
    fakeApi({ [CONSENT]: () => fail(ErrorCode.NOT_FOUND, 'Not found', null, 404) });
    await renderWithApp(routes, '/paypal/consent?state=s1');
    expect(await screen.findByText(/This connection request has ended or is not yours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My shop' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agree and connect' })).not.toBeInTheDocument();
  });
});
