import { ISO_COUNTRY_CODES, type TLanguage } from '@linkstore/contract';
import { LANGUAGE_TAGS } from './languages';

type TKind = 'region' | 'currency';

/** One `Intl.DisplayNames` per language and kind; undefined where the runtime has none. */
const cache = new Map<string, Intl.DisplayNames | undefined>();

function displayNames(language: TLanguage, type: TKind): Intl.DisplayNames | undefined {
  const key = `${language}:${type}`;
  if (!cache.has(key)) {
    let names: Intl.DisplayNames | undefined;
    try {
      // `fallback: 'none'`: an unknown code gives undefined, so the stored English name is shown.
      names = new Intl.DisplayNames([LANGUAGE_TAGS[language]], { type, fallback: 'none' });
    } catch {
      names = undefined;
    }
    cache.set(key, names);
  }
  return cache.get(key);
}

function nameOf(language: TLanguage, type: TKind, code: string, english: string): string {
  try {
    return displayNames(language, type)?.of(code) ?? english;
  } catch {
    // A code Intl rejects (not two letters, not three): the name the server sent.
    return english;
  }
}

/** "ES" → "España" in Spanish, "西班牙" in Chinese; the server's English name when Intl has none. */
export function countryName(language: TLanguage, code: string, english: string): string {
  return nameOf(language, 'region', code.toUpperCase(), english);
}

/** "EUR" → "euro" in Spanish, "欧元" in Chinese; the server's English name when Intl has none. */
export function currencyName(language: TLanguage, code: string, english: string): string {
  return nameOf(language, 'currency', code.toUpperCase(), english);
}

/** Sorts names as the language does (accents, Chinese by its own collation). */
export function compareNames(language: TLanguage): (a: string, b: string) => number {
  return new Intl.Collator(LANGUAGE_TAGS[language]).compare;
}

/** Every ISO country as a select option, "España (ES)", sorted as the language sorts names. */
export function isoCountryOptions(language: TLanguage): { value: string; label: string }[] {
  const compare = compareNames(language);
  return ISO_COUNTRY_CODES.map((code) => ({
    value: code,
    label: `${countryName(language, code, code)} (${code})`,
  })).sort((a, b) => compare(a.label, b.label));
}
