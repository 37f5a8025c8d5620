import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearDictCache, dictCache } from '../dict/dict-cache';
import { notifier } from '../http/notifier';
import { initI18n } from '../i18n/i18n';
import { onDynamicRoutesReset } from '../router/dynamic-routes';
import { setNavigator, type TNavigate } from '../router/navigator';
import { createFakeApi, fail, ok } from '../test/fake-api';
import { expireSession } from './clear-session';
import { logout } from './logout';
import { sessionEvents } from './session-events';
import { useSession } from './session-store';
import { loadUserInfo } from './user-info';
import { useUser } from './user-store';

let navigate: Mock<TNavigate>;

beforeEach(async () => {
  await initI18n('en');
  navigate = vi.fn<TNavigate>();
  setNavigator(navigate);
});

afterEach(() => {
  useSession.getState().clearTokens();
  clearDictCache();
});

async function signInWithEverything() {
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  await loadUserInfo();
  dictCache.set('gender', [{ value: '1', label: 'Male' }]);
}

describe('logout', () => {
  it('ends the sign-in on the server and clears tokens, user, dictionaries and dynamic routes', async () => {
    const api = createFakeApi();
    vi.stubGlobal('fetch', api.fetch);
    await signInWithEverything();
    const reset = vi.fn();
    const stopReset = onDynamicRoutesReset(reset);
    const cleared = vi.fn();
    const stopCleared = sessionEvents.on('tokenCleared', cleared);
    const success = vi.spyOn(notifier, 'success').mockImplementation(() => undefined);

    await logout();

    const [request] = api.callsTo('DELETE /api/v1/auth/logout');
    expect(request?.headers.Authorization).toBe('Bearer acc');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(useUser.getState().info).toBeNull();
    expect(dictCache.size).toBe(0);
    expect(reset).toHaveBeenCalledTimes(1);
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
    expect(success).toHaveBeenCalledWith('You have been logged out');
    stopReset();
    stopCleared();
  });

  it('lets the answers of calls from the ended session pass: no "session expired", no move', async () => {
    vi.stubGlobal('fetch', createFakeApi().fetch);
    await signInWithEverything();
    await logout();
    // The operator goes on to the console's sign-in; the console's last calls answer 1002 now.
    navigate.mockClear();
    const error = vi.spyOn(notifier, 'error').mockImplementation(() => undefined);
    expireSession('Token expired', 'Bearer acc'); // sent with the ended session's token
    expireSession('Token expired', ''); // sent by a page still unmounting, without a token
    expect(navigate).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('signs out locally even when the server call fails, without an error notification', async () => {
    const api = createFakeApi({
      'DELETE /api/v1/auth/logout': () => fail('1002', 'Token expired', null, 401),
      'POST /api/v1/auth/refresh-token': () => fail('A0231', 'Refresh token invalid', null, 401),
    });
    vi.stubGlobal('fetch', api.fetch);
    await signInWithEverything();
    const error = vi.spyOn(notifier, 'error').mockImplementation(() => undefined);
    await logout();
    expect(useSession.getState().authorization).toBe('');
    expect(error).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
  });

  it('with an expired access token, renews it to end the sign-in on the server', async () => {
    const api = createFakeApi({
      'DELETE /api/v1/auth/logout': (request) =>
        request.headers.Authorization === 'Bearer renewed'
          ? ok(null)
          : fail('1002', 'Token expired', null, 401),
      'POST /api/v1/auth/refresh-token': () =>
        ok({ tokenType: 'Bearer', accessToken: 'renewed', refreshToken: 'ref2', expiresIn: 600 }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await signInWithEverything();
    await logout();
    expect(api.callsTo('DELETE /api/v1/auth/logout').map((r) => r.headers.Authorization)).toEqual([
      'Bearer acc',
      'Bearer renewed',
    ]);
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });
});
