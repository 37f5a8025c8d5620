import { z } from 'zod';

/** ISO 4217 code: three upper-case letters. */
export const ZCurrencyCode = z.string().regex(/^[A-Z]{3}$/, 'currency.invalid');
export type TCurrencyCode = z.infer<typeof ZCurrencyCode>;
export const DEFAULT_CURRENCY: TCurrencyCode = 'USD';

/**
 * The `currencyjc` request header carries the current currency code. The original client
 * sends `USD` as `USD1` (SPEC.md §7); any trailing digits are ignored. Returns undefined for
 * values that are not a currency code.
 */
export function parseCurrencyHeader(value: string | null | undefined): TCurrencyCode | undefined {
  if (!value) return undefined;
  const match = /^([A-Za-z]{3})\d*$/.exec(value.trim());
  return match?.[1] ? match[1].toUpperCase() : undefined;
}

/** What the client puts in the `currencyjc` header for a currency code (USD is sent as USD1). */
export function toCurrencyHeader(code: TCurrencyCode): string {
  return code === 'USD' ? 'USD1' : code;
}

/** Money is integer minor units with an explicit currency; never floats. */
export const ZMoney = z.object({
  amount: z.number().int(),
  currency: ZCurrencyCode,
});
export type TMoney = z.infer<typeof ZMoney>;

/**
 * Minor units as an exact decimal string (1234, 2 → "12.34"; 5, 2 → "0.05"; 1580, 0 → "1580"),
 * with integers only: what PayPal's amounts, price inputs and `Intl` (which reads decimal strings
 * exactly) are given.
 */
export function minorToDecimal(minor: number, minorDigits: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor))).padStart(minorDigits + 1, '0');
  if (minorDigits === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -minorDigits)}.${digits.slice(-minorDigits)}`;
}
