import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@linkstore/contract';
import enCatalog from '../../locales/en/catalog.json';
import enCommon from '../../locales/en/common.json';
import enConsole from '../../locales/en/console.json';
import enCreators from '../../locales/en/creators.json';
import enDicts from '../../locales/en/dicts.json';
import enDiscounts from '../../locales/en/discounts.json';
import enOrders from '../../locales/en/orders.json';
import enPayouts from '../../locales/en/payouts.json';
import enPaypal from '../../locales/en/paypal.json';
import enReconciliation from '../../locales/en/reconciliation.json';
import enStudio from '../../locales/en/studio.json';
import enSystem from '../../locales/en/system.json';
import enTaxes from '../../locales/en/taxes.json';
import enShipping from '../../locales/en/shipping.json';
import enSubscribers from '../../locales/en/subscribers.json';
import enUsers from '../../locales/en/users.json';
import { LANGUAGE_TAGS } from './languages';

export const NAMESPACES = [
  'common',
  'studio',
  'console',
  'system',
  'users',
  'dicts',
  'catalog',
  'orders',
  'payouts',
  'paypal',
  'creators',
  'reconciliation',
  'taxes',
  'shipping',
  'discounts',
  'subscribers',
] as const;
export type TNamespace = (typeof NAMESPACES)[number];

type TBundle = Record<string, unknown>;

/** English ships in the entry chunk; every other language is a chunk fetched on demand. */
const lazyBundles = import.meta.glob<TBundle>(
  [
    '../../locales/*/*.json',
    '!../../locales/en/*.json',
    '!../../locales/*/landing.json',
    '!../../locales/*/demos.json',
    '!../../locales/*/demo-pages.json',
  ],
  {
    import: 'default',
  },
);

export const i18n = i18next.createInstance();

const englishResources: ResourceLanguage = {
  common: enCommon,
  studio: enStudio,
  console: enConsole,
  system: enSystem,
  users: enUsers,
  dicts: enDicts,
  catalog: enCatalog,
  orders: enOrders,
  payouts: enPayouts,
  paypal: enPaypal,
  creators: enCreators,
  reconciliation: enReconciliation,
  taxes: enTaxes,
  shipping: enShipping,
  discounts: enDiscounts,
  subscribers: enSubscribers,
};

/**
 * Namespaces of a page that visitors open first (the landing page) or that few open (the
 * console's demo pages): not in the entry chunk, not even in English; the page loads its own with
 * `loadPageNamespace`, and from then on every language change loads it along with the rest.
 */
const pageBundles = import.meta.glob<TBundle>(
  ['../../locales/*/landing.json', '../../locales/*/demos.json', '../../locales/*/demo-pages.json'],
  {
    import: 'default',
  },
);
const pageNamespaces = new Set<string>();

async function loadBundle(language: TLanguage, namespace: string): Promise<void> {
  if (i18n.hasResourceBundle(language, namespace)) return;
  const path = `../../locales/${language}/${namespace}.json`;
  const load = pageNamespaces.has(namespace) ? pageBundles[path] : lazyBundles[path];
  if (!load) throw new Error(`Missing locale bundle ${language}/${namespace}`);
  i18n.addResourceBundle(language, namespace, await load(), true, true);
}

/** Loads all namespaces of a language into i18next unless already there. */
export async function loadLanguage(language: TLanguage): Promise<void> {
  const namespaces: string[] = language === 'en' ? [] : [...NAMESPACES];
  await Promise.all([...namespaces, ...pageNamespaces].map((namespace) => loadBundle(language, namespace)));
}

/** The namespaces pages load themselves (`loadPageNamespace`). */
export type TPageNamespace = 'landing' | 'demos' | 'demo-pages';

/** Loads a page's own namespace in English (the fallback) and the current language. */
export async function loadPageNamespace(namespace: TPageNamespace): Promise<void> {
  pageNamespaces.add(namespace);
  const current = LANGUAGES.find((language) => language === i18n.language) ?? DEFAULT_LANGUAGE;
  await Promise.all(
    [...new Set([DEFAULT_LANGUAGE, current])].map((language) => loadBundle(language, namespace)),
  );
}

function applyDocumentLanguage(language: TLanguage): void {
  document.documentElement.lang = LANGUAGE_TAGS[language];
}

export async function initI18n(language: TLanguage = DEFAULT_LANGUAGE): Promise<void> {
  const resources: Resource = { en: englishResources };
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      lowerCaseLng: true,
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'common',
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
    });
  }
  if (!(await applyLanguage(language))) await applyLanguage(DEFAULT_LANGUAGE);
}

/**
 * Loads (if needed) and activates a language; persisting it is the caller's choice. Resolves
 * false when the bundle cannot be fetched (offline, new deploy): the current language stays.
 */
export async function applyLanguage(language: TLanguage): Promise<boolean> {
  try {
    await loadLanguage(language);
  } catch {
    return false;
  }
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  return true;
}
