import { AppError } from '../errors/app-error';

/**
 * UTC calendar days, once for the whole server: a query's days as instants, a day's start, every
 * day of a range. Input that is not a real moment (a 30th of February, year 0000 — no PostgreSQL
 * timestamp —, hour 24) is refused as a translated field error naming the query's field, never
 * turned into another day and never left for the database to fail on (a 500).
 */

export const DAY_MS = 86_400_000;

const MOMENT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/;

/** `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` (UTC) as an instant; null unless it is a real one. */
export function parseUtcMoment(value: string): { at: Date; isDay: boolean } | null {
  const match = MOMENT.exec(value);
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  if (year === undefined || month === undefined || day === undefined || year < 1) return null;
  const time = Date.UTC(year, month - 1, day, hour, minute, second);
  const at = new Date(time);
  // Date.UTC rolls 2026-02-30 over to March 2 and maps years 0–99 onto 1900–1999: compare back.
  at.setUTCFullYear(year);
  const isExact =
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === day &&
    at.getUTCHours() === hour &&
    at.getUTCMinutes() === minute &&
    at.getUTCSeconds() === second;
  return isExact ? { at, isDay: match[4] === undefined } : null;
}

/** The UTC day `at` falls in, `yyyy-MM-dd`. */
export const utcDayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** Midnight UTC starting the day `at` falls in. */
export function utcDayStartOf(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** The first instant of UTC day `day`; a refusal naming `field` unless it is a real day. */
export function utcDayStart(day: string, field: string): Date {
  const parsed = parseUtcMoment(day);
  if (!parsed?.isDay) throw AppError.field(field, 'validation.invalid');
  return parsed.at;
}

/** UTC days `from` to `to` (both included) as instants `[since, before)`. */
export function utcDaysSpan(
  from: string,
  to: string,
  fields: { from: string; to: string } = { from: 'from', to: 'to' },
): { since: Date; before: Date } {
  return {
    since: utcDayStart(from, fields.from),
    before: new Date(utcDayStart(to, fields.to).getTime() + DAY_MS),
  };
}

/**
 * A query's UTC days as instants `[since, before)`: from the start of `from` to the start of the
 * day after `to` (both optional). `fields` names the query's fields in a refusal.
 */
export function utcDayRange(
  days: { from?: string | undefined; to?: string | undefined },
  fields: { from: string; to: string } = { from: 'from', to: 'to' },
): { since?: Date; before?: Date } {
  return {
    ...(days.from ? { since: utcDayStart(days.from, fields.from) } : {}),
    ...(days.to ? { before: new Date(utcDayStart(days.to, fields.to).getTime() + DAY_MS) } : {}),
  };
}

/**
 * One end of a range given as `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` (UTC), or null when open. A
 * bare day as the end covers its whole day: the start of the next day, exclusive.
 */
export function utcRangeEnd(
  value: string | undefined,
  end: 'from' | 'to',
  field: string,
): { date: Date; isExclusive: boolean } | null {
  if (!value) return null;
  const parsed = parseUtcMoment(value);
  if (!parsed) throw AppError.field(field, 'validation.invalid');
  if (end === 'to' && parsed.isDay)
    return { date: new Date(parsed.at.getTime() + DAY_MS), isExclusive: true };
  return { date: parsed.at, isExclusive: false };
}

/** Every UTC day from `from` to `to`, both included, `yyyy-MM-dd`; none when `to` is before. */
export function eachUtcDay(from: string, to: string): string[] {
  const days: string[] = [];
  const last = utcDayStart(to, 'to').getTime();
  for (let t = utcDayStart(from, 'from').getTime(); t <= last; t += DAY_MS) days.push(utcDayOf(new Date(t)));
  return days;
}
