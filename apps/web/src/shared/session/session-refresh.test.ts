import { accountsRoutes } from '@linkstore/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { apiClient } from '../http/api-client';
import { callRoute } from '../http/call-route';
import { notifier } from '../http/notifier';
import { initI18n } from '../i18n/i18n';
import { setNavigator, type TNavigate } from '../router/navigator';
import { createFakeApi, fail, ok, type TFakeRequest } from '../test/fake-api';
import { useSession } from './session-store';
import { useUser } from './user-store';

const REFRESH = 'POST /api/v1/auth/refresh-token';

function authOf(request: TFakeRequest | undefined): string | undefined {
  return request?.headers.Authorization;
}

let navigate: Mock<TNavigate>;

beforeEach(async () => {
  await initI18n('en');
  navigate = vi.fn<TNavigate>();
  setNavigator(navigate);
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'old', refreshToken: 'r1' });
});

afterEach(() => {
  useSession.getState().clearTokens();
});

/** `/api/x` answers 1002 to the old token and "ok" to the new one. */
function apiWithExpiredToken(refresh: (request: TFakeRequest) => ReturnType<typeof ok>) {
  const api = createFakeApi({
    'GET /api/x': (request) =>
      authOf(request) === 'Bearer new' ? ok('ok') : fail('1002', 'Token expired', null, 401),
    [REFRESH]: async (request) => {
      // Slow enough that every parallel call has failed before the refresh answers.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return refresh(request);
    },
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

describe('silent token refresh', () => {
  it('runs one refresh for 10 parallel 1002 answers and replays every call with the new token', async () => {
    const api = apiWithExpiredToken(() =>
      ok({ tokenType: 'Bearer', accessToken: 'new', refreshToken: 'r2', expiresIn: 3600 }),
    );
    const results = await Promise.all(Array.from({ length: 10 }, () => apiClient.get('/api/x')));

    expect(results).toEqual(Array(10).fill('ok'));
    const refreshes = api.callsTo(REFRESH);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'r1' });
    expect(authOf(refreshes[0])).toBeUndefined();
    const calls = api.callsTo('GET /api/x');
    expect(calls).toHaveLength(20);
    expect(calls.filter((call) => authOf(call) === 'Bearer new')).toHaveLength(10);
    expect(localStorage.getItem('access_token')).toBe('Bearer new');
    expect(localStorage.getItem('refresh_token')).toBe('r2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('replays without refreshing when the call used a token that was already replaced', async () => {
    const api = apiWithExpiredToken(() => fail('A0231', 'Refresh token invalid', null, 401));
    const pending = apiClient.get('/api/x');
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'new', refreshToken: 'r2' });
    await expect(pending).resolves.toBe('ok');
    expect(api.callsTo(REFRESH)).toHaveLength(0);
  });

  it('on a failed refresh (A0231) clears the session, goes to /login and says the session expired, once', async () => {
    const error = vi.spyOn(notifier, 'error').mockImplementation(() => undefined);
    useUser.getState().setInfo({
      user: {
        userId: '1',
        username: null,
        nickname: 'Ana',
        email: null,
        avatar: null,
        countryId: 'US',
        timeZone: null,
        roles: [],
        perms: [],
      },
      business: { email: null, subdomainurl: null, image_url: null, nickname: 'Ana', country_id: 'US' },
    });
    const api = apiWithExpiredToken(() => fail('A0231', 'Refresh token invalid', null, 401));

    const outcomes = await Promise.allSettled(Array.from({ length: 3 }, () => apiClient.get('/api/x')));

    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(api.callsTo(REFRESH)).toHaveLength(1);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(useUser.getState().info).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Session expired', 'Your session has expired, please log in again.');
  });

  it('keeps the session when the refresh got no answer (offline, or the page being left), and renews later', async () => {
    // Ending the session here cleared the stored tokens of a page being left mid-refresh: the
    // next page found none and showed the sign-in (a phone journey, issue 32).
    const error = vi.spyOn(notifier, 'error').mockImplementation(() => undefined);
    let online = false;
    let expired = true;
    const api = createFakeApi({
      'GET /api/x': () => (expired ? fail('1002', 'Token expired', null, 401) : ok('fine')),
      [REFRESH]: () => {
        expired = false;
        return ok({ tokenType: 'Bearer', accessToken: 'renewed', refreshToken: 'r2', expiresIn: 600 });
      },
    });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      !online && (input instanceof Request ? input.url : input.toString()).includes('refresh-token')
        ? Promise.reject(new TypeError('offline'))
        : api.fetch(input, init),
    );
    const before = useSession.getState();
    await expect(apiClient.get('/api/x')).rejects.toMatchObject({ code: 'CLIENT_NETWORK' });
    expect(useSession.getState().authorization).toBe(before.authorization);
    expect(localStorage.getItem('refresh_token')).toBe(before.refreshToken);
    expect(navigate).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(1);

    online = true;
    await expect(apiClient.get('/api/x')).resolves.toBe('fine');
    expect(useSession.getState().authorization).toBe('Bearer renewed');
  });

  it('rejects A0231 on any other call quietly: no notification, session kept', async () => {
    const error = vi.spyOn(notifier, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      createFakeApi({ 'GET /api/v1/users/me': () => fail('A0231', 'Refresh token invalid', null, 401) })
        .fetch,
    );
    await expect(callRoute(accountsRoutes.me)).rejects.toMatchObject({
      code: 'A0231',
      msg: 'Refresh token invalid',
    });
    expect(error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(useSession.getState().authorization).toBe('Bearer old');
  });
});
