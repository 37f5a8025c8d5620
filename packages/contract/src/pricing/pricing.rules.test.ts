import { describe, expect, it } from 'vitest';
import {
  applyPercentage,
  convertFromUsdMinor,
  convertToUsdMinor,
  priceProduct,
  roundPrice,
  type TPriceRules,
} from './pricing.rules';

const base: TPriceRules = { defaultPercentage: 200, rounding: 'none' };

describe('priceProduct precedence', () => {
  it('uses the default percentage when nothing else is set', () => {
    expect(priceProduct(1000, base)).toEqual({
      costMinor: 1000,
      sellingMinor: 2000,
      profitMinor: 1000,
      source: 'default',
      percentage: 200,
    });
  });

  it('a first-level percentage beats the default', () => {
    expect(priceProduct(1000, { ...base, firstLevelPercentage: 150 })).toMatchObject({
      sellingMinor: 1500,
      source: 'firstLevel',
      percentage: 150,
    });
  });

  it('a second-level percentage beats the first level', () => {
    expect(
      priceProduct(1000, { ...base, firstLevelPercentage: 150, secondLevelPercentage: 120 }),
    ).toMatchObject({ sellingMinor: 1200, source: 'secondLevel', percentage: 120 });
  });

  it('an override beats everything and is not rounded', () => {
    expect(
      priceProduct(1000, {
        ...base,
        rounding: '99',
        firstLevelPercentage: 150,
        secondLevelPercentage: 120,
        overrideMinor: 1234,
      }),
    ).toEqual({
      costMinor: 1000,
      sellingMinor: 1234,
      profitMinor: 234,
      source: 'override',
      percentage: null,
    });
  });

  it('an override of 0 is still an override (the server refuses it as below cost)', () => {
    expect(priceProduct(1000, { ...base, overrideMinor: 0 })).toMatchObject({
      source: 'override',
      profitMinor: -1000,
    });
  });
});

describe('integer arithmetic', () => {
  it('rounds half up without floats', () => {
    expect(applyPercentage(333, 150)).toBe(500); // 499.5 → 500
    expect(applyPercentage(1, 149)).toBe(1); // 1.49 → 1
    expect(applyPercentage(19_999, 333)).toBe(66_597); // 66596.67
  });

  it('rounds up to .99, .95 or a whole amount, never down', () => {
    expect(roundPrice(1234, '99')).toBe(1299);
    expect(roundPrice(1299, '99')).toBe(1299);
    expect(roundPrice(1234, '95')).toBe(1295);
    expect(roundPrice(1296, '95')).toBe(1395);
    expect(roundPrice(1201, 'whole')).toBe(1300);
    expect(roundPrice(1200, 'whole')).toBe(1200);
    expect(roundPrice(1234, 'none')).toBe(1234);
  });

  it('never prices below cost with a percentage of at least 100 and any rounding', () => {
    for (let cost = 1; cost < 5000; cost += 37) {
      for (const rounding of ['none', '99', '95', 'whole'] as const) {
        const price = priceProduct(cost, { defaultPercentage: 100, rounding });
        expect(price.sellingMinor).toBeGreaterThanOrEqual(cost);
      }
    }
  });
});

describe('currency conversion', () => {
  it('converts US cents to minor units of other currencies', () => {
    expect(convertFromUsdMinor(1999, 1_000_000, 2)).toBe(1999); // USD
    expect(convertFromUsdMinor(1000, 920_000, 2)).toBe(920); // EUR at 0.92
    expect(convertFromUsdMinor(1000, 150_250_000, 0)).toBe(1503); // JPY: 1502.5 → 1503
    expect(convertFromUsdMinor(1000, 307_000, 3)).toBe(3070); // KWD, 3 decimals
  });

  it('converts back to US cents', () => {
    expect(convertToUsdMinor(920, 920_000, 2)).toBe(1000);
    expect(convertToUsdMinor(1503, 150_250_000, 0)).toBe(1000);
  });

  it('stays exact for large amounts', () => {
    expect(convertFromUsdMinor(9_000_000_000_000, 1_000_000, 2)).toBe(9_000_000_000_000);
  });
});
