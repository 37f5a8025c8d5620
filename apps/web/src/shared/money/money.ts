import {
  convertFromUsdMinor,
  convertToUsdMinor,
  decimalToMinor,
  formatMoney,
  minorDigitsOf,
  minorToDecimal,
  type TCountry,
} from '@linkstore/contract';

export { minorToDecimal };

/** How a currency is shown and converted: its code, decimals and rate to the US dollar. */
export interface TCurrencyRate {
  code: string;
  /** The contract's ISO 4217 digits for `code` (`minorDigitsOf`). */
  minorDigits: number;
  /** Millionths of the currency's major unit one US dollar buys. */
  ratePerUsdMicros: number;
}

export const USD_RATE: TCurrencyRate = {
  code: 'USD',
  minorDigits: minorDigitsOf('USD'),
  ratePerUsdMicros: 1_000_000,
};

/**
 * The rate of `currencyCode` from the countries table, its digits from the contract's one table;
 * US dollars when it is not listed.
 */
export function rateFor(countries: readonly TCountry[] | undefined, currencyCode: string): TCurrencyRate {
  const country = countries?.find((c) => c.currency_jc === currencyCode);
  if (!country) return USD_RATE;
  return {
    code: country.currency_jc,
    minorDigits: minorDigitsOf(country.currency_jc),
    ratePerUsdMicros: country.rate_per_usd_micros,
  };
}

/**
 * What a person typed ("12", "12.5", "12,50") as minor units of a currency with `minorDigits`
 * decimals; null when it is not an amount or has too many decimals.
 */
export function parseMinor(text: string, minorDigits: number): number | null {
  return decimalToMinor(text, minorDigits, { decimalComma: true, maxWholeDigits: 9 });
}

/** A US-cent amount shown in `rate`'s currency for `locale` (e.g. "€11.05", "¥1,580"). */
export function formatUsdMinor(usdMinor: number, rate: TCurrencyRate, locale: string): string {
  return formatMoney(usdToLocalMinor(usdMinor, rate), rate.code, locale);
}

/** An amount typed in `rate`'s minor units back to US cents (half up). */
export function localMinorToUsd(minor: number, rate: TCurrencyRate): number {
  return convertToUsdMinor(minor, rate.ratePerUsdMicros, rate.minorDigits);
}

/** US cents in `rate`'s minor units (half up). */
export function usdToLocalMinor(usdMinor: number, rate: TCurrencyRate): number {
  return convertFromUsdMinor(usdMinor, rate.ratePerUsdMicros, rate.minorDigits);
}
