import type { TCountry } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import { formatUsdMinor, localMinorToUsd, parseMinor, rateFor, USD_RATE, usdToLocalMinor } from './money';

const EUR = { code: 'EUR', minorDigits: 2, ratePerUsdMicros: 920_000 };
const JPY = { code: 'JPY', minorDigits: 0, ratePerUsdMicros: 150_000_000 };

describe('money', () => {
  it('reads typed amounts with a dot or a comma, refusing extra decimals', () => {
    expect(parseMinor('12', 2)).toBe(1200);
    expect(parseMinor('12.5', 2)).toBe(1250);
    expect(parseMinor('12,05', 2)).toBe(1205);
    expect(parseMinor('12.345', 2)).toBeNull();
    expect(parseMinor('1580', 0)).toBe(1580);
    expect(parseMinor('15.5', 0)).toBeNull();
    expect(parseMinor('-1', 2)).toBeNull();
    expect(parseMinor('abc', 2)).toBeNull();
  });

  it('shows US cents in the chosen currency', () => {
    expect(formatUsdMinor(1201, USD_RATE, 'en')).toBe('$12.01');
    expect(formatUsdMinor(1000, EUR, 'en')).toBe('€9.20');
    expect(formatUsdMinor(1000, JPY, 'en')).toBe('¥1,500');
  });

  it('converts both ways with half-up integers', () => {
    expect(usdToLocalMinor(1000, EUR)).toBe(920);
    expect(localMinorToUsd(920, EUR)).toBe(1000);
    expect(localMinorToUsd(1500, JPY)).toBe(1000);
  });

  it('falls back to US dollars for a currency the table does not list', () => {
    expect(rateFor([], 'XYZ')).toEqual(USD_RATE);
  });

  it('takes the digits from the contract, not from the country row', () => {
    // A row whose stored digits disagree with ISO 4217 does not change how yen count.
    const yen: TCountry = {
      id: 'JP',
      code: 'JP',
      name: 'Japan',
      currency: 'Japanese yen',
      currency_jc: 'JPY',
      currency_symbol: '¥',
      currency_minor_digits: 2,
      rate_per_usd_micros: 150_000_000,
    };
    expect(rateFor([yen], 'JPY')).toEqual(JPY);
    expect(formatUsdMinor(1000, rateFor([yen], 'JPY'), 'en')).toBe('¥1,500');
  });
});
