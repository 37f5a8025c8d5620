import { LANGUAGES, normalizeLanguage, type TLanguage } from '@linkstore/contract';

/**
 * A tiny i18n for the storefront (decision 0021: i18next would be a third of its budget). Same
 * JSON as the other namespaces: nested keys, `{{name}}` interpolation and i18next's plural
 * suffixes (`key_one`, `key_other`, chosen with `count`).
 */

export type TMessages = { [key: string]: string | TMessages };
export type TVars = Record<string, string | number>;
export type TTranslate = (key: string, vars?: TVars) => string;

/** The studio's key: a buyer who also uses the studio keeps one language. */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Each language's file is its own chunk: a page loads only the one it shows. */
const loaders = import.meta.glob<TMessages>('../locales/*/storefront.json', { import: 'default' });

export async function loadMessages(language: TLanguage): Promise<TMessages> {
  const load = loaders[`../locales/${language}/storefront.json`] ?? loaders['../locales/en/storefront.json'];
  return load ? load() : {};
}

function lookup(messages: TMessages, key: string): string | undefined {
  let node: string | TMessages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A translate function over `messages`; a missing key shows itself (never an empty string). */
export function createTranslate(messages: TMessages, language: TLanguage): TTranslate {
  const plurals = new Intl.PluralRules(intlLocale(language));
  return (key, vars) => {
    const count = vars?.count;
    const text =
      (typeof count === 'number' ? lookup(messages, `${key}_${plurals.select(count)}`) : undefined) ??
      (typeof count === 'number' ? lookup(messages, `${key}_other`) : undefined) ??
      lookup(messages, key) ??
      key;
    return vars
      ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(vars[name] ?? whole))
      : text;
  };
}

/** The language to show: the link's `?lang=`, else the one kept in storage, else the server's. */
export function pickLanguage(
  search: string,
  stored: string | null,
  serverLanguage: TLanguage | undefined,
): TLanguage {
  const fromLink = new URLSearchParams(search).get('lang');
  if (fromLink) return normalizeLanguage(fromLink);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as TLanguage;
  return serverLanguage ?? normalizeLanguage(navigator.language);
}

/** BCP 47 tag for Intl (`zh-cn` → `zh-CN`). */
export function intlLocale(language: TLanguage): string {
  return language === 'zh-cn' ? 'zh-CN' : language;
}

/** Each language named in itself, for the switch. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  'zh-cn': '中文',
  fr: 'Français',
};
