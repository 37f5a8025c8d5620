import { describe, expect, it } from 'vitest';
import { decimalToMinor, minorToDecimal } from './decimal';

describe('decimalToMinor', () => {
  it('reads whole and fractional amounts exactly, for any number of minor digits', () => {
    expect(decimalToMinor('12.34', 2)).toBe(1234);
    expect(decimalToMinor('12', 2)).toBe(1200);
    expect(decimalToMinor('12.', 2)).toBe(1200);
    expect(decimalToMinor('0.1', 2)).toBe(10);
    expect(decimalToMinor(' 7.05 ', 2)).toBe(705);
    expect(decimalToMinor('500', 0)).toBe(500);
    expect(decimalToMinor('1.5', 3)).toBe(1500);
    // 0.29 * 100 is 28.999… in floating point; strings never go through that.
    expect(decimalToMinor('0.29', 2)).toBe(29);
    expect(decimalToMinor('1.15', 2)).toBe(115);
  });

  it('refuses what is not a plain non-negative amount', () => {
    for (const text of ['', '.5', '-1', '+1', '1e3', '1.2.3', '12,5', 'abc', '1 000', 'NaN', 'Infinity']) {
      expect(decimalToMinor(text, 2), text).toBeNull();
    }
  });

  it('refuses more decimals than the currency has', () => {
    expect(decimalToMinor('1.999', 2)).toBeNull();
    expect(decimalToMinor('1.5', 0)).toBeNull();
  });

  it('takes a decimal comma only when asked', () => {
    expect(decimalToMinor('12,50', 2)).toBeNull();
    expect(decimalToMinor('12,50', 2, { decimalComma: true })).toBe(1250);
    expect(decimalToMinor('12.50', 2, { decimalComma: true })).toBe(1250);
  });

  it('refuses a longer whole part than allowed, and anything it cannot count exactly', () => {
    expect(decimalToMinor('1234567890', 2, { maxWholeDigits: 9 })).toBeNull();
    expect(decimalToMinor('123456789', 2, { maxWholeDigits: 9 })).toBe(12_345_678_900);
    expect(decimalToMinor('99999999999999999', 2, { maxWholeDigits: 30 })).toBeNull();
  });

  it('is the inverse of minorToDecimal', () => {
    for (const [minor, digits] of [
      [0, 2],
      [5, 2],
      [1234, 2],
      [1580, 0],
      [1500, 3],
      [9_007_199_254_740_991, 2],
    ] as const) {
      expect(decimalToMinor(minorToDecimal(minor, digits), digits)).toBe(minor);
    }
  });
});
