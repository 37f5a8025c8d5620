import { describe, expect, it } from 'vitest';
import { formatRateMicros, parseRateMicros } from './countries.schema';

describe('currency rates as decimals', () => {
  it('parses decimals with up to six places into integer micros without floats', () => {
    expect(parseRateMicros('0.92')).toBe(920_000);
    expect(parseRateMicros(' 1 ')).toBe(1_000_000);
    expect(parseRateMicros('5.123456')).toBe(5_123_456);
    expect(parseRateMicros('25400')).toBe(25_400_000_000);
    expect(parseRateMicros('0.000001')).toBe(1);
    expect(parseRateMicros('999999999.999999')).toBe(999_999_999_999_999);
  });

  it('refuses zero, negatives, too many places or digits, and non-numbers', () => {
    for (const text of ['0', '0.000000', '-1', '1.1234567', '1234567890', '1,5', '.5', '1.', 'abc', '']) {
      expect({ text, micros: parseRateMicros(text) }).toEqual({ text, micros: null });
    }
  });

  it('formats micros as the shortest exact decimal, the inverse of parsing', () => {
    expect(formatRateMicros(920_000)).toBe('0.92');
    expect(formatRateMicros(1_000_000)).toBe('1');
    expect(formatRateMicros(5_123_456)).toBe('5.123456');
    expect(formatRateMicros(1)).toBe('0.000001');
    for (const text of ['0.92', '7.8', '25400', '999999999.999999']) {
      expect(formatRateMicros(parseRateMicros(text) ?? 0)).toBe(text);
    }
  });
});
