import { create } from 'zustand';
import type { TUserInfo } from './session-events';

export interface TUserState {
  /** The signed-in user and their business info, once loaded; null when signed out. */
  info: TUserInfo | null;
  setInfo: (info: TUserInfo) => void;
  clear: () => void;
}

/** Held in memory only: start-up reloads it from the server whenever tokens are stored. */
export const useUser = create<TUserState>()((set) => ({
  info: null,
  setInfo: (info) => set({ info }),
  clear: () => set({ info: null }),
}));
