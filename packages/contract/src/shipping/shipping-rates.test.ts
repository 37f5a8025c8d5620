import { describe, expect, it } from 'vitest';
import { shippingCostOf, zoneClashes, zoneFor, type TShippingRate, type TZoneArea } from './shipping-rates';

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

const STANDARD: TShippingRate = {
  kind: 'items',
  firstItemMinor: 499,
  additionalItemMinor: 150,
  weightBands: [],
  freeOverMinor: 7500,
};
const BY_WEIGHT: TShippingRate = {
  kind: 'weight',
  firstItemMinor: 0,
  additionalItemMinor: 0,
  weightBands: [
    { upToGrams: 500, rateMinor: 1200 },
    { upToGrams: 2000, rateMinor: 2500 },
  ],
  freeOverMinor: null,
};
/** Three bands, each heavier and dearer than the one before. */
function risingBands(int: (max: number) => number) {
  let upToGrams = 0;
  let rateMinor = 0;
  return [1, 2, 3].map(() => {
    upToGrams += 1 + int(5_000);
    rateMinor += int(300_000);
    return { upToGrams, rateMinor };
  });
}
const line = (quantity: number, weightGrams = 200) => ({ quantity, weightGrams });

describe('shippingCostOf', () => {
  it('charges the first item, then each additional one', () => {
    expect(shippingCostOf(STANDARD, [line(1)], 2000)).toBe(499);
    expect(shippingCostOf(STANDARD, [line(2), line(1)], 2000)).toBe(499 + 2 * 150);
  });

  it('is free from the threshold on (items total ≥ threshold), not below it', () => {
    expect(shippingCostOf(STANDARD, [line(3)], 7499)).toBe(799);
    expect(shippingCostOf(STANDARD, [line(3)], 7500)).toBe(0);
    expect(shippingCostOf({ ...STANDARD, freeOverMinor: 0 }, [line(3)], 0)).toBe(0);
  });

  it('charges the first band the whole parcel fits, bounds included', () => {
    expect(shippingCostOf(BY_WEIGHT, [line(2, 250)], 100)).toBe(1200);
    expect(shippingCostOf(BY_WEIGHT, [line(1, 501)], 100)).toBe(2500);
    expect(shippingCostOf(BY_WEIGHT, [line(4, 500)], 100)).toBe(2500);
  });

  it('offers no price (null) for a parcel heavier than the last band, even over the threshold', () => {
    expect(shippingCostOf(BY_WEIGHT, [line(5, 401)], 100)).toBeNull();
    expect(shippingCostOf({ ...BY_WEIGHT, freeOverMinor: 1 }, [line(5, 401)], 1_000_000)).toBeNull();
    expect(shippingCostOf({ ...BY_WEIGHT, freeOverMinor: 1 }, [line(5, 400)], 1_000_000)).toBe(0);
  });

  it('costs nothing with nothing to ship', () => {
    expect(shippingCostOf(STANDARD, [], 0)).toBe(0);
    expect(shippingCostOf(BY_WEIGHT, [line(0)], 0)).toBe(0);
  });

  it('is an integer ≥ 0 that never falls as items are added (random methods and carts)', () => {
    const random = seeded(34);
    const int = (max: number) => Math.floor(random() * (max + 1));
    for (let i = 0; i < 5_000; i++) {
      const method: TShippingRate =
        i % 2 === 0
          ? { ...STANDARD, firstItemMinor: int(1_000_000), additionalItemMinor: int(1_000_000) }
          : {
              ...BY_WEIGHT,
              // Ascending bands with rising rates, as operators set them.
              weightBands: risingBands(int),
            };
      const freeOverMinor = i % 3 === 0 ? int(100_000) : null;
      const itemsMinor = int(200_000);
      const lines = Array.from({ length: 1 + int(3) }, () => line(1 + int(5), int(2_000)));
      const cost = shippingCostOf({ ...method, freeOverMinor }, lines, itemsMinor);
      const more = shippingCostOf(
        { ...method, freeOverMinor },
        [...lines, line(1 + int(5), int(2_000))],
        itemsMinor,
      );
      if (cost !== null) expect(Number.isSafeInteger(cost) && cost >= 0).toBe(true);
      // Heavier never becomes offered again; otherwise never cheaper.
      if (cost === null) expect(more).toBeNull();
      else if (more !== null) expect(more).toBeGreaterThanOrEqual(cost);
      if (method.kind === 'items') expect(more).not.toBeNull();
    }
  });
});

const zone = (id: string, countries: string[], regions: Record<string, string[]> = {}, sort = 100) => ({
  id,
  countries,
  regions,
  sort,
});

describe('zoneFor', () => {
  const us = zone('us', ['US']);
  const remote = zone('remote', ['US'], { US: ['AK', 'HI'] }, 200);
  const world = zone('world', ['US', 'CA', 'FR'], {}, 900);
  const zones = [world, us, remote];

  it('prefers a region match to a whole country, whatever the sort', () => {
    expect(zoneFor(zones, 'US', 'HI')?.id).toBe('remote');
    expect(zoneFor(zones, 'us', 'ak')?.id).toBe('remote');
  });

  it('takes the lowest sort among whole-country matches; a region list does not match without the region', () => {
    expect(zoneFor(zones, 'US', 'NY')?.id).toBe('us');
    expect(zoneFor(zones, 'US', null)?.id).toBe('us');
    expect(zoneFor(zones, 'CA')?.id).toBe('world');
    expect(zoneFor([remote], 'US', '')).toBeNull();
  });

  it('answers null where no zone ships, and the first given on a full tie', () => {
    expect(zoneFor(zones, 'BR', 'SP')).toBeNull();
    expect(zoneFor([], 'US')).toBeNull();
    expect(zoneFor([zone('a', ['FR']), zone('b', ['FR'])], 'FR')?.id).toBe('a');
  });
});

describe('zoneClashes', () => {
  it('names the pairs two zones of the same sort both claim at the same specificity', () => {
    const a: TZoneArea = zone('a', ['US', 'FR'], { US: ['AK', 'HI'] });
    expect(zoneClashes(a, zone('b', ['FR', 'DE']))).toEqual([{ country: 'FR', region: null }]);
    expect(zoneClashes(a, zone('c', ['US'], { US: ['HI', 'PR'] }))).toEqual([
      { country: 'US', region: 'HI' },
    ]);
  });

  it('lets a region zone sit over a whole country, and a different sort settle it', () => {
    expect(zoneClashes(zone('a', ['US'], { US: ['AK'] }), zone('b', ['US']))).toEqual([]);
    expect(zoneClashes(zone('a', ['FR'], {}, 1), zone('b', ['FR'], {}, 2))).toEqual([]);
  });
});
