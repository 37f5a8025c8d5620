import { describe, expect, it } from 'vitest';
import { ZShownTaxQuery } from './taxes.schema';

/** Each issue as [field, message key]. */
const issuesOf = (query: object) =>
  ZShownTaxQuery.safeParse(query).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the country whose tax buyers see', () => {
  it('upper-cases an ISO country and takes a region from its list, or none', () => {
    expect(ZShownTaxQuery.parse({ countryCode: ' de ' })).toEqual({ countryCode: 'DE' });
    expect(ZShownTaxQuery.parse({ countryCode: 'us', region: 'ny' })).toEqual({
      countryCode: 'US',
      region: 'NY',
    });
    expect(ZShownTaxQuery.parse({ countryCode: 'US', region: '' })).toEqual({
      countryCode: 'US',
      region: '',
    });
    // Where the region is free text (no list), any code passes: only the country's rate applies.
    expect(ZShownTaxQuery.parse({ countryCode: 'FR', region: 'IDF' })).toMatchObject({ region: 'IDF' });
  });

  it('refuses what is no country, a region not of it, and prototype keys', () => {
    for (const bad of ['ZZ', 'DEU', '', '__proto__', 'constructor', 'toString']) {
      expect({ bad, issues: issuesOf({ countryCode: bad }) }).toEqual({
        bad,
        issues: [['countryCode', 'validation.countryCode']],
      });
    }
    expect(issuesOf({})).toHaveLength(1);
    expect(issuesOf({ countryCode: 'US', region: 'ZZ' })).toEqual([['region', 'checkout.regionUnknown']]);
    expect(issuesOf({ countryCode: 'CA', region: 'NY' })).toEqual([['region', 'checkout.regionUnknown']]);
    expect(issuesOf({ countryCode: 'US', region: 'N Y' })).toEqual([['region', 'validation.taxRegion']]);
  });
});
