import { describe, expect, it } from 'vitest';
import { ZProductRequest, formatPriceMinor, parsePriceMinor } from './products.schema';

describe('prices in cents', () => {
  it('turns a typed amount into cents with integer arithmetic', () => {
    expect(parsePriceMinor('12.34')).toBe(1234);
    expect(parsePriceMinor('19.9')).toBe(1990);
    expect(parsePriceMinor(' 7 ')).toBe(700);
    expect(parsePriceMinor('0.29')).toBe(29);
    expect(parsePriceMinor('1.005')).toBeNull();
    expect(parsePriceMinor('1,5')).toBeNull();
    expect(parsePriceMinor('-1')).toBeNull();
    expect(parsePriceMinor('')).toBeNull();
  });

  it('shows cents as an amount and back without drift', () => {
    expect(formatPriceMinor(1299)).toBe('12.99');
    expect(formatPriceMinor(5)).toBe('0.05');
    for (const cents of [1, 29, 57, 1015, 9_999_999]) {
      expect(parsePriceMinor(formatPriceMinor(cents))).toBe(cents);
    }
  });

  it('refuses a fractional number of cents in a body', () => {
    const base = { categoryId: '2', title: 'Mug' };
    expect(ZProductRequest.safeParse({ ...base, platformPriceMinor: 12.5 }).success).toBe(false);
    expect(ZProductRequest.safeParse({ ...base, platformPriceMinor: 0 }).success).toBe(false);
    expect(ZProductRequest.safeParse({ ...base, platformPriceMinor: 1250 }).success).toBe(true);
  });
});
