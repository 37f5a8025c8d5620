import { create } from 'zustand';
import { readString, removeKey, writeString } from '../preferences/local-storage';
import { StorageKey } from '../preferences/storage-keys';
import { sessionEvents } from './session-events';

export interface TTokens {
  tokenType: string;
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires, when the server says. */
  expiresIn?: number;
}

export interface TSessionState {
  /** The Authorization value, "<type> <token>", or empty when signed out. */
  authorization: string;
  refreshToken: string;
  /** When the access token expires (epoch ms), known only for tokens received in this tab. */
  expiresAt: number | undefined;
  setTokens: (tokens: TTokens) => void;
  clearTokens: () => void;
}

export function createSessionStore(now: () => number = Date.now) {
  return create<TSessionState>()((set, get) => ({
    authorization: readString(StorageKey.accessToken, ''),
    refreshToken: readString(StorageKey.refreshToken, ''),
    expiresAt: undefined,
    setTokens: ({ tokenType, accessToken, refreshToken, expiresIn }) => {
      const authorization = `${tokenType} ${accessToken}`;
      writeString(StorageKey.accessToken, authorization);
      writeString(StorageKey.refreshToken, refreshToken);
      set({ authorization, refreshToken, expiresAt: expiresIn ? now() + expiresIn * 1000 : undefined });
      sessionEvents.emit('tokenSet', { authorization });
    },
    clearTokens: () => {
      const hadTokens = get().authorization !== '' || get().refreshToken !== '';
      removeKey(StorageKey.accessToken);
      removeKey(StorageKey.refreshToken);
      set({ authorization: '', refreshToken: '', expiresAt: undefined });
      if (hadTokens) sessionEvents.emit('tokenCleared', undefined);
    },
  }));
}

export const useSession = createSessionStore();

/**
 * Another tab signed in, refreshed (the old refresh token is now dead) or signed out: follow
 * it, so this tab never presents a rotated refresh token, which would revoke the sign-in.
 */
window.addEventListener('storage', (event) => {
  if (event.key !== null && event.key !== StorageKey.accessToken && event.key !== StorageKey.refreshToken)
    return;
  useSession.setState({
    authorization: readString(StorageKey.accessToken, ''),
    refreshToken: readString(StorageKey.refreshToken, ''),
    expiresAt: undefined,
  });
});

export function isSignedIn(): boolean {
  return useSession.getState().authorization !== '';
}
