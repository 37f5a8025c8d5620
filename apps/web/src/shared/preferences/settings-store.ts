import { create } from 'zustand';
import { APP_TITLE, DEFAULT_THEME_COLOR } from '../config/constants';
import { readRuntimeConfig } from '../config/runtime-config';
import { isRecord, readJson, writeJson } from './local-storage';
import { StorageKey } from './storage-keys';

export const LAYOUTS = ['left', 'top', 'mix'] as const;
export type TLayout = (typeof LAYOUTS)[number];
export const THEMES = ['light', 'dark', 'auto'] as const;
export type TTheme = (typeof THEMES)[number];

/** The persisted part of the settings. Size and language are the app preferences' keys. */
export interface TPersistedSettings {
  showSettings: boolean;
  tagsView: boolean;
  sidebarLogo: boolean;
  layout: TLayout;
  theme: TTheme;
  themeColor: string;
  watermarkEnabled: boolean;
  watermarkContent: string;
}

export const DEFAULT_SETTINGS: TPersistedSettings = {
  showSettings: true,
  tagsView: true,
  sidebarLogo: true,
  layout: 'left',
  theme: 'light',
  themeColor: DEFAULT_THEME_COLOR,
  watermarkEnabled: false,
  watermarkContent: APP_TITLE,
};

export interface TSettingsState extends TPersistedSettings {
  title: string;
  version: string;
  changeSetting: <K extends keyof TPersistedSettings>(key: K, value: TPersistedSettings[K]) => void;
  resetSettings: () => void;
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Keeps each stored field that has the right type, so one bad field does not reset the rest. */
export function sanitizeSettings(value: unknown): TPersistedSettings {
  if (!isRecord(value)) return { ...DEFAULT_SETTINGS };
  const pickBoolean = (key: keyof TPersistedSettings, fallback: boolean) =>
    typeof value[key] === 'boolean' ? value[key] : fallback;
  const pickEnum = <T extends string>(
    key: keyof TPersistedSettings,
    allowed: readonly T[],
    fallback: T,
  ): T => ((allowed as readonly unknown[]).includes(value[key]) ? (value[key] as T) : fallback);
  return {
    showSettings: pickBoolean('showSettings', DEFAULT_SETTINGS.showSettings),
    tagsView: pickBoolean('tagsView', DEFAULT_SETTINGS.tagsView),
    sidebarLogo: pickBoolean('sidebarLogo', DEFAULT_SETTINGS.sidebarLogo),
    layout: pickEnum('layout', LAYOUTS, DEFAULT_SETTINGS.layout),
    theme: pickEnum('theme', THEMES, DEFAULT_SETTINGS.theme),
    themeColor:
      typeof value.themeColor === 'string' && HEX_COLOR.test(value.themeColor)
        ? value.themeColor
        : DEFAULT_SETTINGS.themeColor,
    watermarkEnabled: pickBoolean('watermarkEnabled', DEFAULT_SETTINGS.watermarkEnabled),
    watermarkContent:
      typeof value.watermarkContent === 'string' ? value.watermarkContent : DEFAULT_SETTINGS.watermarkContent,
  };
}

function pickPersisted(state: TPersistedSettings): TPersistedSettings {
  return sanitizeSettings(state);
}

export function createSettingsStore(version: string) {
  return create<TSettingsState>()((set, get) => ({
    title: APP_TITLE,
    version,
    ...sanitizeSettings(readJson(StorageKey.settings, isRecord)),
    changeSetting: (key, value) => {
      set({ [key]: value } as Pick<TPersistedSettings, typeof key>);
      writeJson(StorageKey.settings, pickPersisted(get()));
    },
    resetSettings: () => {
      set({ ...DEFAULT_SETTINGS });
      writeJson(StorageKey.settings, DEFAULT_SETTINGS);
    },
  }));
}

export const useSettings = createSettingsStore(readRuntimeConfig().version);
