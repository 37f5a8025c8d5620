import { describe, expect, it } from 'vitest';
import { EU_MEMBER_STATES, isEuMember, taxSchemeFor } from './eu-import';
import { isIsoCountryCode } from './iso-countries';

describe('EU imports', () => {
  it('lists the 27 member states once each, as ISO codes', () => {
    expect(new Set(EU_MEMBER_STATES).size).toBe(27);
    expect(EU_MEMBER_STATES.every(isIsoCountryCode)).toBe(true);
    expect(['DE', 'GR', 'SE', 'IE'].every(isEuMember)).toBe(true);
    // Not members: the UK since 2020, Switzerland, Norway; and Greece's VAT prefix is no country.
    expect(['GB', 'CH', 'NO', 'EL', 'US'].some(isEuMember)).toBe(false);
  });

  it('collects VAT at checkout up to €150 of goods, on delivery above, and outside the EU neither', () => {
    expect(taxSchemeFor('DE', 0)).toBe('ioss');
    expect(taxSchemeFor('DE', 15_000)).toBe('ioss');
    expect(taxSchemeFor('DE', 15_001)).toBe('import');
    expect(taxSchemeFor('FR', 1_000_000)).toBe('import');
    // No euro rate kept: charged at checkout, never left unpaid.
    expect(taxSchemeFor('IT', null)).toBe('ioss');
    expect(taxSchemeFor('GB', 20_000)).toBeNull();
    expect(taxSchemeFor('US', null)).toBeNull();
  });
});
