import type { TDashboardSeries } from '@linkstore/contract';

/** Basis points as a percentage in the reader's language (1250 → "12.5%"). */
export function percent(bp: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(bp / 10_000);
}

/** A point's local label for the axis and the table: "10:00", "Nov 26", "Nov 2026". */
export function pointLabel(
  label: string,
  granularity: TDashboardSeries['granularity'],
  language: string,
): string {
  const [date = '', time = '00:00'] = label.split('T');
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  const at = new Date(Date.UTC(y, m - 1, d, hh, mm));
  const options: Intl.DateTimeFormatOptions =
    granularity === 'hour'
      ? { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }
      : granularity === 'day'
        ? { month: 'short', day: 'numeric', timeZone: 'UTC' }
        : { month: 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(language, options).format(at);
}
