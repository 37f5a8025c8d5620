import { describe, expect, it } from 'vitest';
import { ZProductRequest, formatPriceCents, parsePriceCents } from './products.schema';

describe('prices in cents', () => {
  it('turns a typed amount into cents with integer arithmetic', () => {
    expect(parsePriceCents('12.34')).toBe(1234);
    expect(parsePriceCents('19.9')).toBe(1990);
    expect(parsePriceCents(' 7 ')).toBe(700);
    expect(parsePriceCents('0.29')).toBe(29);
    expect(parsePriceCents('1.005')).toBeNull();
    expect(parsePriceCents('1,5')).toBeNull();
    expect(parsePriceCents('-1')).toBeNull();
    expect(parsePriceCents('')).toBeNull();
  });

  it('shows cents as an amount and back without drift', () => {
    expect(formatPriceCents(1299)).toBe('12.99');
    expect(formatPriceCents(5)).toBe('0.05');
    for (const cents of [1, 29, 57, 1015, 9_999_999]) {
      expect(parsePriceCents(formatPriceCents(cents))).toBe(cents);
    }
  });

  it('refuses a fractional number of cents in a body', () => {
    const base = { categoryId: '2', title: 'Mug' };
    expect(ZProductRequest.safeParse({ ...base, platformPriceCents: 12.5 }).success).toBe(false);
    expect(ZProductRequest.safeParse({ ...base, platformPriceCents: 0 }).success).toBe(false);
    expect(ZProductRequest.safeParse({ ...base, platformPriceCents: 1250 }).success).toBe(true);
  });
});
