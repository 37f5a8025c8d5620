import type { TTokens } from './session-store';

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
      .catch(() => false)
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
