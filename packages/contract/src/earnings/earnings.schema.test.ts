import { describe, expect, it } from 'vitest';
import { ZOrdersQuery } from '../orders/orders.schema';
import { daysBetween } from '../platform/days';
import { ZEarningsDailyQuery } from './earnings.schema';

describe('date ranges', () => {
  it('counts whole UTC days, across a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-11-01', '2026-11-01')).toBe(0);
  });

  it('answers at most 366 days of earnings, start before end', () => {
    expect(ZEarningsDailyQuery.safeParse({ from: '2025-11-01', to: '2026-11-01' }).success).toBe(true);
    const tooLong = ZEarningsDailyQuery.safeParse({ from: '2025-11-01', to: '2026-11-02' });
    expect(tooLong.error?.issues.map((i) => i.message)).toEqual(['validation.dateSpan']);
    const reversed = ZEarningsDailyQuery.safeParse({ from: '2026-11-02', to: '2026-11-01' });
    expect(reversed.error?.issues[0]?.message).toBe('validation.dateOrder');
    expect(ZEarningsDailyQuery.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
  });

  it('refuses year 0000, a valid ISO day that no PostgreSQL date can hold', () => {
    expect(ZOrdersQuery.safeParse({ to: '0000-02-29' }).success).toBe(false);
    expect(ZOrdersQuery.safeParse({ from: '0000-01-01' }).success).toBe(false);
    expect(ZOrdersQuery.safeParse({ from: '0001-01-01', to: '0001-01-02' }).success).toBe(true);
  });

  it('reads the orders query from a URL: status coerced, an open-ended range allowed', () => {
    expect(ZOrdersQuery.parse({ status: '1', from: '2026-11-01' })).toEqual({
      status: 1,
      from: '2026-11-01',
      pageSize: 20,
    });
    expect(ZOrdersQuery.safeParse({ from: '2026-11-02', to: '2026-11-01' }).success).toBe(false);
    expect(ZOrdersQuery.safeParse({ status: '3' }).success).toBe(false);
  });
});
