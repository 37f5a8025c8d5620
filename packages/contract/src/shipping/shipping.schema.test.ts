import { describe, expect, it } from 'vitest';
import { ZShippingZoneRequest } from './shipping.schema';

const METHOD = { name: 'Standard', kind: 'items', firstItemMinor: 499, minDays: 3, maxDays: 5 };
const issuesOf = (body: object) => {
  const result = ZShippingZoneRequest.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('ZShippingZoneRequest', () => {
  it('upper-cases codes and fills the defaults', () => {
    expect(
      ZShippingZoneRequest.parse({
        name: ' US remote ',
        countries: ['us'],
        regions: { US: ['ak', 'hi'] },
        methods: [METHOD],
      }),
    ).toEqual({
      name: 'US remote',
      countries: ['US'],
      regions: { US: ['AK', 'HI'] },
      sort: 100,
      enabled: true,
      methods: [
        {
          ...METHOD,
          additionalItemMinor: 0,
          weightBands: [],
          freeOverMinor: null,
          sort: 0,
          enabled: true,
        },
      ],
    });
  });

  it('refuses unknown countries, twice the same, and regions of a country not in the zone', () => {
    expect(issuesOf({ name: 'x', countries: ['US', 'ZZ', 'us'], regions: { CA: ['ON'] } })).toEqual([
      ['countries.1', 'shipping.countryCode'],
      ['countries.2', 'shipping.countryTwice'],
      ['regions.CA', 'shipping.regionCountry'],
    ]);
    expect(issuesOf({ name: 'x', countries: [] })).toEqual([['countries', 'shipping.noCountries']]);
  });

  it('refuses amounts out of range or fractional, days out of order, and bands not ascending', () => {
    const bad = {
      ...METHOD,
      kind: 'weight',
      firstItemMinor: -1,
      additionalItemMinor: 1.5,
      freeOverMinor: 1_000_001,
      minDays: 6,
      weightBands: [
        { upToGrams: 500, rateMinor: 100 },
        { upToGrams: 500, rateMinor: 200 },
      ],
    };
    expect(issuesOf({ name: 'x', countries: ['US'], methods: [bad] })).toEqual([
      ['methods.0.firstItemMinor', 'shipping.amountRange'],
      ['methods.0.additionalItemMinor', expect.any(String)],
      ['methods.0.freeOverMinor', 'shipping.amountRange'],
    ]);
    expect(
      issuesOf({
        name: 'x',
        countries: ['US'],
        methods: [{ ...bad, firstItemMinor: 0, additionalItemMinor: 0, freeOverMinor: null }],
      }),
    ).toEqual([
      ['methods.0.maxDays', 'shipping.daysOrder'],
      ['methods.0.weightBands.1.upToGrams', 'shipping.bandsAscending'],
    ]);
    expect(issuesOf({ name: 'x', countries: ['US'], methods: [{ ...METHOD, kind: 'weight' }] })).toEqual([
      ['methods.0.weightBands', 'shipping.noBands'],
    ]);
  });
});
