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
const REFRESH = 'POST /api/v1/auth/refresh-token';

afterEach(() => {
  useSession.getState().clearTokens();
});

describe('AuthorizePage', () => {
  it('exchanges the one-time token once, strips it from the address and history, and goes to returnTo', async () => {
    const api = createFakeApi({
      [REFRESH]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return ok({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref2', expiresIn: 3600 });
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = await renderWithApp(routes, '/authorize?refreshToken=one-time&returnTo=%2Forder');

    expect(await screen.findByText('Is authorizing...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?returnTo=%2Forder'));
    expect(await screen.findByRole('heading', { name: 'Orders stand-in' })).toBeInTheDocument();

    const refreshes = api.callsTo(REFRESH);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'one-time' });
    expect(refreshes[0]?.headers.Authorization).toBeUndefined();
    expect(localStorage.getItem('access_token')).toBe('Bearer acc');
    expect(localStorage.getItem('refresh_token')).toBe('ref2');
    expect(useUser.getState().info?.user.nickname).toBe('Ana');
    // Replaced, not pushed: going back cannot reach the token.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(JSON.stringify(router.state.location)).not.toContain('one-time');
  });

  it('shows the provider failure with a way back to login', async () => {
    await renderWithApp(routes, '/authorize?error=A0260&provider=google');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Signing in with Google failed, please try again',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('says so when the token cannot be exchanged', async () => {
    vi.stubGlobal(
      'fetch',
      createFakeApi({ [REFRESH]: () => fail('A0231', 'Refresh token invalid', null, 401) }).fetch,
    );
    await renderWithApp(routes, '/authorize?refreshToken=used-already');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link has expired or was already used, please sign in again',
    );
    expect(useSession.getState().authorization).toBe('');
  });
});
