import { describe, expect, it } from 'vitest';
import { minorToDecimal, parseCurrencyHeader, toCurrencyHeader, ZMoney } from './currency';

describe('currencyjc header', () => {
  it.each([
    ['USD1', 'USD'],
    ['USD', 'USD'],
    ['eur', 'EUR'],
    [' BRL ', 'BRL'],
    ['GBP12', 'GBP'],
  ])('reads %s as %s', (header, code) => expect(parseCurrencyHeader(header)).toBe(code));

  it.each([[''], ['US'], ['USDX'], ['1USD'], ['€'], [undefined], [null]])('ignores %s', (header) =>
    expect(parseCurrencyHeader(header)).toBeUndefined(),
  );

  it('sends USD as USD1 and other codes as they are', () => {
    expect(toCurrencyHeader('USD')).toBe('USD1');
    expect(toCurrencyHeader('EUR')).toBe('EUR');
    expect(parseCurrencyHeader(toCurrencyHeader('USD'))).toBe('USD');
  });
});

describe('money', () => {
  it('accepts integer minor units only', () => {
    expect(ZMoney.safeParse({ amount: 1999, currency: 'USD' }).success).toBe(true);
    expect(ZMoney.safeParse({ amount: 19.99, currency: 'USD' }).success).toBe(false);
    expect(ZMoney.safeParse({ amount: 1999, currency: 'usd' }).success).toBe(false);
  });
});

describe('minorToDecimal', () => {
  it('writes minor units as exact decimals, integers only', () => {
    expect(minorToDecimal(1234, 2)).toBe('12.34');
    expect(minorToDecimal(5, 2)).toBe('0.05');
    expect(minorToDecimal(-5, 2)).toBe('-0.05');
    expect(minorToDecimal(1580, 0)).toBe('1580');
    expect(minorToDecimal(1500, 3)).toBe('1.500');
  });
});
