/**
 * The country the buyer ships to, per browser: the product page's delivery estimate, the
 * checkout's default country and the prices the shop shows ("incl. VAT", shown-tax.ts). Small and
 * apart so the shop page has it without the checkout's code; it imports nothing (storage.ts's
 * guards are written out): importing that module from here made the bundler move React out of
 * the shop page's chunk into another file, 4 kB more to load.
 */
export const SHIP_TO_STORAGE_KEY = 'storefrontShipTo';

/** Countries offered for shipping: a short list, named in the buyer's language by Intl. */
export const COUNTRY_CODES = [
  'US',
  'CA',
  'MX',
  'BR',
  'AR',
  'CL',
  'CO',
  'PE',
  'GB',
  'IE',
  'FR',
  'BE',
  'CH',
  'DE',
  'AT',
  'NL',
  'ES',
  'PT',
  'IT',
  'SE',
  'DK',
  'NO',
  'FI',
  'PL',
  'AU',
  'NZ',
  'JP',
  'KR',
  'CN',
  'HK',
  'TW',
  'SG',
  'IN',
  'PH',
  'AE',
  'ZA',
] as const;

/**
 * The country the address form starts on: the region of the buyer's first browser language that
 * names one we ship to ("fr-FR" → FR, "pt-BR" → BR), else the United States.
 */
export function defaultCountry(languages: readonly string[]): string {
  const known = new Set<string>(COUNTRY_CODES);
  for (const tag of languages) {
    const region = /^[a-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})\b/.exec(tag)?.[1]?.toUpperCase();
    if (region && known.has(region)) return region;
  }
  return 'US';
}

/** The country kept for this browser, else the one its languages name (US without one). */
export function shipToCountry(): string {
  // `languages` is missing in some embedded browsers: the one language then.
  const languages = (navigator.languages as readonly string[] | undefined) ?? [navigator.language];
  try {
    const kept = localStorage.getItem(SHIP_TO_STORAGE_KEY);
    if (kept !== null) return kept;
  } catch {
    // Storage blocked (private modes): the browser's languages say.
  }
  return defaultCountry(languages);
}

const listeners = new Set<(countryCode: string) => void>();

/** Keeps the buyer's pick (when storage allows) and tells the page, which shows prices for it. */
export function keepShipTo(countryCode: string): void {
  try {
    localStorage.setItem(SHIP_TO_STORAGE_KEY, countryCode);
  } catch {
    // Not kept: the choice holds for this page only.
  }
  listeners.forEach((listener) => listener(countryCode));
}

/** Calls `listener` with each country the buyer picks from now on. */
export function onShipToChange(listener: (countryCode: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
