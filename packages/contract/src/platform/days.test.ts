import { describe, expect, it } from 'vitest';
import { ZLogPageQuery, ZVisitTrendQuery } from '../logs/logs.schema';
import { ZNoticePageQuery } from '../notices/notices.schema';
import { ZUserPageQuery } from '../users/users.schema';
import { daysBetween, ZDayOrDateTime, ZIsoDay } from './days';

describe('the contract’s days', () => {
  it('takes real ISO days only, and no year 0000 (no PostgreSQL timestamp)', () => {
    expect(ZIsoDay.safeParse('2028-02-29').success).toBe(true);
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '0000-01-01', '2026-1-1', ''])
      expect(ZIsoDay.safeParse(bad).success).toBe(false);
  });

  it('is the one day of the operation logs (their own took year 0000, and the query failed)', () => {
    expect(ZLogPageQuery.safeParse({ startDate: '0000-01-01' }).success).toBe(false);
    expect(ZVisitTrendQuery.safeParse({ startDate: '0000-01-01', endDate: '0000-01-02' }).success).toBe(
      false,
    );
    expect(ZLogPageQuery.safeParse({ startDate: '2026-01-01', endDate: '2026-01-31' }).success).toBe(true);
  });

  it('shapes the console’s range pickers the same for users and notices', () => {
    for (const ok of ['', '2026-03-15', '2026-03-15 10:00:01'])
      expect(ZDayOrDateTime.safeParse(ok).success).toBe(true);
    expect(ZDayOrDateTime.safeParse('2026-03-15T10:00:01').success).toBe(false);
    expect(ZUserPageQuery.parse({ 'createTime[]': ['2026-03-01', ''] }).createdFrom).toBe('2026-03-01');
    expect(ZNoticePageQuery.parse({ 'publishTime[]': ['', '2026-03-01'] }).publishedTo).toBe('2026-03-01');
  });

  it('counts the days between two days across a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
  });
});
