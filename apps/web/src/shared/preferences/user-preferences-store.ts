import { create } from 'zustand';
import { DEFAULT_CURRENCY } from '@linkstore/contract';
import { DEFAULT_PERCENTAGE } from '../config/constants';
import { isRecord, readJson, writeJson } from './local-storage';
import { StorageKey } from './storage-keys';

/** A product whose price the owner changed locally; only `id` is known to this layer. */
export interface TModifiedProduct {
  id: string | number;
  [field: string]: unknown;
}

export interface TUserPreferences {
  country: string;
  countryId: string;
  currency: string;
  currencyCode: string;
  currencySymbol: string;
  percentage: number;
  menuDefaultActive: number;
  activeTabName: string;
  homeUrl: string;
  userSource: string;
  pageSource: string;
  modifiedProducts: TModifiedProduct[];
  authorisationType: string;
  isHandlingHomePrice: boolean;
  isLoginFormShown: boolean;
  /** The user picked a country or currency; start-up then keeps it instead of the server default. */
  isCountryChosen: boolean;
}

export const DEFAULT_USER_PREFERENCES: TUserPreferences = {
  country: 'US',
  countryId: 'US',
  currency: 'United States dollar',
  currencyCode: DEFAULT_CURRENCY,
  currencySymbol: '$',
  percentage: DEFAULT_PERCENTAGE,
  menuDefaultActive: 1,
  activeTabName: 'Category',
  homeUrl: '/home',
  userSource: 'default',
  pageSource: '',
  modifiedProducts: [],
  authorisationType: '',
  isHandlingHomePrice: false,
  isLoginFormShown: false,
  isCountryChosen: false,
};

export interface TUserPreferencesState extends TUserPreferences {
  setCountry: (country: {
    country: string;
    countryId: string;
    currency: string;
    currencyCode: string;
    currencySymbol: string;
  }) => void;
  setCurrency: (currency: { currency: string; currencyCode: string; currencySymbol: string }) => void;
  setCountryChosen: (isChosen: boolean) => void;
  setPercentage: (percentage: number) => void;
  setMenuDefaultActive: (index: number) => void;
  setActiveTabName: (name: string) => void;
  setHomeUrl: (url: string) => void;
  setUserSource: (source: string) => void;
  setPageSource: (source: string) => void;
  upsertModifiedProduct: (product: TModifiedProduct) => void;
  clearModifiedProducts: () => void;
  setAuthorisationType: (type: string) => void;
  setHandlingHomePrice: (isHandling: boolean) => void;
  setLoginFormShown: (isShown: boolean) => void;
}

/** Replaces the entry with the same id, otherwise appends. */
export function upsertById(list: readonly TModifiedProduct[], product: TModifiedProduct): TModifiedProduct[] {
  const index = list.findIndex((item) => item.id === product.id);
  if (index === -1) return [...list, product];
  return list.map((item, i) => (i === index ? product : item));
}

function isModifiedProduct(value: unknown): value is TModifiedProduct {
  return isRecord(value) && (typeof value.id === 'string' || typeof value.id === 'number');
}

/** Keeps each stored field whose type matches its default; drops the rest. */
export function sanitizeUserPreferences(value: unknown): TUserPreferences {
  const result: TUserPreferences = { ...DEFAULT_USER_PREFERENCES, modifiedProducts: [] };
  if (!isRecord(value)) return result;
  for (const key of Object.keys(DEFAULT_USER_PREFERENCES) as (keyof TUserPreferences)[]) {
    const stored = value[key];
    if (key === 'modifiedProducts') {
      if (Array.isArray(stored)) result.modifiedProducts = stored.filter(isModifiedProduct);
    } else if (typeof stored === typeof DEFAULT_USER_PREFERENCES[key]) {
      Object.assign(result, { [key]: stored });
    }
  }
  return result;
}

function pickPreferences(state: TUserPreferencesState): TUserPreferences {
  const result = {} as Record<keyof TUserPreferences, unknown>;
  for (const key of Object.keys(DEFAULT_USER_PREFERENCES) as (keyof TUserPreferences)[]) {
    result[key] = state[key];
  }
  return result as TUserPreferences;
}

export function createUserPreferencesStore() {
  return create<TUserPreferencesState>()((set, get) => {
    const update = (patch: Partial<TUserPreferences>) => {
      set(patch);
      writeJson(StorageKey.userPreferences, pickPreferences(get()));
    };
    return {
      ...sanitizeUserPreferences(readJson(StorageKey.userPreferences, isRecord)),
      setCountry: (country) => update(country),
      setCurrency: (currency) => update(currency),
      setCountryChosen: (isCountryChosen) => update({ isCountryChosen }),
      setPercentage: (percentage) => update({ percentage }),
      setMenuDefaultActive: (menuDefaultActive) => update({ menuDefaultActive }),
      setActiveTabName: (activeTabName) => update({ activeTabName }),
      setHomeUrl: (homeUrl) => update({ homeUrl }),
      setUserSource: (userSource) => update({ userSource }),
      setPageSource: (pageSource) => update({ pageSource }),
      upsertModifiedProduct: (product) =>
        update({ modifiedProducts: upsertById(get().modifiedProducts, product) }),
      clearModifiedProducts: () => update({ modifiedProducts: [] }),
      setAuthorisationType: (authorisationType) => update({ authorisationType }),
      setHandlingHomePrice: (isHandlingHomePrice) => update({ isHandlingHomePrice }),
      // Showing the login form resets the menu to its first item.
      setLoginFormShown: (isLoginFormShown) =>
        update(isLoginFormShown ? { isLoginFormShown, menuDefaultActive: 1 } : { isLoginFormShown }),
    };
  });
}

export const useUserPreferences = createUserPreferencesStore();
