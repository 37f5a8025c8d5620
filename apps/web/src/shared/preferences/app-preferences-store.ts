import { create } from 'zustand';
import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@linkstore/contract';
import { readString, writeString } from './local-storage';
import { StorageKey } from './storage-keys';

export const DEVICES = ['desktop', 'mobile'] as const;
export type TDevice = (typeof DEVICES)[number];
export const SIZES = ['default', 'large', 'small'] as const;
export type TSize = (typeof SIZES)[number];
export const SIDEBAR_STATUSES = ['opened', 'closed'] as const;
export type TSidebarStatus = (typeof SIDEBAR_STATUSES)[number];

export interface TAppPreferencesState {
  device: TDevice;
  size: TSize;
  language: TLanguage;
  sidebar: { isOpened: boolean; isWithoutAnimation: boolean };
  activeTopMenuPath: string;
  setDevice: (device: TDevice) => void;
  setSize: (size: TSize) => void;
  setLanguage: (language: TLanguage) => void;
  toggleSidebar: () => void;
  openSidebar: () => void;
  closeSidebar: (isWithoutAnimation?: boolean) => void;
  setActiveTopMenuPath: (path: string) => void;
}

/** Creates the store from what localStorage holds now (a factory so tests start clean). */
export function createAppPreferencesStore() {
  return create<TAppPreferencesState>()((set, get) => {
    const setSidebar = (isOpened: boolean, isWithoutAnimation: boolean) => {
      writeString(StorageKey.sidebarStatus, isOpened ? 'opened' : 'closed');
      set({ sidebar: { isOpened, isWithoutAnimation } });
    };
    return {
      device: readString<TDevice>(StorageKey.device, 'desktop', DEVICES),
      size: readString<TSize>(StorageKey.size, 'default', SIZES),
      language: readString<TLanguage>(StorageKey.language, DEFAULT_LANGUAGE, LANGUAGES),
      sidebar: {
        isOpened:
          readString<TSidebarStatus>(StorageKey.sidebarStatus, 'closed', SIDEBAR_STATUSES) === 'opened',
        isWithoutAnimation: false,
      },
      activeTopMenuPath: readString(StorageKey.activeTopMenuPath, ''),
      setDevice: (device) => {
        writeString(StorageKey.device, device);
        set({ device });
      },
      setSize: (size) => {
        writeString(StorageKey.size, size);
        set({ size });
      },
      setLanguage: (language) => {
        writeString(StorageKey.language, language);
        set({ language });
      },
      toggleSidebar: () => setSidebar(!get().sidebar.isOpened, false),
      openSidebar: () => setSidebar(true, false),
      closeSidebar: (isWithoutAnimation = false) => setSidebar(false, isWithoutAnimation),
      setActiveTopMenuPath: (path) => {
        writeString(StorageKey.activeTopMenuPath, path);
        set({ activeTopMenuPath: path });
      },
    };
  });
}

export const useAppPreferences = createAppPreferencesStore();
