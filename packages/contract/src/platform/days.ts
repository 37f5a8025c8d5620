import { z } from 'zod';

/**
 * The contract's days, once: every query that takes a day or a range of days uses these. Days are
 * UTC calendar days on the wire; the server turns them into instants with `platform/http/days.ts`.
 */

/**
 * A calendar day `yyyy-MM-dd`; ranges of days are read in UTC. Year 0000 is a valid ISO day but
 * no PostgreSQL date or timestamp (there is no year 0 there: 1 BC comes before 1 AD), so it is
 * refused here rather than failing the query.
 */
export const ZIsoDay = z.iso.date().refine((day) => !day.startsWith('0000-'));

/**
 * `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` (UTC), or empty for an open end: the console's range
 * pickers (users' created time, notices' publish time). The shape only; the server refuses a
 * moment that does not exist (a 30th of February) as the field's error.
 */
export const ZDayOrDateTime = z.string().regex(/^(\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?)?$/);
/** One end (`x=…`) or both ends (`x[]=from&x[]=to`) of a range of `ZDayOrDateTime`. */
export const ZDayOrDateTimeRange = z.union([ZDayOrDateTime, z.array(ZDayOrDateTime).max(2)]);

/** Days between two `yyyy-MM-dd` days (`to` − `from`); both valid ISO days. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A range's `from` must not be after its `to` (both optional UTC days): a zod `refine`. */
export const daysInOrder: [
  (q: { from?: string | undefined; to?: string | undefined }) => boolean,
  { path: string[]; message: string },
] = [(q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'validation.dateOrder' }];
