import { create } from 'zustand';
import { readString, removeKey, writeString } from '../preferences/local-storage';
import { StorageKey } from '../preferences/storage-keys';

/** Window events other parts of the app (websocket, caches) listen to (SPEC.md §4). */
export const SessionEvent = {
  tokenSet: 'linkstore:token',
  tokenCleared: 'linkstore:token-cleared',
} as const;

export interface TTokens {
  tokenType: string;
  accessToken: string;
  refreshToken: string;
}

export interface TSessionState {
  /** The Authorization value, "<type> <token>", or empty when signed out. */
  authorization: string;
  refreshToken: string;
  setTokens: (tokens: TTokens) => void;
  clearTokens: () => void;
}

export function createSessionStore() {
  return create<TSessionState>()((set) => ({
    authorization: readString(StorageKey.accessToken, ''),
    refreshToken: readString(StorageKey.refreshToken, ''),
    setTokens: ({ tokenType, accessToken, refreshToken }) => {
      const authorization = `${tokenType} ${accessToken}`;
      writeString(StorageKey.accessToken, authorization);
      writeString(StorageKey.refreshToken, refreshToken);
      set({ authorization, refreshToken });
      window.dispatchEvent(new Event(SessionEvent.tokenSet));
    },
    clearTokens: () => {
      removeKey(StorageKey.accessToken);
      removeKey(StorageKey.refreshToken);
      set({ authorization: '', refreshToken: '' });
      window.dispatchEvent(new Event(SessionEvent.tokenCleared));
    },
  }));
}

export const useSession = createSessionStore();

export function isSignedIn(): boolean {
  return useSession.getState().authorization !== '';
}
