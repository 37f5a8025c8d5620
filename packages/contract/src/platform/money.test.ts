import { describe, expect, it } from 'vitest';
import { formatMoney, minorDigitsOf } from './money';

/** Intl separates number and code with a no-break space in these languages. */
const NBSP = '\u00a0';

describe('minorDigitsOf', () => {
  it('gives the ISO 4217 minor digits, 2 for every code the table does not list', () => {
    expect(minorDigitsOf('USD')).toBe(2);
    expect(minorDigitsOf('EUR')).toBe(2);
    expect(minorDigitsOf('JPY')).toBe(0);
    expect(minorDigitsOf('KRW')).toBe(0);
    expect(minorDigitsOf('KWD')).toBe(3);
    expect(minorDigitsOf('TND')).toBe(3);
    expect(minorDigitsOf('XYZ')).toBe(2);
  });

  it('reads the code in any case', () => {
    expect(minorDigitsOf('jpy')).toBe(0);
    expect(minorDigitsOf('Kwd')).toBe(3);
  });

  it('follows ISO 4217, not Intl or PayPal, where they differ', () => {
    // Intl (CLDR) shows these without decimals and PayPal takes HUF and TWD in whole units, but
    // ISO 4217 (and the countries table) count them in hundredths.
    for (const code of ['HUF', 'TWD', 'IDR', 'COP']) expect(minorDigitsOf(code), code).toBe(2);
    // CLDR shows dinars without decimals; ISO counts them in thousandths.
    expect(minorDigitsOf('IQD')).toBe(3);
  });
});

describe('formatMoney', () => {
  it('shows minor units with exactly the currency’s digits', () => {
    expect(formatMoney(1999, 'USD', 'en')).toBe('$19.99');
    expect(formatMoney(5, 'USD', 'en')).toBe('$0.05');
    expect(formatMoney(0, 'USD', 'en')).toBe('$0.00');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatMoney(1500, 'KWD', 'en')).toBe(`KWD${NBSP}1.500`);
    expect(formatMoney(150_000, 'HUF', 'en')).toBe(`HUF${NBSP}1,500.00`);
  });

  it('writes the amount the way the language does', () => {
    expect(formatMoney(4500, 'USD', 'es')).toBe(`45,00${NBSP}US$`);
    expect(formatMoney(4500, 'USD', 'pt')).toBe(`US$${NBSP}45,00`);
    expect(formatMoney(920, 'EUR', 'fr')).toBe(`9,20${NBSP}€`);
    expect(formatMoney(4500, 'USD', 'zh-cn')).toBe('US$45.00');
    expect(formatMoney(123_456, 'EUR', 'en')).toBe('€1,234.56');
  });

  it('stays exact beyond floating-point precision and keeps the sign', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD', 'en')).toBe('$90,071,992,547,409.91');
    expect(formatMoney(-5, 'EUR', 'en')).toBe('-€0.05');
  });

  it('shows a malformed code beside the amount instead of throwing', () => {
    expect(formatMoney(1999, 'US', 'en')).toBe('19.99 US');
    expect(formatMoney(5, '', 'en')).toBe('0.05 ');
  });

  it('takes a lower-case code', () => {
    expect(formatMoney(1500, 'jpy', 'en')).toBe('¥1,500');
  });
});
