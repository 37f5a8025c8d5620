import { accountsRoutes, toCurrencyHeader } from '@linkstore/contract';
import { REQUEST_TIMEOUT_MS } from '../config/constants';
import { readRuntimeConfig, resolveApiOrigin } from '../config/runtime-config';
import { i18n } from '../i18n/i18n';
import { useAppPreferences } from '../preferences/app-preferences-store';
import { useUserPreferences } from '../preferences/user-preferences-store';
import { expireSession } from '../session/clear-session';
import { sessionEvents } from '../session/session-events';
import { useSession } from '../session/session-store';
import { createTokenRefresher } from '../session/token-refresher';
import { createHttpClient, type THttpClient, type THttpClientDeps } from './http-client';
import { notifier } from './notifier';

const runtimeConfig = readRuntimeConfig();

/** Refresh this long before the access token expires, when its lifetime is known. */
const PROACTIVE_REFRESH_MARGIN_MS = 60_000;

/**
 * An http client wired to the session, preferences, i18n and antd notifications (headers,
 * session renewal on 1002, error notifications) over the given transport.
 */
export function createAppHttpClient(transport: Pick<THttpClientDeps, 'fetch' | 'timeoutMs'>): THttpClient {
  return createHttpClient({
    ...transport,
    getBaseUrl: () => resolveApiOrigin(window.location, runtimeConfig),
    // Our server translates Chinese, so zh-cn is sent as is, not as en (decision 0004).
    getLanguage: () => useAppPreferences.getState().language,
    getCurrencyHeader: () => {
      const { currencyCode } = useUserPreferences.getState();
      return /^[A-Z]{3}$/.test(currencyCode) ? toCurrencyHeader(currencyCode) : currencyCode;
    },
    getAuthorization: () => useSession.getState().authorization,
    translate: (key) => i18n.t(key, { ns: 'common' }),
    notifyWarning: (title, text) => notifier.warning(title, text),
    notifyError: (title, text) => notifier.error(title, text),
    renewAccess: (authorization) => tokenRefresher.renew(authorization),
    onSessionExpired: expireSession,
  });
}

/** The app's http client. */
export const apiClient = createAppHttpClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  timeoutMs: REQUEST_TIMEOUT_MS,
});

/** One refresh for all calls that meet an expired access token at once. */
const tokenRefresher = createTokenRefresher({
  getSession: () => useSession.getState(),
  refresh: async (refreshToken) => {
    const data = await apiClient.post(
      accountsRoutes.refresh.path,
      { refreshToken },
      // No Authorization header, and no toast: a failed refresh ends the session instead.
      { isAuthenticated: false, isQuiet: true },
    );
    return accountsRoutes.refresh.response.parse(data);
  },
  storeTokens: (tokens) => useSession.getState().setTokens(tokens),
});

/**
 * Renews the session's access token (one flight for every caller) unless the stored one is
 * already newer than `usedAuthorization`; false when it cannot (no refresh token, or the sign-in
 * has ended). The realtime socket renews before reconnecting: only when nobody has yet — every
 * needless rotation is one more chance of a rotated token lost in a page reload.
 */
export const renewSession = (usedAuthorization?: string): Promise<boolean> =>
  tokenRefresher.renew(usedAuthorization);

let proactiveTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * When to renew a token that has `lifetimeMs` left: the margin before expiry is at most a fifth
 * of the lifetime, because with short-lived tokens a fixed margin would renew at once, then
 * again at once for the new token, without end.
 */
export function proactiveRefreshDelay(lifetimeMs: number, marginMs = PROACTIVE_REFRESH_MARGIN_MS): number {
  return Math.max(lifetimeMs - Math.min(marginMs, lifetimeMs / 5), 0);
}

/** Renews shortly before expiry when the lifetime is known; a failure waits for the next 1002. */
function scheduleProactiveRefresh(): void {
  clearTimeout(proactiveTimer);
  const { expiresAt, authorization } = useSession.getState();
  if (!expiresAt || !authorization) return;
  const delay = proactiveRefreshDelay(expiresAt - Date.now());
  // Long lifetimes exceed setTimeout's range; the 1002 path covers those.
  if (delay > 2 ** 31 - 1) return;
  proactiveTimer = setTimeout(() => void tokenRefresher.renew(authorization), delay);
}

sessionEvents.on('tokenSet', scheduleProactiveRefresh);
sessionEvents.on('tokenCleared', () => clearTimeout(proactiveTimer));
