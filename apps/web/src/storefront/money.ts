import { convertFromUsdCents, minorToDecimal, type TStorefrontCurrency } from '@linkstore/contract';

/** Buyers' chosen display currency, per browser (they have no account). */
export const CURRENCY_STORAGE_KEY = 'storefrontCurrency';

const digitsCache = new Map<string, number>();

/** Decimals of a currency as Intl knows them (JPY 0, USD 2); 2 for a code Intl refuses. */
export function minorDigitsOf(code: string): number {
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(code, digits);
  }
  return digits;
}

/**
 * US cents in `currency`'s minor units, with integers only: cents × rateMicros / 1,000,000,
 * rounded half up (BigInt in the contract's convertFromUsdCents).
 */
export function toMinor(usdCents: number, currency: TStorefrontCurrency): number {
  return convertFromUsdCents(usdCents, currency.rateMicros, minorDigitsOf(currency.code));
}

/** Minor units of `code` for `locale` ("€9.20", "¥1,500"), from an exact decimal string. */
export function formatMinor(minor: number, code: string, locale: string): string {
  const digits = minorDigitsOf(code);
  const formatter = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // Intl reads a string as an exact decimal: no float ever touches the amount.
  return formatter.format(minorToDecimal(minor, digits) as unknown as number);
}

/** US cents shown in `currency` (US dollars when null) for `locale`. */
export function formatMoney(usdCents: number, currency: TStorefrontCurrency | null, locale: string): string {
  return currency
    ? formatMinor(toMinor(usdCents, currency), currency.code, locale)
    : formatMinor(usdCents, 'USD', locale);
}

/** The stored currency when the shop offers it, else US dollars, else the first offered. */
export function pickCurrency(
  currencies: readonly TStorefrontCurrency[],
  stored: string | null,
): TStorefrontCurrency | null {
  return (
    currencies.find((c) => c.code === stored) ??
    currencies.find((c) => c.code === 'USD') ??
    currencies[0] ??
    null
  );
}
