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
 * One bar per day across `width`: a day's earnings rise from the baseline, a day when refunds took
 * back more than was earned goes below it (earnings are net of refunds, decision 0041). The scale
 * fits the best and the worst day; the baseline sits at `baseline` (the bottom when no day is
 * below 0). A day without any has no bar. A gap of a fifth of each slot keeps bars apart.
 */
export function layoutBars(
  days: TEarningsDaily,
  width: number,
  height: number,
): { bars: TBar[]; baseline: number } {
  const top = Math.max(0, ...days.map((d) => d.cents));
  const bottom = Math.max(0, ...days.map((d) => -d.cents));
  const span = Math.max(1, top + bottom);
  const baseline = (top / span) * height || (bottom > 0 ? 0 : height);
  const slot = days.length > 0 ? width / days.length : width;
  const bars = days.map((d, index) => {
    const barHeight = (Math.abs(d.cents) / span) * height;
    return {
      day: d.day,
      cents: d.cents,
      x: index * slot + slot * 0.1,
      y: d.cents >= 0 ? baseline - barHeight : baseline,
      width: slot * 0.8,
      height: barHeight,
    };
  });
  return { bars, baseline };
}
