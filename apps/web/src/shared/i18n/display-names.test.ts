import { describe, expect, it } from 'vitest';
import { compareNames, countryName, currencyName } from './display-names';

describe('country and currency names in the interface language', () => {
  it.each([
    ['en', 'Spain', 'Euro'],
    ['es', 'España', 'euro'],
    ['pt', 'Espanha', 'Euro'],
    ['fr', 'Espagne', 'euro'],
    ['zh-cn', '西班牙', '欧元'],
  ] as const)('names Spain and the euro in %s', (language, country, currency) => {
    expect(countryName(language, 'ES', 'Spain')).toBe(country);
    expect(currencyName(language, 'EUR', 'Euro')).toBe(currency);
  });

  it('accepts a lower-case code', () => {
    expect(countryName('fr', 'de', 'Germany')).toBe('Allemagne');
  });

  it("falls back to the server's English name for a code Intl does not know or rejects", () => {
    expect(countryName('es', 'QZ', 'Somewhere')).toBe('Somewhere');
    expect(countryName('es', 'not a code', 'Elsewhere')).toBe('Elsewhere');
    expect(currencyName('zh-cn', 'E', 'Odd money')).toBe('Odd money');
  });

  it('sorts as the language does', () => {
    const names = ['Österreich', 'Zypern', 'Estland'];
    expect([...names].sort(compareNames('en'))).toEqual(['Estland', 'Österreich', 'Zypern']);
  });
});
