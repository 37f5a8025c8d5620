import {
  convertFromUsdCents,
  convertToUsdCents,
  decimalToMinor,
  minorToDecimal,
  type TCountry,
} from '@linkstore/contract';

export { minorToDecimal };

/** How a currency is shown and converted: its code, decimals and rate to the US dollar. */
export interface TCurrencyRate {
  code: string;
  minorDigits: number;
  /** Millionths of the currency's major unit one US dollar buys. */
  ratePerUsdMicros: number;
}

export const USD_RATE: TCurrencyRate = { code: 'USD', minorDigits: 2, ratePerUsdMicros: 1_000_000 };

/** The rate of `currencyCode` from the countries table; US dollars when it is not listed. */
export function rateFor(countries: readonly TCountry[] | undefined, currencyCode: string): TCurrencyRate {
  const country = countries?.find((c) => c.currency_jc === currencyCode);
  if (!country) return USD_RATE;
  return {
    code: country.currency_jc,
    minorDigits: country.currency_minor_digits,
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
export function formatUsdCents(usdCents: number, rate: TCurrencyRate, locale: string): string {
  const minor = convertFromUsdCents(usdCents, rate.ratePerUsdMicros, rate.minorDigits);
  const formatter = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: rate.code,
    minimumFractionDigits: rate.minorDigits,
    maximumFractionDigits: rate.minorDigits,
  });
  // A decimal string keeps the amount exact; Intl reads strings as decimals.
  return formatter.format(minorToDecimal(minor, rate.minorDigits) as unknown as number);
}

/** An amount typed in `rate`'s minor units back to US cents (half up). */
export function minorToUsdCents(minor: number, rate: TCurrencyRate): number {
  return convertToUsdCents(minor, rate.ratePerUsdMicros, rate.minorDigits);
}

/** US cents in `rate`'s minor units (half up). */
export function usdCentsToMinor(usdCents: number, rate: TCurrencyRate): number {
  return convertFromUsdCents(usdCents, rate.ratePerUsdMicros, rate.minorDigits);
}
