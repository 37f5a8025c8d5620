import { z } from 'zod';

/** ISO 4217 code: three upper-case letters. */
export const ZCurrencyCode = z.string().regex(/^[A-Z]{3}$/, 'currency.invalid');
export type TCurrencyCode = z.infer<typeof ZCurrencyCode>;
export const DEFAULT_CURRENCY: TCurrencyCode = 'USD';

/**
 * The `currencyjc` request header carries the current currency code. The original client
 * sends `USD` as `USD1`; any trailing digits are ignored. Returns undefined for
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

// Zod-free, so the storefront can use it without pulling zod into the shop page (decision 0021).
export { decimalToMinor, minorToDecimal, type TDecimalOptions } from './decimal';
