import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { useUser } from '../../shared/session/user-store';
import { createFakeApi, fail, ok } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { AuthorizePage } from './authorize-page';

const routes = [
  { path: '/authorize', Component: AuthorizePage },
  { path: '/order', Component: () => <h1>Orders stand-in</h1> },
  { path: '/login', Component: () => <h1>Login stand-in</h1> },
];
const EXCHANGE = 'POST /api/v1/auth/oauth/exchange';
const REFRESH = 'POST /api/v1/auth/refresh-token';

afterEach(() => {
  useSession.getState().clearTokens();
});

describe('AuthorizePage', () => {
  it('posts the one-time code once, strips it from the address and history, signs in and goes to returnTo', async () => {
    // The exchange answers only when the test lets it: the stripped address is a state between
    // two navigations, and a slow machine must not let it pass before the test looks.
    let answerExchange = () => {};
    const exchangeAnswered = new Promise<void>((resolve) => {
      answerExchange = resolve;
    });
    const api = createFakeApi({
      [EXCHANGE]: async () => {
        await exchangeAnswered;
        return ok({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref2', expiresIn: 3600 });
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = await renderWithApp(routes, '/authorize?code=one-time-code&returnTo=%2Forder');

    expect(await screen.findByText('Is authorizing...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?returnTo=%2Forder'));
    answerExchange();
    expect(await screen.findByRole('heading', { name: 'Orders stand-in' })).toBeInTheDocument();

    const exchanges = api.callsTo(EXCHANGE);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.method).toBe('POST');
    expect(exchanges[0]?.body).toEqual({ code: 'one-time-code' });
    expect(exchanges[0]?.url.search).toBe('');
    expect(exchanges[0]?.headers.Authorization).toBeUndefined();
    expect(api.callsTo(REFRESH)).toHaveLength(0);
    expect(localStorage.getItem('access_token')).toBe('Bearer acc');
    expect(localStorage.getItem('refresh_token')).toBe('ref2');
    expect(useUser.getState().info?.user.nickname).toBe('Ana');
    // Replaced, not pushed: going back cannot reach the code.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(JSON.stringify(router.state.location)).not.toContain('one-time-code');
  });

  it('shows the provider failure with a way back to login', async () => {
    await renderWithApp(routes, '/authorize?error=A0260&provider=google');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Signing in with Google failed, please try again',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('says so when the code is unknown, expired or used, and stays signed out', async () => {
    const api = createFakeApi({
      [EXCHANGE]: () => fail('A0260', 'This sign-in link has expired or was already used.'),
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = await renderWithApp(routes, '/authorize?code=used-already');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link has expired or was already used, please sign in again',
    );
    expect(api.callsTo(EXCHANGE)).toHaveLength(1);
    expect(useSession.getState().authorization).toBe('');
    expect(JSON.stringify(router.state.location)).not.toContain('used-already');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows another refusal of the exchange in the translated words for its code', async () => {
    vi.stubGlobal(
      'fetch',
      createFakeApi({ [EXCHANGE]: () => fail('A0211', 'Account disabled', null, 403) }).fetch,
    );
    await renderWithApp(routes, '/authorize?code=disabled-meanwhile');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account has been disabled');
    expect(useSession.getState().authorization).toBe('');
  });

  it('exchanges nothing when the address holds no code (an old link with a token is not used)', async () => {
    const api = createFakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    await renderWithApp(routes, '/authorize?refreshToken=old-style');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link has expired or was already used, please sign in again',
    );
    expect(api.callsTo(EXCHANGE)).toHaveLength(0);
    expect(api.callsTo(REFRESH)).toHaveLength(0);
  });
});
