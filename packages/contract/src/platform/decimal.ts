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

export interface TDecimalOptions {
  /** Accept "12,50" as well as "12.50" (what people type in many locales). */
  decimalComma?: boolean;
  /** The longest whole part accepted; longer is not an amount. */
  maxWholeDigits?: number;
}

/**
 * An exact decimal string as minor units ("12.34", 2 → 1234; "12", 2 → 1200; "1.5", 3 → 1500),
 * with integers only. Null when the text is not a plain non-negative amount, has more decimals
 * than `minorDigits`, or is too large to count exactly.
 */
export function decimalToMinor(
  text: string,
  minorDigits: number,
  { decimalComma = false, maxWholeDigits = 15 }: TDecimalOptions = {},
): number | null {
  const match = (decimalComma ? /^(\d+)(?:[.,](\d*))?$/ : /^(\d+)(?:\.(\d*))?$/).exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (whole.length > maxWholeDigits || fraction.length > minorDigits) return null;
  const minor = Number(whole + fraction.padEnd(minorDigits, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}
