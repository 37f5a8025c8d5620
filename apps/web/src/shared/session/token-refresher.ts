import { ClientErrorCode, isHttpError } from '../http/http-error';
import type { TTokens } from './session-store';

/**
 * Whether a failed refresh was the server refusing the refresh token (the sign-in has ended).
 * A refresh that got no such answer — the network failed, the page was being left, it timed out,
 * the server failed (5xx) or asked to slow down (429) — says nothing about the sign-in.
 */
const CLIENT_CODES: ReadonlySet<string> = new Set(Object.values(ClientErrorCode));

export function isRefusal(error: unknown): boolean {
  if (!isHttpError(error) || error.status === undefined || CLIENT_CODES.has(error.code)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

export interface TTokenRefresherDeps {
  /** The stored Authorization value and refresh token right now. */
  getSession: () => { authorization: string; refreshToken: string };
  /** Exchanges a refresh token for a new pair (the server rotates: the old one is dead). */
  refresh: (refreshToken: string) => Promise<TTokens>;
  storeTokens: (tokens: TTokens) => void;
}

/**
 * Single-flight silent refresh: however many calls fail with an invalid
 * access token at once, one refresh runs and every caller waits for its outcome. A call that
 * was sent with an older token than the one now stored is simply replayed.
 *
 * `renew` resolves true (renewed) or false (the sign-in has ended: no refresh token, or the server
 * refused it), and rejects with the refresh's error when it got no answer: the stored tokens are
 * then kept. Ending the session there would sign out anyone whose refresh was cut short by
 * leaving the page — the next page would find its tokens cleared (issue 32: a journey signed out
 * by a navigation during a refresh).
 */
export function createTokenRefresher(deps: TTokenRefresherDeps) {
  let flight: Promise<boolean> | undefined;

  function renew(sentAuthorization?: string): Promise<boolean> {
    if (flight) return flight;
    const { authorization, refreshToken } = deps.getSession();
    if (sentAuthorization !== undefined && authorization !== '' && authorization !== sentAuthorization) {
      return Promise.resolve(true);
    }
    if (!refreshToken) return Promise.resolve(false);
    flight = deps
      .refresh(refreshToken)
      .then((tokens) => {
        deps.storeTokens(tokens);
        return true;
      })
      .catch((error: unknown) => {
        if (isRefusal(error)) return false;
        throw error;
      })
      .finally(() => {
        flight = undefined;
      });
    return flight;
  }

  return {
    renew,
    get isRefreshing(): boolean {
      return flight !== undefined;
    },
  };
}
