import { toCurrencyHeader } from '@linkstore/contract';
import { REQUEST_TIMEOUT_MS } from '../config/constants';
import { readRuntimeConfig, resolveApiOrigin } from '../config/runtime-config';
import { i18n } from '../i18n/i18n';
import { useAppPreferences } from '../preferences/app-preferences-store';
import { useUserPreferences } from '../preferences/user-preferences-store';
import { useSession } from '../session/session-store';
import { createHttpClient } from './http-client';
import { notifier } from './notifier';

const runtimeConfig = readRuntimeConfig();

let navigateToLogin: () => void = () => {
  window.location.hash = '#/login';
};

/** main.tsx hands over the router's own navigation once the router exists. */
export function setLoginNavigator(navigate: () => void): void {
  navigateToLogin = navigate;
}

/** The app's http client, wired to the session, preferences, i18n and antd notifications. */
export const apiClient = createHttpClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  timeoutMs: REQUEST_TIMEOUT_MS,
  getBaseUrl: () => resolveApiOrigin(window.location, runtimeConfig),
  // Our server translates Chinese, so zh-cn is sent as is (SPEC.md §7 sends it as en).
  getLanguage: () => useAppPreferences.getState().language,
  getCurrencyHeader: () => {
    const { currencyCode } = useUserPreferences.getState();
    return /^[A-Z]{3}$/.test(currencyCode) ? toCurrencyHeader(currencyCode) : currencyCode;
  },
  getAuthorization: () => useSession.getState().authorization,
  translate: (key) => i18n.t(key, { ns: 'common' }),
  notifyWarning: notifier.warning,
  notifyError: notifier.error,
  onAccessTokenInvalid: () => {
    // Without dropping the token the guard would send /login straight back to home.
    useSession.getState().clearTokens();
    navigateToLogin();
  },
});
