import { formatMoney } from '@linkstore/contract';

/**
 * The web's one formatting module: money, days, moments and percentages in the reader's language.
 * Money is always the contract's `formatMoney` (minor units of their own currency, the contract's
 * ISO 4217 digits, never converted); `use-format.ts` binds these to the reader's language.
 */
export { formatMoney };

/** A growth fraction as a signed whole percentage (`+12%`, `-3%`, `0%`); "—" when there is none. */
export function formatGrowth(rate: number | null, locale: string): string {
  if (rate === null) return '—';
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 0,
  }).format(rate);
}

/** A day (no time) in `locale` and the reader's own time zone. */
export function dayFormatter(locale: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (iso) => format.format(new Date(iso));
}

/** A moment, date and time, in `locale` and the reader's own time zone; '—' for none. */
export function momentFormatter(locale: string): (iso: string | null) => string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso) => (iso ? format.format(new Date(iso)) : '—');
}
