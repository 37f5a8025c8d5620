import { describe, expect, it } from 'vitest';
import {
  applyPercentage,
  compareAtPrice,
  convertFromUsdMinor,
  convertToUsdMinor,
  priceProduct,
  priceVariant,
  roundPrice,
  variantOverride,
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

describe('priceVariant (decision 0055)', () => {
  const rules: TPriceRules = { defaultPercentage: 150, rounding: '99', overrideMinor: 2500 };

  it("a variant's own price wins over the product's own price and percentages, and is not rounded", () => {
    expect(
      priceVariant(1000, { ...rules, secondLevelPercentage: 300 }, { costMinor: 1200, ownPriceMinor: 3001 }),
    ).toEqual({
      costMinor: 1200,
      sellingMinor: 3001,
      profitMinor: 1801,
      source: 'variant',
      percentage: null,
    });
  });

  it("without its own price, a variant carries the product's own price as the same profit", () => {
    expect(priceVariant(1000, rules, { costMinor: 1300 })).toEqual({
      costMinor: 1300,
      sellingMinor: 2800,
      profitMinor: 1500,
      source: 'override',
      percentage: null,
    });
    expect(variantOverride(2500, 1000, 1300)).toBe(2800);
    expect(priceVariant(1000, rules, { costMinor: 1000, ownPriceMinor: null }).sellingMinor).toBe(2500);
  });

  it("without any own price, the percentage applies to the variant's own cost, then the rounding", () => {
    const percentageOnly: TPriceRules = { defaultPercentage: 150, rounding: '99' };
    expect(priceVariant(1000, percentageOnly, { costMinor: 1300 })).toEqual({
      costMinor: 1300,
      sellingMinor: 1999,
      profitMinor: 699,
      source: 'default',
      percentage: 150,
    });
  });
});

describe('compareAtPrice', () => {
  it("the variant's own compare-at comes first", () => {
    expect(
      compareAtPrice({
        sellingMinor: 3000,
        ownCompareAtMinor: 4500,
        productCompareAtMinor: 4000,
        productSellingMinor: 2500,
      }),
    ).toBe(4500);
  });

  it("else the product's compare-at is carried by the difference of the selling prices", () => {
    expect(
      compareAtPrice({ sellingMinor: 3000, productCompareAtMinor: 4000, productSellingMinor: 2500 }),
    ).toBe(4500);
    expect(
      compareAtPrice({ sellingMinor: 2000, productCompareAtMinor: 4000, productSellingMinor: 2500 }),
    ).toBe(3500);
    // The variant the product is sold as shows the product's own.
    expect(
      compareAtPrice({ sellingMinor: 2500, productCompareAtMinor: 4000, productSellingMinor: 2500 }),
    ).toBe(4000);
  });

  it('none without a compare-at', () => {
    expect(compareAtPrice({ sellingMinor: 2500, productSellingMinor: 2500 })).toBeNull();
    expect(
      compareAtPrice({
        sellingMinor: 2500,
        ownCompareAtMinor: null,
        productCompareAtMinor: null,
        productSellingMinor: 2500,
      }),
    ).toBeNull();
  });

  it('a compare-at that is not above the selling price is not shown', () => {
    expect(
      compareAtPrice({ sellingMinor: 3000, ownCompareAtMinor: 3000, productSellingMinor: 3000 }),
    ).toBeNull();
    expect(
      compareAtPrice({ sellingMinor: 3000, ownCompareAtMinor: 2900, productSellingMinor: 3000 }),
    ).toBeNull();
    // A rule that raised the prices past the product's compare-at hides it on every variant.
    expect(
      compareAtPrice({ sellingMinor: 4200, productCompareAtMinor: 3900, productSellingMinor: 4000 }),
    ).toBeNull();
    // An own compare-at below the price is not replaced by the product's.
    expect(
      compareAtPrice({
        sellingMinor: 3000,
        ownCompareAtMinor: 2000,
        productCompareAtMinor: 9000,
        productSellingMinor: 3000,
      }),
    ).toBeNull();
  });
});
