import { z } from 'zod';
import { daysBetween, ZIsoDay } from '../platform/days';
import { ZShopRecordId } from '../shops/shops.schema';

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
const ZRangeFields = {
  range: ZDashboardRange,
  from: ZIsoDay.optional(),
  to: ZIsoDay.optional(),
  tz: ZTimeZone,
};

/** A custom range needs both ends, in order, at most MAX_DASHBOARD_DAYS days. */
function checkCustomRange(
  q: { range: TDashboardRange; from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (q.range !== 'custom') return;
  if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.required' });
  if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.required' });
  if (!q.from || !q.to) return;
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateOrder' });
  else if (daysBetween(q.from, q.to) >= MAX_DASHBOARD_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateSpan' });
}

export const ZDashboardSeriesQuery = z
  .object({ series: ZDashboardSeriesName, ...ZRangeFields })
  .superRefine(checkCustomRange);
export type TDashboardSeriesQuery = z.infer<typeof ZDashboardSeriesQuery>;

/** A range of the dashboard, whatever is read over it. */
export type TDashboardRangeQuery = Pick<TDashboardSeriesQuery, 'range' | 'from' | 'to' | 'tz'>;

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

/** Traffic sources: the landing link's `user_source` or `page_source`, carried to the order. */
export const DASHBOARD_SOURCE_KEYS = ['user_source', 'page_source'] as const;
export const ZDashboardSourceKey = z.enum(DASHBOARD_SOURCE_KEYS);
export type TDashboardSourceKey = z.infer<typeof ZDashboardSourceKey>;

/** The most sources the dashboard names; the rest are summed as one "other" row. */
export const DASHBOARD_TOP_SOURCES = 5;

export const ZDashboardSourcesQuery = z
  .object({ by: ZDashboardSourceKey, series: ZDashboardSeriesName.default('earnings'), ...ZRangeFields })
  .superRefine(checkCustomRange);
export type TDashboardSourcesQuery = z.infer<typeof ZDashboardSourcesQuery>;

/** A source's figures over the whole range: money in minor units, conversion in basis points. */
export const ZSourceFigures = z.object({
  clicks: z.number().int(),
  orders: z.number().int(),
  units: z.number().int(),
  sales: z.number().int(),
  earnings: z.number().int(),
  conversion: z.number().int(),
});
export type TSourceFigures = z.infer<typeof ZSourceFigures>;

/**
 * The shop's figures split by source over a range: `buckets` are the chart's hours, days or
 * months (as in ZDashboardSeries); each source has its figures over the range and the chosen
 * series' value per bucket (`points[k]` is `buckets[k]`). The top DASHBOARD_TOP_SOURCES by the
 * chosen series (by orders for conversion) are named, most first; `source` null is all the
 * others summed. A source's name is free text from a link: show it as text, never as markup.
 * `default` is a link without `user_source`, `` (empty) one without `page_source`.
 */
export const ZDashboardSources = z.object({
  by: ZDashboardSourceKey,
  series: ZDashboardSeriesName,
  granularity: z.enum(['hour', 'day', 'month']),
  currencyCode: z.string(),
  buckets: z.array(z.object({ start: z.string(), label: z.string() })),
  sources: z.array(
    ZSourceFigures.extend({
      source: z.string().nullable(),
      points: z.array(z.number().int()),
    }),
  ),
});
export type TDashboardSources = z.infer<typeof ZDashboardSources>;

/** Top products by what buyers paid, or by orders per view. */
export const DASHBOARD_PRODUCT_RANKINGS = ['revenue', 'conversion'] as const;
export const ZDashboardProductRanking = z.enum(DASHBOARD_PRODUCT_RANKINGS);
export type TDashboardProductRanking = z.infer<typeof ZDashboardProductRanking>;

/** How many products the dashboard lists. */
export const DASHBOARD_TOP_PRODUCTS = 10;
/**
 * A product is ranked by conversion only with at least this many views in the range: below it,
 * one lucky order reads as 50 % and pushes the steady sellers off the list.
 */
export const MIN_VIEWS_FOR_CONVERSION = 20;

export const ZDashboardProductsQuery = z
  .object({ by: ZDashboardProductRanking, ...ZRangeFields })
  .superRefine(checkCustomRange);
export type TDashboardProductsQuery = z.infer<typeof ZDashboardProductsQuery>;

/**
 * The shop's top products over a range: `sales` what buyers paid for them (minor units),
 * `orders` the paid orders with them, `views` their product page's views, `conversion` orders
 * per view in basis points (0 without views). Title in the caller's language.
 */
export const ZDashboardProducts = z.object({
  by: ZDashboardProductRanking,
  currencyCode: z.string(),
  minViews: z.number().int(),
  products: z.array(
    z.object({
      productId: z.string(),
      title: z.string(),
      imageUrl: z.string().nullable(),
      orders: z.number().int(),
      units: z.number().int(),
      sales: z.number().int(),
      views: z.number().int(),
      conversion: z.number().int(),
      /** How many variants the product has in the catalogue now: more than one can be split. */
      variants: z.number().int(),
    }),
  ),
});
export type TDashboardProducts = z.infer<typeof ZDashboardProducts>;

/** The product whose sales are split by variant. */
export const ZDashboardProductVariantsParams = z.object({ productId: ZShopRecordId });
export type TDashboardProductVariantsParams = z.infer<typeof ZDashboardProductVariantsParams>;

/** The same range as the top products it splits. */
export const ZDashboardProductVariantsQuery = z.object(ZRangeFields).superRefine(checkCustomRange);
export type TDashboardProductVariantsQuery = z.infer<typeof ZDashboardProductVariantsQuery>;

/**
 * One top product's figures split by the variant each order line froze, over the same range and
 * with the same definitions as its row (issue 33): units and sales add up to the row's exactly —
 * a line is one variant; a refund's share of the product (counted when it completed, as on the
 * row) is split over the order's variants of it in proportion to what each cost the buyer, the
 * rest of the integer division to the largest. `orders` are the paid orders with the variant: an
 * order with two variants of the product counts in both. `profitMinor` is the lines' profit less
 * the refunds' reversal of it, split the same way. Every variant with a figure in the range,
 * most units first; `variantId` null for lines sold before variants of a product removed since.
 * `label` in the caller's language (the catalogue's current one; the one frozen on the order line
 * for a variant removed since), `sku` the current one (else the frozen one). Only the caller's
 * shop: a product it did not sell in the range (or unknown) answers an empty list.
 */
export const ZDashboardProductVariants = z.object({
  productId: z.string(),
  currencyCode: z.string(),
  variants: z.array(
    z.object({
      variantId: z.string().nullable(),
      label: z.string(),
      sku: z.string(),
      orders: z.number().int(),
      units: z.number().int(),
      salesMinor: z.number().int(),
      profitMinor: z.number().int(),
    }),
  ),
});
export type TDashboardProductVariants = z.infer<typeof ZDashboardProductVariants>;

/** The creator's time zone for the dashboard; null: the browser's. */
export const ZUpdateTimeZoneRequest = z.object({ timeZone: ZTimeZone.nullable() });
export type TUpdateTimeZoneRequest = z.infer<typeof ZUpdateTimeZoneRequest>;
