import { describe, expect, it } from 'vitest';
import { formatPercentMicros, grossOf, parsePercentMicros, taxOf } from './tax-math';

/** A small seeded generator (mulberry32): the same "random" cases on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const bigTax = (net: number, rate: number) => Number((BigInt(net) * BigInt(rate) + 500_000n) / 1_000_000n);

describe('taxOf', () => {
  it('rounds each line half up, in integers', () => {
    expect(taxOf(1000, 190_000)).toBe(190);
    expect(taxOf(1999, 190_000)).toBe(380); // 379.81
    expect(taxOf(2500, 88_750)).toBe(222); // 221.875
    expect(taxOf(50, 10_000)).toBe(1); // 0.5 exactly: half up
    expect(taxOf(49, 10_000)).toBe(0); // 0.49
    expect(taxOf(0, 190_000)).toBe(0);
    expect(taxOf(12_345, 0)).toBe(0);
    expect(taxOf(12_345, 1_000_000)).toBe(12_345);
  });

  it('agrees with BigInt on random lines up to 100,000,000 minor units: integer, ≥ 0, ≤ the line', () => {
    const random = seeded(34);
    for (let i = 0; i < 20_000; i++) {
      // Half the cases on small amounts, where rounding decides most of the tax.
      const net = Math.floor(random() * (i % 2 === 0 ? 100_000_001 : 1_000));
      const rate = Math.floor(random() * 1_000_001);
      const tax = taxOf(net, rate);
      expect({ net, rate, tax }).toEqual({ net, rate, tax: bigTax(net, rate) });
      expect(Number.isSafeInteger(tax) && tax >= 0 && tax <= net).toBe(true);
      expect(grossOf(net, rate)).toBe(net + tax);
    }
  });

  it('hits every exact half (remainder 500000) and the values on either side', () => {
    const random = seeded(7);
    for (let i = 0; i < 2_000; i++) {
      const rate = 10_000 * (1 + Math.floor(random() * 100)); // whole percents, 1..100
      // net × rate ≡ 500000 (mod 1000000) when net × (rate / 10000) ends in 50.
      const net = Math.floor(random() * 1_000_000) * 100 + 50;
      for (const n of [net - 1, net, net + 1]) {
        expect(taxOf(n, rate)).toBe(bigTax(n, rate));
      }
    }
  });

  it('stays exact past 2^53 of product, through BigInt', () => {
    const net = Number.MAX_SAFE_INTEGER;
    expect(taxOf(net, 190_000)).toBe(bigTax(net, 190_000));
  });

  it('refuses what is not a line: negative, fractional, or a rate outside 0..100 %', () => {
    expect(() => taxOf(-1, 190_000)).toThrow(RangeError);
    expect(() => taxOf(1.5, 190_000)).toThrow(RangeError);
    expect(() => taxOf(100, 1_000_001)).toThrow(RangeError);
    expect(() => taxOf(100, -1)).toThrow(RangeError);
    expect(() => taxOf(100, 0.5)).toThrow(RangeError);
  });
});

describe('percentages as decimals', () => {
  it('parses up to four decimals, 0 to 100 %, into integer micros', () => {
    expect(parsePercentMicros('19')).toBe(190_000);
    expect(parsePercentMicros('8.875')).toBe(88_750);
    expect(parsePercentMicros(' 5 ')).toBe(50_000);
    expect(parsePercentMicros('0')).toBe(0);
    expect(parsePercentMicros('100')).toBe(1_000_000);
    expect(parsePercentMicros('100.0000')).toBe(1_000_000);
    expect(parsePercentMicros('0.0001')).toBe(1);
    expect(parsePercentMicros('12.3456')).toBe(123_456);
  });

  it('refuses more than four decimals, over 100 %, negatives and non-numbers', () => {
    for (const text of ['8.87501', '100.0001', '101', '1000', '-1', '19,5', '.5', '5.', '19%', 'abc', '']) {
      expect({ text, micros: parsePercentMicros(text) }).toEqual({ text, micros: null });
    }
  });

  it('formats micros as the shortest exact percentage, the inverse of parsing', () => {
    expect(formatPercentMicros(190_000)).toBe('19');
    expect(formatPercentMicros(88_750)).toBe('8.875');
    expect(formatPercentMicros(0)).toBe('0');
    expect(formatPercentMicros(1)).toBe('0.0001');
    expect(formatPercentMicros(1_000_000)).toBe('100');
    const random = seeded(3);
    for (let i = 0; i < 2_000; i++) {
      const micros = Math.floor(random() * 1_000_001);
      expect(parsePercentMicros(formatPercentMicros(micros))).toBe(micros);
    }
  });
});
