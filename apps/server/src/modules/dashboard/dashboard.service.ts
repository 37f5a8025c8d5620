import {
  DASHBOARD_TOP_PRODUCTS,
  DASHBOARD_TOP_SOURCES,
  daysBetween,
  MIN_VIEWS_FOR_CONVERSION,
  type TDashboardProducts,
  type TDashboardProductsQuery,
  type TDashboardProductVariants,
  type TDashboardProductVariantsQuery,
  type TLanguage,
  type TDashboardRangeQuery,
  type TDashboardSeries,
  type TDashboardSources,
  type TDashboardSourcesQuery,
  type TSourceFigures,
  type TUpdateTimeZoneRequest,
  type TDashboardSeriesQuery,
  type TDashboardSummary,
  type TDashboardSummaryQuery,
} from '@linkstore/contract';
import { setUserTimeZone } from '../../platform/auth/user-writes';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { nameVariants } from '../catalog/catalog.api';
import { findShopByOwner } from '../shops/shops.api';
import {
  countProductsOnSale,
  DASHBOARD_CURRENCY,
  databaseKnowsZone,
  localNow,
  productVariantFigures,
  seriesPoints,
  sourceBuckets,
  topProducts,
  sumOrderWindows,
  sumPendingShipment,
  type SeriesRange,
} from './dashboard.repository';

/** Growth of `now` against `before` in basis points; null when there was nothing before. */
export function growthBp(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) * 10_000) / before);
}

/** Zones the database has confirmed, per process (its list is long to scan). */
const knownZones = new Set<string>();

async function checkZone(db: AppDatabase, tz: string): Promise<void> {
  if (knownZones.has(tz)) return;
  if (!(await databaseKnowsZone(db, tz)))
    throw AppError.fields([{ field: 'tz', key: 'validation.timeZone' }]);
  knownZones.add(tz);
}

const EMPTY_WINDOWS = {
  today: 0,
  past7Days: 0,
  total: 0,
  growth: { yesterday: null, lastWeek: null, lastMonth: null, lastYear: null },
};

/** The dashboard's cards for the caller's shop; zeros when they have no shop yet. */
export async function getDashboardSummary(
  db: AppDatabase,
  ownerUserId: number,
  query: TDashboardSummaryQuery,
  now = new Date(),
): Promise<TDashboardSummary> {
  await checkZone(db, query.tz);
  const shop = await findShopByOwner(db, ownerUserId);
  if (!shop) {
    return {
      currencyCode: DASHBOARD_CURRENCY,
      productsOnSale: 0,
      newProducts: { today: 0, past7Days: 0 },
      earnings: EMPTY_WINDOWS,
      sales: EMPTY_WINDOWS,
      pendingShipment: 0,
      pendingShipmentOrders: 0,
    };
  }
  const [w, pending, goods] = await Promise.all([
    sumOrderWindows(db, shop.id, query.tz, now),
    sumPendingShipment(db, shop.id),
    countProductsOnSale(db, shop.id, query.tz, now),
  ]);
  const windows = (key: 'profit' | 'sales') => ({
    today: w.today[key],
    past7Days: w.past7[key],
    total: w.total[key],
    growth: {
      yesterday: growthBp(w.today[key], w.day[key]),
      lastWeek: growthBp(w.today[key], w.week[key]),
      lastMonth: growthBp(w.today[key], w.month[key]),
      lastYear: growthBp(w.today[key], w.year[key]),
    },
  });
  return {
    currencyCode: DASHBOARD_CURRENCY,
    productsOnSale: goods.onSale,
    newProducts: { today: goods.today, past7Days: goods.past7 },
    earnings: windows('profit'),
    sales: windows('sales'),
    pendingShipment: pending.total,
    pendingShipmentOrders: pending.orders,
  };
}

/** `yyyy-MM-dd HH:mm:ss` moved by whole units on the calendar (no zone: local wall time). */
export function shiftLocal(local: string, unit: 'hour' | 'day' | 'month', by: number): string {
  const [date = '', time = '00:00:00'] = local.split(' ');
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0, ss = 0] = time.split(':').map(Number);
  const at =
    unit === 'month'
      ? new Date(Date.UTC(y, m - 1 + by, 1, hh, mm, ss)) // only used on the 1st of a month
      : new Date(Date.UTC(y, m - 1, d, hh, mm, ss) + by * (unit === 'hour' ? 3_600_000 : 86_400_000));
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/** The range a query asks for, from the local time now: its granularity, first bucket and size. */
export function rangeOf<Q extends TDashboardRangeQuery>(query: Q, local: string): SeriesRange {
  const today = `${local.slice(0, 10)} 00:00:00`;
  switch (query.range) {
    case '24h':
      return {
        granularity: 'hour',
        localStart: shiftLocal(`${local.slice(0, 13)}:00:00`, 'hour', -23),
        buckets: 24,
      };
    case '7d':
      return { granularity: 'day', localStart: shiftLocal(today, 'day', -6), buckets: 7 };
    case 'month':
      return { granularity: 'day', localStart: shiftLocal(today, 'day', -29), buckets: 30 };
    case 'year':
      return {
        granularity: 'month',
        localStart: shiftLocal(`${local.slice(0, 7)}-01 00:00:00`, 'month', -11),
        buckets: 12,
      };
    case 'custom': {
      const from = query.from ?? local.slice(0, 10);
      const to = query.to ?? from;
      return { granularity: 'day', localStart: `${from} 00:00:00`, buckets: daysBetween(from, to) + 1 };
    }
  }
}

/** The same number of buckets right before `range`. */
export function previousOf(range: SeriesRange): SeriesRange {
  return { ...range, localStart: shiftLocal(range.localStart, range.granularity, -range.buckets) };
}

const NOTHING = { earnings: 0, units: 0, orders: 0, clicks: 0 };

function valueOf(
  series: TDashboardSeriesQuery['series'],
  point: { earnings: number; units: number; orders: number; clicks: number },
) {
  switch (series) {
    case 'earnings':
      return point.earnings;
    case 'sales':
      return point.units;
    case 'clicks':
      return point.clicks;
    case 'conversion':
      // Orders per click in basis points; 0 without clicks (never a division by zero).
      return point.clicks === 0 ? 0 : Math.round((point.orders * 10_000) / point.clicks);
  }
}

/** One chart series of the caller's shop, with the range before it for comparison. */
export async function getDashboardSeries(
  db: AppDatabase,
  ownerUserId: number,
  query: TDashboardSeriesQuery,
  now = new Date(),
): Promise<TDashboardSeries> {
  await checkZone(db, query.tz);
  const range = rangeOf(query, await localNow(db, query.tz, now));
  const shop = await findShopByOwner(db, ownerUserId);
  const shopId = shop?.id ?? 0;
  const [current, previous] = await Promise.all([
    seriesPoints(db, shopId, query.tz, range),
    seriesPoints(db, shopId, query.tz, previousOf(range)),
  ]);
  return {
    series: query.series,
    granularity: range.granularity,
    currencyCode: DASHBOARD_CURRENCY,
    points: current.map((point, k) => ({
      start: point.start,
      label: point.label,
      value: valueOf(query.series, point),
      previous: valueOf(query.series, previous[k] ?? NOTHING),
    })),
  };
}

interface Tally {
  orders: number;
  units: number;
  sales: number;
  earnings: number;
  clicks: number;
}
const zero = (): Tally => ({ orders: 0, units: 0, sales: 0, earnings: 0, clicks: 0 });
function add(into: Tally, from: Tally) {
  into.orders += from.orders;
  into.units += from.units;
  into.sales += from.sales;
  into.earnings += from.earnings;
  into.clicks += from.clicks;
}
/** Orders per click in basis points; 0 without clicks. */
const conversionBp = (t: Tally) => (t.clicks === 0 ? 0 : Math.round((t.orders * 10_000) / t.clicks));
function figuresOf(t: Tally): TSourceFigures {
  return {
    clicks: t.clicks,
    orders: t.orders,
    units: t.units,
    sales: t.sales,
    earnings: t.earnings,
    conversion: conversionBp(t),
  };
}
/** What sources are ranked by: the chosen series' total; orders (then clicks) for conversion. */
function rankOf(series: TDashboardSourcesQuery['series'], t: Tally): [number, number] {
  switch (series) {
    case 'earnings':
      return [t.earnings, t.orders];
    case 'sales':
      return [t.units, t.orders];
    case 'clicks':
      return [t.clicks, t.orders];
    case 'conversion':
      return [t.orders, t.clicks];
  }
}

/**
 * The caller's shop's figures split by `user_source` or `page_source` over a range: the top
 * DASHBOARD_TOP_SOURCES sources by the chosen series named, the rest summed as one (`source` null).
 */
export async function getDashboardSources(
  db: AppDatabase,
  ownerUserId: number,
  query: TDashboardSourcesQuery,
  now = new Date(),
): Promise<TDashboardSources> {
  await checkZone(db, query.tz);
  const range = rangeOf(query, await localNow(db, query.tz, now));
  const shop = await findShopByOwner(db, ownerUserId);
  const rows = await sourceBuckets(db, shop?.id ?? 0, query.tz, range, query.by);
  const buckets: TDashboardSources['buckets'] = [];
  const perSource = new Map<string, { total: Tally; points: Tally[] }>();
  for (const row of rows) {
    buckets[row.k] ??= { start: row.start, label: row.label };
    if (row.source === null) continue;
    let entry = perSource.get(row.source);
    if (!entry) {
      entry = { total: zero(), points: Array.from({ length: range.buckets }, zero) };
      perSource.set(row.source, entry);
    }
    add(entry.total, row);
    const point = entry.points[row.k];
    if (point) add(point, row);
  }
  const ranked = [...perSource.entries()].sort(([nameA, a], [nameB, b]) => {
    const [a1, a2] = rankOf(query.series, a.total);
    const [b1, b2] = rankOf(query.series, b.total);
    return b1 - a1 || b2 - a2 || (nameA < nameB ? -1 : nameA > nameB ? 1 : 0);
  });
  const shown = ranked.slice(0, DASHBOARD_TOP_SOURCES);
  const rest = ranked.slice(DASHBOARD_TOP_SOURCES);
  const entries: [string | null, { total: Tally; points: Tally[] }][] = [...shown];
  if (rest.length > 0) {
    const other = { total: zero(), points: Array.from({ length: range.buckets }, zero) };
    for (const [, entry] of rest) {
      add(other.total, entry.total);
      entry.points.forEach((point, k) => add(other.points[k] ?? zero(), point));
    }
    entries.push([null, other]);
  }
  return {
    by: query.by,
    series: query.series,
    granularity: range.granularity,
    currencyCode: DASHBOARD_CURRENCY,
    buckets,
    sources: entries.map(([source, entry]) => ({
      source,
      ...figuresOf(entry.total),
      points: entry.points.map((point) => valueOf(query.series, point)),
    })),
  };
}

/** The caller's shop's top products over a range, by revenue or by conversion. */
export async function getDashboardProducts(
  db: AppDatabase,
  ownerUserId: number,
  lang: string,
  query: TDashboardProductsQuery,
  now = new Date(),
): Promise<TDashboardProducts> {
  await checkZone(db, query.tz);
  const range = rangeOf(query, await localNow(db, query.tz, now));
  const shop = await findShopByOwner(db, ownerUserId);
  const found = shop
    ? await topProducts(db, shop.id, query.tz, range, {
        by: query.by,
        lang,
        limit: DASHBOARD_TOP_PRODUCTS,
        minViews: MIN_VIEWS_FOR_CONVERSION,
      })
    : [];
  return {
    by: query.by,
    currencyCode: DASHBOARD_CURRENCY,
    minViews: MIN_VIEWS_FOR_CONVERSION,
    products: found.map((p) => ({
      ...p,
      productId: String(p.productId),
      conversion: p.views === 0 ? 0 : Math.round((p.orders * 10_000) / p.views),
    })),
  };
}

/**
 * One of the caller's shop's products over a range split by variant, adding up to its top
 * products row (see ZDashboardProductVariants). Another shop's sales are never read: a product the
 * caller's shop did not sell in the range, or none at all, answers an empty list.
 */
export async function getDashboardProductVariants(
  db: AppDatabase,
  ownerUserId: number,
  lang: TLanguage,
  productId: number,
  query: TDashboardProductVariantsQuery,
  now = new Date(),
): Promise<TDashboardProductVariants> {
  await checkZone(db, query.tz);
  const range = rangeOf(query, await localNow(db, query.tz, now));
  const shop = await findShopByOwner(db, ownerUserId);
  const rows = shop ? await productVariantFigures(db, shop.id, productId, query.tz, range) : [];
  const ids = rows.flatMap((row) => (row.variantId === null ? [] : [row.variantId]));
  // Named as the catalogue names them now; a variant removed since keeps its line's words.
  const names = new Map(
    (await nameVariants(db, ids, lang))
      .filter((variant) => variant.productId === productId)
      .map((variant) => [variant.id, variant]),
  );
  return {
    productId: String(productId),
    currencyCode: DASHBOARD_CURRENCY,
    variants: rows.map((row) => {
      const named = row.variantId === null ? undefined : names.get(row.variantId);
      return {
        variantId: row.variantId === null ? null : String(row.variantId),
        label: named?.label ?? row.frozenLabel,
        sku: named?.sku ?? row.frozenSku,
        orders: row.orders,
        units: row.units,
        salesMinor: row.sales,
        profitMinor: row.profit,
      };
    }),
  };
}

/** Saves (or clears) the caller's dashboard time zone, once the database knows it too. */
export async function updateTimeZone(
  db: AppDatabase,
  userId: number,
  body: TUpdateTimeZoneRequest,
): Promise<null> {
  if (body.timeZone !== null && !(await databaseKnowsZone(db, body.timeZone)))
    throw AppError.fields([{ field: 'timeZone', key: 'validation.timeZone' }]);
  await setUserTimeZone(db, userId, body.timeZone);
  return null;
}
