import { describe, expect, it } from 'vitest';
import { ISO_COUNTRY_CODES, isIsoCountryCode } from './iso-countries';
import { monthsInRange, ZTaxRateRequest, ZTaxReportQuery } from './taxes.schema';

const GOOD = {
  countryCode: 'ca',
  region: ' on ',
  name: 'HST',
  rate: '13',
  inclusive: false,
  shippingTaxed: true,
  validFrom: '2025-01-01',
};

describe('ISO 3166-1 alpha-2 codes', () => {
  it('lists the 249 assigned codes, sorted, each a region CLDR names', () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect([...ISO_COUNTRY_CODES].sort()).toEqual(ISO_COUNTRY_CODES);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const code of ISO_COUNTRY_CODES) expect(names.of(code), code).not.toBe(code);
    expect(isIsoCountryCode('DE')).toBe(true);
    expect(isIsoCountryCode('ZZ')).toBe(false);
    expect(isIsoCountryCode('de')).toBe(false);
  });
});

describe('a tax rate as sent', () => {
  it('upper-cases the country and region, and takes an empty region for the whole country', () => {
    expect(ZTaxRateRequest.parse(GOOD)).toMatchObject({ countryCode: 'CA', region: 'ON' });
    const { region: _, ...wholeCountry } = GOOD;
    expect(ZTaxRateRequest.parse(wholeCountry).region).toBe('');
  });

  it('names the field of each bad value with our message key', () => {
    const cases: Array<[Partial<typeof GOOD>, string, string]> = [
      [{ countryCode: 'ZZ' }, 'countryCode', 'validation.countryCode'],
      [{ region: 'N Y' }, 'region', 'validation.taxRegion'],
      [{ region: 'ONTARIO' }, 'region', 'validation.taxRegion'],
      [{ rate: '8.87501' }, 'rate', 'validation.taxRate'],
      [{ rate: '100.5' }, 'rate', 'validation.taxRate'],
    ];
    for (const [change, field, message] of cases) {
      const result = ZTaxRateRequest.safeParse({ ...GOOD, ...change });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        [field, message],
      ]);
    }
    expect(ZTaxRateRequest.safeParse({ ...GOOD, name: 'x'.repeat(41) }).success).toBe(false);
    expect(ZTaxRateRequest.safeParse({ ...GOOD, validFrom: '2025-02-30' }).success).toBe(false);
  });
});

describe('a tax report query', () => {
  const issuesOf = (query: object) =>
    ZTaxReportQuery.safeParse(query).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('takes UTC months from ≤ to, up to 36 of them, both included', () => {
    expect(monthsInRange('2026-01', '2026-01')).toBe(1);
    expect(monthsInRange('2025-11', '2026-02')).toBe(4);
    expect(ZTaxReportQuery.parse({ from: '2024-01', to: '2026-12' })).toEqual({
      from: '2024-01',
      to: '2026-12',
    });
    expect(issuesOf({ from: '2024-01', to: '2027-01' })).toEqual([['to', 'validation.taxMonthSpan']]);
  });

  it('names the field of a month that is not one, and of an end before the start', () => {
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', '0000-01', ' 2026-01', '']) {
      expect({ bad, issues: issuesOf({ from: bad, to: '2026-02' }) }).toEqual({
        bad,
        issues: [['from', 'validation.taxMonth']],
      });
    }
    expect(issuesOf({ from: '2026-03', to: '2026-02' })).toEqual([['to', 'validation.taxMonthOrder']]);
    expect(ZTaxReportQuery.safeParse({ from: '2026-01' }).success).toBe(false);
  });
});
