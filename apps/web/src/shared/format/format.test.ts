import { describe, expect, it } from 'vitest';
import { dayFormatter, formatGrowth, formatMoney, momentFormatter } from './format';

describe('the web’s formatting module', () => {
  it('formats minor units in their own currency', () => {
    expect(formatMoney(12_345, 'USD', 'en')).toBe('$123.45');
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
  });

  it('formats growth as a signed whole percentage, and none as a dash', () => {
    expect(formatGrowth(null, 'en')).toBe('—');
    expect(formatGrowth(0, 'en')).toBe('0%');
    expect(formatGrowth(0.125, 'en')).toBe('+13%');
    expect(formatGrowth(-0.03, 'en')).toBe('-3%');
  });

  it('formats days and moments the same way as Intl does for the reader, and no moment as a dash', () => {
    const at = '2026-03-15T10:00:00Z';
    expect(dayFormatter('en')(at)).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(at)),
    );
    expect(momentFormatter('fr')(at)).toBe(
      new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)),
    );
    expect(momentFormatter('en')(null)).toBe('—');
  });
});
