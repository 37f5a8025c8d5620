import {
  convertFromUsdMinor,
  formatMoney,
  minorDigitsOf,
  type TStorefrontCurrency,
} from '@linkstore/contract';

/** Buyers' chosen display currency, per browser (they have no account). */
export const CURRENCY_STORAGE_KEY = 'storefrontCurrency';

/**
 * US cents in `currency`'s minor units, with integers only: cents × rateMicros / 1,000,000,
 * rounded half up (BigInt in the contract's convertFromUsdMinor), counted in the contract's
 * ISO 4217 digits, as the studio counts them.
 */
export function toMinor(usdMinor: number, currency: TStorefrontCurrency): number {
  return convertFromUsdMinor(usdMinor, currency.rateMicros, minorDigitsOf(currency.code));
}

/** US cents shown in `currency` (US dollars when null) for `locale`, by the contract's formatMoney. */
export function formatUsdMinor(
  usdMinor: number,
  currency: TStorefrontCurrency | null,
  locale: string,
): string {
  return currency
    ? formatMoney(toMinor(usdMinor, currency), currency.code, locale)
    : formatMoney(usdMinor, 'USD', locale);
}

/**
 * A price as the buyer sees it in their chosen currency. Buyers are charged in US dollars, so an
 * amount converted to another currency is marked approximate ("≈ €11.43"); the shop's .99
 * rounding applies to the dollar price they pay, not to the converted figure (decision 0035).
 */
export function formatShownPrice(
  usdMinor: number,
  currency: TStorefrontCurrency | null,
  locale: string,
): string {
  const shown = formatUsdMinor(usdMinor, currency, locale);
  return currency && currency.code !== 'USD' ? `≈\u00a0${shown}` : shown;
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
