import { z } from 'zod';
import { daysBetween, ZIsoDay } from '../orders/orders.schema';

/** The longest custom range the dashboard charts, both ends included. */
export const MAX_DASHBOARD_DAYS = 366;

/** Whether the runtime knows `zone` as an IANA time zone (e.g. `Europe/Paris`, `Asia/Kolkata`). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The creator's time zone: days, months and hours are theirs. */
export const ZTimeZone = z.string().refine(isTimeZone, { message: 'validation.timeZone' });

export const ZDashboardSummaryQuery = z.object({ tz: ZTimeZone });
export type TDashboardSummaryQuery = z.infer<typeof ZDashboardSummaryQuery>;

/**
 * Growth of a figure against an earlier window of the same length, in basis points
 * (+1250 = +12.5 %); null when the earlier window had nothing (never a division by zero).
 */
export const ZGrowth = z.number().int().nullable();

/** Today's figure (so far) against the same span of yesterday, a week, a month and a year ago. */
export const ZGrowthRates = z.object({
  yesterday: ZGrowth,
  lastWeek: ZGrowth,
  lastMonth: ZGrowth,
  lastYear: ZGrowth,
});
export type TGrowthRates = z.infer<typeof ZGrowthRates>;

/** Money figures of the dashboard's cards, in `currencyCode`'s minor units. */
export const ZMoneyWindows = z.object({
  today: z.number().int(),
  past7Days: z.number().int(),
  total: z.number().int(),
  growth: ZGrowthRates,
});

export const ZDashboardSummary = z.object({
  currencyCode: z.string(),
  /** The caller's shop's products buyers can buy now. */
  productsOnSale: z.number().int(),
  /** Products that went on sale today (`goods_days_add`) and in the past 7 days (`goods_days_add_count`). */
  newProducts: z.object({ today: z.number().int(), past7Days: z.number().int() }),
  /** The creator's profit from paid orders. */
  earnings: ZMoneyWindows,
  /** What buyers paid. */
  sales: ZMoneyWindows,
  /** Paid orders not shipped yet: their total. */
  pendingShipment: z.number().int(),
  pendingShipmentOrders: z.number().int(),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;

/**
 * The chart selector's series: `earnings` (the creator's profit), `clicks` (arrivals through the
 * shop's link: shop page views), `sales` (units sold), `conversion` (paid orders per click).
 */
export const DASHBOARD_SERIES = ['earnings', 'clicks', 'sales', 'conversion'] as const;
export const ZDashboardSeriesName = z.enum(DASHBOARD_SERIES);
export type TDashboardSeriesName = z.infer<typeof ZDashboardSeriesName>;

export const DASHBOARD_RANGES = ['24h', '7d', 'month', 'year', 'custom'] as const;
export const ZDashboardRange = z.enum(DASHBOARD_RANGES);
export type TDashboardRange = z.infer<typeof ZDashboardRange>;

/**
 * A chart: `24h` the last 24 hours by hour, `7d` and `month` the last 7 / 30 days by day
 * (today included), `year` the last 12 months by month, `custom` from `from` to `to` (both
 * included, local days, at most MAX_DASHBOARD_DAYS) by day.
 */
export const ZDashboardSeriesQuery = z
  .object({
    series: ZDashboardSeriesName,
    range: ZDashboardRange,
    from: ZIsoDay.optional(),
    to: ZIsoDay.optional(),
    tz: ZTimeZone,
  })
  .superRefine((q, ctx) => {
    if (q.range !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.required' });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.required' });
    if (!q.from || !q.to) return;
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateOrder' });
    else if (daysBetween(q.from, q.to) >= MAX_DASHBOARD_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateSpan' });
  });
export type TDashboardSeriesQuery = z.infer<typeof ZDashboardSeriesQuery>;

/**
 * One point per hour, day or month of the range, in order, 0 where nothing happened: `start` is
 * the bucket's first moment (ISO, UTC), `label` its local time (`yyyy-MM-ddTHH:mm`, `yyyy-MM-dd`
 * or `yyyy-MM`). `previous` is the same bucket one range earlier (drawn faintly). Money in minor
 * units, clicks and units as counts, conversion in basis points of orders per click.
 */
export const ZDashboardSeries = z.object({
  series: ZDashboardSeriesName,
  granularity: z.enum(['hour', 'day', 'month']),
  currencyCode: z.string(),
  points: z.array(
    z.object({
      start: z.string(),
      label: z.string(),
      value: z.number().int(),
      previous: z.number().int(),
    }),
  ),
});
export type TDashboardSeries = z.infer<typeof ZDashboardSeries>;
