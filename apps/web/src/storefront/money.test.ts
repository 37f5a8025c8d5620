import { describe, expect, it } from 'vitest';
import { formatShownPrice, formatUsdMinor, pickCurrency, toMinor } from './money';

const EUR = { code: 'EUR', symbol: '€', rateMicros: 920_000 };
const JPY = { code: 'JPY', symbol: '¥', rateMicros: 150_123_456 };

describe('storefront money', () => {
  it('converts US cents with integers, rounding half up', () => {
    expect(toMinor(1000, EUR)).toBe(920);
    // 1.25 × 0.92 = 1.15 exactly; 0.05 × 0.92 = 0.046 → 0.05
    expect(toMinor(125, EUR)).toBe(115);
    expect(toMinor(5, EUR)).toBe(5);
    // 1999 × 150.123456 / 100 = 3000.967… yen → 3001
    expect(toMinor(1999, JPY)).toBe(3001);
    // Far beyond float precision: still exact.
    expect(toMinor(9_007_199_254_740, { code: 'EUR', symbol: '€', rateMicros: 1_000_001 })).toBe(
      9_007_208_261_939,
    );
  });

  it('formats with the contract’s currency decimals', () => {
    expect(formatUsdMinor(1999, null, 'en')).toBe('$19.99');
    expect(formatUsdMinor(1000, EUR, 'en')).toBe('€9.20');
    expect(formatUsdMinor(1999, JPY, 'en')).toBe('¥3,001');
  });

  it('counts forints in hundredths, as the studio and the countries table do', () => {
    // Intl alone would show (and count) HUF without decimals: 1000 US cents at 360 Ft → 3600 Ft.
    const HUF = { code: 'HUF', symbol: 'Ft', rateMicros: 360_000_000 };
    expect(toMinor(1000, HUF)).toBe(360_000);
    expect(formatUsdMinor(1000, HUF, 'en')).toBe('HUF\u00a03,600.00');
  });

  it('marks a converted price approximate, since the buyer pays the .99-rounded dollar price', () => {
    expect(formatShownPrice(1999, EUR, 'en')).toBe('≈\u00a0€18.39');
    expect(formatShownPrice(1999, JPY, 'zh-CN')).toMatch(/^≈\u00a0/);
    expect(formatShownPrice(1999, null, 'en')).toBe('$19.99');
    expect(formatShownPrice(1999, { code: 'USD', symbol: '$', rateMicros: 1_000_000 }, 'en')).toBe('$19.99');
  });

  it('uses the stored currency when offered, else US dollars', () => {
    expect(pickCurrency([EUR, JPY], 'JPY')).toBe(JPY);
    expect(pickCurrency([EUR, { code: 'USD', symbol: '$', rateMicros: 1_000_000 }], 'GBP')?.code).toBe('USD');
    expect(pickCurrency([], 'EUR')).toBeNull();
  });
});
