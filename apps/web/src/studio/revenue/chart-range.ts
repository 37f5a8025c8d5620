import { daysBetween, MAX_EARNINGS_DAYS, type TEarningsDaily } from '@linkstore/contract';

const DAY_MS = 86_400_000;

export interface TDayRange {
  /** UTC days, `yyyy-MM-dd`, both included. */
  from: string;
  to: string;
}

/** The `days` UTC days up to and including today's. */
export function lastDays(days: number, now: Date): TDayRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { from: iso(today - (days - 1) * DAY_MS), to: iso(today) };
}

/**
 * What the range picker's strings ask for: a range, `null` when cleared (back to the default),
 * or 'tooLong' beyond what the server answers.
 */
export function pickedRange([from, to]: [string, string]): TDayRange | null | 'tooLong' {
  if (!from || !to) return null;
  return daysBetween(from, to) < MAX_EARNINGS_DAYS ? { from, to } : 'tooLong';
}

export interface TBar {
  day: string;
  cents: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One bar per day across `width`, scaled so the best day fills `height` (a day without sales
 * has no bar). A gap of a fifth of each slot keeps neighbouring bars apart.
 */
export function layoutBars(days: TEarningsDaily, width: number, height: number): TBar[] {
  const best = Math.max(1, ...days.map((d) => d.cents));
  const slot = days.length > 0 ? width / days.length : width;
  return days.map((d, index) => {
    const barHeight = (d.cents / best) * height;
    return {
      day: d.day,
      cents: d.cents,
      x: index * slot + slot * 0.1,
      y: height - barHeight,
      width: slot * 0.8,
      height: barHeight,
    };
  });
}
