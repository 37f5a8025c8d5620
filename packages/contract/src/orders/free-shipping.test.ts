import { describe, expect, it } from 'vitest';
import type { TShippingRate } from '../shipping/shipping-rates';
import {
  buyerShippingOf,
  creatorFreeShipping,
  firstItemPriceOf,
  lowestFreeShippingThreshold,
  type TFreeShippingProduct,
} from './free-shipping';

const perItem = (first: number, freeOverMinor: number | null = null): TShippingRate => ({
  kind: 'items',
  firstItemMinor: first,
  additionalItemMinor: 150,
  weightBands: [],
  freeOverMinor,
});
const byWeight = (first: number): TShippingRate => ({
  kind: 'weight',
  firstItemMinor: 0,
  additionalItemMinor: 0,
  weightBands: [
    { upToGrams: 500, rateMinor: first },
    { upToGrams: 2_000, rateMinor: first * 2 },
  ],
  freeOverMinor: null,
});

describe('creatorFreeShipping', () => {
  const order = { itemsMinor: 6_000, discountMinor: 1_000, platformMinor: 3_000 };

  it('pays the cheapest method once the items less the discount reach the threshold', () => {
    expect(creatorFreeShipping({ ...order, thresholdMinor: 5_000, cheapestMinor: 999 })).toEqual({
      thresholdMinor: 5_000,
      applies: true,
      reason: null,
      missingMinor: 0,
      creatorShippingMinor: 999,
    });
    // The cheapest method is free; a dearer one costs the difference.
    expect(buyerShippingOf(999, 999)).toBe(0);
    expect(buyerShippingOf(2_999, 999)).toBe(2_000);
    expect(buyerShippingOf(0, 999)).toBe(0);
  });

  it('says how much is missing below the threshold (the discount counts against it)', () => {
    expect(creatorFreeShipping({ ...order, thresholdMinor: 5_001, cheapestMinor: 999 })).toMatchObject({
      applies: false,
      reason: 'belowThreshold',
      missingMinor: 1,
      creatorShippingMinor: 0,
    });
  });

  it('never pays shipping the order’s profit cannot cover', () => {
    // Profit 6,000 − 1,000 − 3,000 = 2,000.
    expect(creatorFreeShipping({ ...order, thresholdMinor: 100, cheapestMinor: 2_000 })).toMatchObject({
      applies: true,
      creatorShippingMinor: 2_000,
    });
    expect(creatorFreeShipping({ ...order, thresholdMinor: 100, cheapestMinor: 2_001 })).toMatchObject({
      applies: false,
      reason: 'profit',
      missingMinor: 1,
      creatorShippingMinor: 0,
    });
  });

  it('is null where the shop offers none, and costs nothing where shipping is free anyway', () => {
    expect(creatorFreeShipping({ ...order, thresholdMinor: null, cheapestMinor: 999 })).toBeNull();
    expect(creatorFreeShipping({ ...order, thresholdMinor: 100, cheapestMinor: null })).toMatchObject({
      applies: true,
      creatorShippingMinor: 0,
    });
  });
});

describe('lowestFreeShippingThreshold', () => {
  // Profit / price: 1/2 and 1/4 (the lowest).
  const products: TFreeShippingProduct[] = [
    { sellingMinor: 2_000, costMinor: 1_000 },
    { sellingMinor: 4_000, costMinor: 3_000 },
  ];

  it('is what the lowest ratio needs to pay the dearest zone’s cheapest first item', () => {
    const zones = [[perItem(499), perItem(1_499)], [byWeight(1_200), perItem(1_300)], [perItem(999)]];
    expect(zones.map((methods) => Math.min(...methods.map(firstItemPriceOf)))).toEqual([499, 1_200, 999]);
    // 1,200 × 4 = 4,800: at $48 a quarter of it (the profit) pays the $12.
    expect(lowestFreeShippingThreshold(zones, products)).toBe(4_800);
  });

  it('rounds up, so an order at it always covers the shipping', () => {
    const threshold = lowestFreeShippingThreshold([[perItem(1_001)]], [{ sellingMinor: 3, costMinor: 2 }]);
    expect(threshold).toBe(3_003);
    expect(lowestFreeShippingThreshold([[perItem(1_000)]], [{ sellingMinor: 3, costMinor: 1 }])).toBe(1_500);
  });

  it('counts a method the operators ship free at the threshold as costing nothing', () => {
    // Standard 999 is free from $30: below it $39.96 would be needed; from $30 the next dearest is 0.
    const zones = [[perItem(999, 3_000), perItem(2_999)]];
    expect(lowestFreeShippingThreshold(zones, products)).toBe(3_000);
    // Free only from $50: the ratio's own need (3,996) comes first.
    expect(lowestFreeShippingThreshold([[perItem(999, 5_000)]], products)).toBe(3_996);
  });

  it('takes any threshold without zones or products, and none when a product sells at cost', () => {
    expect(lowestFreeShippingThreshold([], products)).toBe(1);
    expect(lowestFreeShippingThreshold([[perItem(999)]], [])).toBe(1);
    const atCost = [...products, { sellingMinor: 1_000, costMinor: 1_000 }];
    expect(lowestFreeShippingThreshold([[perItem(999)]], atCost)).toBeNull();
    // …unless the operators ship free from some amount: from there nothing is owed.
    expect(lowestFreeShippingThreshold([[perItem(999, 7_500)]], atCost)).toBe(7_500);
  });
});
