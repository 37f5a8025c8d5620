import { minorToDecimal } from './decimal';

// Zod-free, so the storefront can use it without pulling zod into the shop page (decision 0021).

/**
 * ISO 4217 minor units of the national currencies whose minor unit is not a hundredth (funds
 * codes such as CLF, UYI and UYW are left out). Every other code has 2, as ISO itself implies.
 * This table is the one source: Intl's own digits come from CLDR and differ for display (it
 * shows HUF, IDR and COP without decimals), PayPal's differ again (HUF, TWD in whole units), and
 * the countries table's `currency_minor_digits` is seeded from here.
 */
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

/** Decimals of a currency's minor unit (JPY 0, USD 2, KWD 3): how its integer amounts count. */
export function minorDigitsOf(currencyCode: string): number {
  return MINOR_DIGITS[currencyCode.toUpperCase()] ?? 2;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount in integer minor units shown for a language ("$19.99", "19,99 US$", "¥1,500",
 * "KWD 1.500"), with exactly the currency's minor digits. Intl is given an exact decimal string,
 * so no float ever touches the amount. The one money formatter of the server and the web.
 */
export function formatMoney(minor: number, currencyCode: string, locale: string): string {
  const code = currencyCode.toUpperCase();
  const digits = minorDigitsOf(code);
  // Intl throws on a code that is not three letters (one read from a provider's answer, say):
  // show the amount with its code rather than fail the request that wanted to say it.
  if (!/^[A-Z]{3}$/.test(code)) return `${minorToDecimal(minor, digits)} ${currencyCode}`;
  const key = `${locale}\u0000${code}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  // Intl reads a string as an exact decimal (ECMA-402 "Intl.NumberFormat v3"); the cast only
  // satisfies TypeScript's older signature.
  return formatter.format(minorToDecimal(minor, digits) as unknown as number);
}

/**
 * round(a × b / c), half up, in integer arithmetic (no float on the way, exact for any amounts a
 * number holds); a, b ≥ 0, c > 0. Shares of money — a refund's part of a capture, a line's tax, a
 * line's part of a discount — are all this one rounding.
 */
export function mulDivRound(a: number, b: number, c: number): number {
  return Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));
}
