import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { eachUtcDay, parseUtcMoment, utcDayOf, utcDayRange, utcDayStartOf, utcRangeEnd } from './days';

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof AppError ? error.fieldProblems.map((p) => [p.field, p.key]) : error;
  }
  return 'accepted';
};

describe('UTC days', () => {
  it('reads real days and day times, and nothing else', () => {
    expect(parseUtcMoment('2024-02-29')).toEqual({ at: new Date('2024-02-29T00:00:00Z'), isDay: true });
    expect(parseUtcMoment('2026-03-15 10:00:01')).toEqual({
      at: new Date('2026-03-15T10:00:01Z'),
      isDay: false,
    });
    expect(parseUtcMoment('0001-01-01')?.at.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    for (const bad of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '0000-01-01',
      '2026-01-01 24:00:00',
      '2026-1-1',
      '',
    ])
      expect(parseUtcMoment(bad)).toBeNull();
  });

  it('turns a range of days into [since, before), the last day included', () => {
    expect(utcDayRange({ from: '2026-02-27', to: '2026-02-28' })).toEqual({
      since: new Date('2026-02-27T00:00:00Z'),
      before: new Date('2026-03-01T00:00:00Z'),
    });
    expect(utcDayRange({})).toEqual({});
  });

  it('refuses a day that is not real as a field error naming the query field', () => {
    expect(refusal(() => utcDayRange({ from: '2026-02-30' }))).toEqual([['from', 'validation.invalid']]);
    expect(refusal(() => utcDayRange({ to: '0000-01-01' }, { from: 'startDate', to: 'endDate' }))).toEqual([
      ['endDate', 'validation.invalid'],
    ]);
    expect(refusal(() => utcRangeEnd('2026-02-30', 'to', 'createTime'))).toEqual([
      ['createTime', 'validation.invalid'],
    ]);
  });

  it('ends a range at a day time as given, or after the whole of a bare end day', () => {
    expect(utcRangeEnd(undefined, 'to', 'x')).toBeNull();
    expect(utcRangeEnd('2026-03-15', 'from', 'x')).toEqual({
      date: new Date('2026-03-15T00:00:00Z'),
      isExclusive: false,
    });
    expect(utcRangeEnd('2026-03-15', 'to', 'x')).toEqual({
      date: new Date('2026-03-16T00:00:00Z'),
      isExclusive: true,
    });
    expect(utcRangeEnd('2026-03-15 10:00:00', 'to', 'x')).toEqual({
      date: new Date('2026-03-15T10:00:00Z'),
      isExclusive: false,
    });
  });

  it('lists every day of a range across a month end, and a moment’s day and its start', () => {
    expect(eachUtcDay('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(eachUtcDay('2026-03-02', '2026-03-01')).toEqual([]);
    expect(utcDayOf(new Date('2026-03-01T23:59:59Z'))).toBe('2026-03-01');
    expect(utcDayStartOf(new Date('2026-03-01T23:59:59Z'))).toEqual(new Date('2026-03-01T00:00:00Z'));
  });
});
