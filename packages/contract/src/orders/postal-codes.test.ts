import { describe, expect, it } from 'vitest';
import { postalCodeFits } from './postal-codes';

describe('postalCodeFits', () => {
  it('takes each country’s own format, in any case', () => {
    const good: [string, string][] = [
      ['US', '12345'],
      ['US', '12345-6789'],
      ['CA', 'm5h 1j9'],
      ['GB', 'LS1 1AA'],
      ['GB', 'SW1A1AA'],
      ['DE', '10115'],
      ['PT', '1000-001'],
      ['NL', '1012 AB'],
      ['PL', '00-950'],
      ['BR', '01305-000'],
      ['JP', '100-0001'],
      ['AU', '2000'],
      ['IE', 'D02 X285'],
    ];
    for (const [country, code] of good)
      expect(postalCodeFits(country, code), `${country} ${code}`).toBe(true);
  });

  it('refuses what cannot be delivered there', () => {
    const bad: [string, string][] = [
      ['US', '1234'],
      ['US', 'ABCDE'],
      ['DE', '1011'],
      ['PT', '1000001'],
      ['CA', '12345'],
      ['GB', '12345'],
      ['AU', '20000'],
    ];
    for (const [country, code] of bad)
      expect(postalCodeFits(country, code), `${country} ${code}`).toBe(false);
  });

  it('leaves countries it has no format for to the general shape', () => {
    expect(postalCodeFits('AR', 'C1425')).toBe(true);
    for (const odd of ['__proto__', 'constructor', 'toString'])
      expect(postalCodeFits(odd, '12345')).toBe(true);
  });
});
