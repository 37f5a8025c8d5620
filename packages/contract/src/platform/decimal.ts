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
