import { and, count, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { queryRows } from '../../platform/db/rows';
import { inLanguage } from '../catalog/catalog.api';
import { products } from '../catalog/catalog.table';
import { orders } from '../orders/orders.table';
import { isFullyRefunded, refundedMinorOf } from '../orders/orders.api';
import { joinShopProducts, sellableInShop } from '../shops/shops.api';
import { shops } from '../shops/shops.table';

/** The dashboard's money is the platform's: orders are charged in US dollars (decision 0035). */
export const DASHBOARD_CURRENCY = 'USD';

const num = (value: unknown): number => Number(value ?? 0);

/** Local midnight of the day `at` falls in, in zone `tz`, as a moment. */
const dayStart = (at: SQL, tz: string) =>
  sql`(date_trunc('day', ${at} at time zone ${tz}) at time zone ${tz})`;
/** `at` moved by `interval` on the local calendar of `tz` (a day is 23 or 25 hours across DST). */
const localShift = (at: SQL, interval: string, tz: string) =>
  sql`((${at} at time zone ${tz}) - ${interval}::interval) at time zone ${tz}`;

/**
 * Sums of the shop's paid orders (order-level roll-ups) over today so far (to the end of the
 * current quarter hour), the past 7 local days, all time, and today's span moved back a day, a
 * week, a month and a year on the local calendar.
 */
export async function sumOrderWindows(db: AppDatabase, shopId: number, tz: string, now: Date) {
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const start = dayStart(nowAt, tz);
  const end = sql`(linkstore_quarter(${nowAt}) + interval '15 minutes')`;
  const windows: Record<string, [SQL, SQL]> = {
    today: [start, end],
    past7: [localShift(start, '6 days', tz), end],
    day: [localShift(start, '1 day', tz), localShift(end, '1 day', tz)],
    week: [localShift(start, '7 days', tz), localShift(end, '7 days', tz)],
    month: [localShift(start, '1 month', tz), localShift(end, '1 month', tz)],
    year: [localShift(start, '1 year', tz), localShift(end, '1 year', tz)],
  };
  const columns = Object.entries(windows).flatMap(([name, [from, to]]) => {
    const inside = sql`bucket >= ${from} and bucket < ${to}`;
    return [
      sql`coalesce(sum(profit_minor) filter (where ${inside}), 0) as ${sql.identifier(`${name}_profit`)}`,
      sql`coalesce(sum(sales_minor) filter (where ${inside}), 0) as ${sql.identifier(`${name}_sales`)}`,
    ];
  });
  // Only the quarter hours of the windows are read (a few index ranges, not the shop's whole
  // history); all time comes from the totals the database keeps (migration 0024).
  const anyWindow = sql.join(
    Object.values(windows).map(([from, to]) => sql`(bucket >= ${from} and bucket < ${to})`),
    sql` or `,
  );
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${sql.join(columns, sql`, `)},
        (select coalesce(sum(profit_minor), 0) from shop_order_totals
          where shop_id = ${shopId} and currency_code = ${DASHBOARD_CURRENCY}) as total_profit,
        (select coalesce(sum(sales_minor), 0) from shop_order_totals
          where shop_id = ${shopId} and currency_code = ${DASHBOARD_CURRENCY}) as total_sales
      from order_rollups
      where shop_id = ${shopId} and product_id = 0 and currency_code = ${DASHBOARD_CURRENCY}
        and (${anyWindow})`,
  );
  const pick = (name: string) => ({
    profit: num(row?.[`${name}_profit`]),
    sales: num(row?.[`${name}_sales`]),
  });
  return {
    today: pick('today'),
    past7: pick('past7'),
    total: pick('total'),
    day: pick('day'),
    week: pick('week'),
    month: pick('month'),
    year: pick('year'),
  };
}

/**
 * Paid orders waiting to be shipped (status 1, not refunded in full): how many, and what their
 * buyers paid for them less what was refunded of it.
 */
export async function sumPendingShipment(db: AppDatabase, shopId: number) {
  const [row] = await queryRows<{ n: unknown; total: unknown }>(
    db,
    sql`select count(*) as n, coalesce(sum(${orders.totalMinor} - ${refundedMinorOf()}), 0) as total
      from ${orders}
      where ${orders.shopId} = ${shopId} and ${orders.status} = 1
        and ${orders.currencyCode} = ${DASHBOARD_CURRENCY} and not ${isFullyRefunded()}`,
  );
  return { orders: num(row?.n), total: num(row?.total) };
}

/**
 * Products buyers can buy in the shop now, and those of them new to it today / in the past 7 local
 * days: added to the catalogue then and after the shop opened (what was on sale before it opened
 * is not new to a brand-new shop).
 */
export async function countProductsOnSale(db: AppDatabase, shopId: number, tz: string, now: Date) {
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const start = dayStart(nowAt, tz);
  const opened = sql`(select ${shops.createdAt} from ${shops} where ${shops.id} = ${shopId})`;
  const newSince = (from: SQL) => sql`${products.createdAt} >= greatest(${from}, ${opened})`;
  const query = db
    .select({
      onSale: count(),
      today: sql<number>`count(*) filter (where ${newSince(start)})`,
      past7: sql<number>`count(*) filter (where ${newSince(localShift(start, '6 days', tz))})`,
    })
    .from(products)
    .$dynamic();
  const [row] = await joinShopProducts(query, shopId).where(and(...sellableInShop()));
  return { onSale: num(row?.onSale), today: num(row?.today), past7: num(row?.past7) };
}

export type TGranularity = 'hour' | 'day' | 'month';

/** A range of whole local hours, days or months: its first bucket's start and how many. */
export interface SeriesRange {
  granularity: TGranularity;
  /** Local start (`yyyy-MM-dd HH:mm:ss`, no zone) of the first bucket. */
  localStart: string;
  buckets: number;
}

export interface SeriesPoint {
  start: string;
  label: string;
  earnings: number;
  units: number;
  orders: number;
  clicks: number;
}

/**
 * One point per bucket of `range` in zone `tz`: the shop's earnings, units and orders
 * (order-level roll-ups) and clicks (shop page views), 0 where nothing happened. Buckets are
 * local (PostgreSQL's zone rules): a day across a DST change is 23 or 25 hours; in the autumn the
 * repeated local hour is one point with both hours' figures, in the spring the skipped one is 0.
 */
export async function seriesPoints(
  db: AppDatabase,
  shopId: number,
  tz: string,
  range: SeriesRange,
): Promise<SeriesPoint[]> {
  const step = `1 ${range.granularity}`;
  const format =
    range.granularity === 'hour'
      ? 'YYYY-MM-DD"T"HH24:MI'
      : range.granularity === 'day'
        ? 'YYYY-MM-DD'
        : 'YYYY-MM';
  const unit = sql.raw(`'${range.granularity}'`);
  const first = sql`${range.localStart}::timestamp`;
  const last = sql`(${first} + ${range.buckets}::int * ${step}::interval)`;
  // Long ranges read the hourly tables when every point's edges are whole UTC hours (exact then:
  // every bucket of an hour lies inside one point); else the quarter hours.
  const hourly = range.granularity !== 'hour' && (await edgesOnHours(db, tz, range));
  const orders = hourly
    ? sql`select date_trunc(${unit}, hour at time zone ${tz}) as local,
          sum(profit_minor) as earnings, sum(units) as units, sum(orders) as orders
        from shop_order_hours
        where shop_id = ${shopId} and currency_code = ${DASHBOARD_CURRENCY}
          and hour >= ${first} at time zone ${tz} and hour < ${last} at time zone ${tz}
        group by 1`
    : sql`select date_trunc(${unit}, bucket at time zone ${tz}) as local,
          sum(profit_minor) as earnings, sum(units) as units, sum(orders) as orders
        from order_rollups
        where shop_id = ${shopId} and product_id = 0 and currency_code = ${DASHBOARD_CURRENCY}
          and bucket >= ${first} at time zone ${tz} and bucket < ${last} at time zone ${tz}
        group by 1`;
  const clicks = hourly
    ? sql`select date_trunc(${unit}, hour at time zone ${tz}) as local, sum(clicks) as clicks
        from shop_visit_hours
        where shop_id = ${shopId}
          and hour >= ${first} at time zone ${tz} and hour < ${last} at time zone ${tz}
        group by 1`
    : sql`select date_trunc(${unit}, bucket at time zone ${tz}) as local, sum(count) as clicks
        from event_rollups
        where shop_id = ${shopId} and product_id = 0 and kind = 'view'
          and bucket >= ${first} at time zone ${tz} and bucket < ${last} at time zone ${tz}
        group by 1`;
  // Each roll-up bucket falls in exactly one local hour, day or month (zones are whole quarter
  // hours from UTC): grouped by it, then joined to the points by equality.
  const result = await queryRows<Record<string, unknown>>(
    db,
    sql`with points as (
        select k, ${first} + k * ${step}::interval as local
        from generate_series(0, ${range.buckets - 1}::int) as k
      ),
      orders_in as (${orders}),
      clicks_in as (${clicks})
      select p.k, p.local at time zone ${tz} as starts, to_char(p.local, ${format}) as label,
        coalesce(o.earnings, 0) as earnings, coalesce(o.units, 0) as units,
        coalesce(o.orders, 0) as orders, coalesce(c.clicks, 0) as clicks
      from points p
      left join orders_in o on o.local = p.local
      left join clicks_in c on c.local = p.local
      order by p.k`,
  );
  return result.map((r) => ({
    start: new Date(r.starts as string).toISOString(),
    label: String(r.label),
    earnings: num(r.earnings),
    units: num(r.units),
    orders: num(r.orders),
    clicks: num(r.clicks),
  }));
}

/**
 * Whether every edge of `range`'s points in zone `tz` is a whole UTC hour (all of them in zones
 * whose offsets are whole hours; not in India, Nepal or South Australia).
 */
export async function edgesOnHours(db: AppDatabase, tz: string, range: SeriesRange): Promise<boolean> {
  const step = `1 ${range.granularity}`;
  const [row] = await queryRows<{ whole: unknown }>(
    db,
    sql`select bool_and(date_bin('1 hour', edge, timestamptz '2000-01-01 00:00:00+00') = edge) as whole
      from (
        select (${range.localStart}::timestamp + k * ${step}::interval) at time zone ${tz} as edge
        from generate_series(0, ${range.buckets}::int) as k
      ) edges`,
  );
  return row?.whole === true || row?.whole === 't';
}

/** The local time now in `tz` as `yyyy-MM-dd HH:mm:ss` (the database's zone rules). */
export async function localNow(db: AppDatabase, tz: string, now: Date): Promise<string> {
  const [row] = await queryRows<{ local: string }>(
    db,
    sql`select to_char(${now.toISOString()}::timestamptz at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS') as local`,
  );
  return row?.local ?? '';
}

/** Whether the database knows `tz` (its zone list may differ from the runtime's). */
export async function databaseKnowsZone(db: AppDatabase, tz: string): Promise<boolean> {
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from pg_timezone_names where name = ${tz}`,
  );
  return num(row?.n) > 0;
}

/** The SQL pieces of a range of local buckets: its local first and end, the unit and label format. */
function rangeSql(range: SeriesRange) {
  const step = `1 ${range.granularity}`;
  const format =
    range.granularity === 'hour'
      ? 'YYYY-MM-DD"T"HH24:MI'
      : range.granularity === 'day'
        ? 'YYYY-MM-DD'
        : 'YYYY-MM';
  const first = sql`${range.localStart}::timestamp`;
  return {
    step,
    format,
    unit: sql.raw(`'${range.granularity}'`),
    first,
    last: sql`(${first} + ${range.buckets}::int * ${step}::interval)`,
  };
}

export interface SourceBucketRow {
  /** The bucket's index in the range. */
  k: number;
  start: string;
  label: string;
  /** Null for a bucket where no source had anything. */
  source: string | null;
  orders: number;
  units: number;
  sales: number;
  earnings: number;
  clicks: number;
}

/**
 * Per bucket of `range` and per source (`user_source` or `page_source`): the shop's paid orders
 * (order-level roll-ups: count, units, sales, profit) and clicks (shop page views). Every bucket
 * has at least one row (source null when nothing happened in it).
 */
export async function sourceBuckets(
  db: AppDatabase,
  shopId: number,
  tz: string,
  range: SeriesRange,
  by: 'user_source' | 'page_source',
): Promise<SourceBucketRow[]> {
  const { step, format, unit, first, last } = rangeSql(range);
  const column = sql.identifier(by);
  const result = await queryRows<Record<string, unknown>>(
    db,
    sql`with points as (
        select k, ${first} + k * ${step}::interval as local
        from generate_series(0, ${range.buckets - 1}::int) as k
      ),
      orders_in as (
        select ${column} as source, date_trunc(${unit}, bucket at time zone ${tz}) as local,
          sum(orders) as orders, sum(units) as units, sum(sales_minor) as sales, sum(profit_minor) as earnings
        from order_rollups
        where shop_id = ${shopId} and product_id = 0 and currency_code = ${DASHBOARD_CURRENCY}
          and bucket >= ${first} at time zone ${tz} and bucket < ${last} at time zone ${tz}
        group by 1, 2
      ),
      clicks_in as (
        select ${column} as source, date_trunc(${unit}, bucket at time zone ${tz}) as local, sum(count) as clicks
        from event_rollups
        where shop_id = ${shopId} and product_id = 0 and kind = 'view'
          and bucket >= ${first} at time zone ${tz} and bucket < ${last} at time zone ${tz}
        group by 1, 2
      ),
      figures as (
        select coalesce(o.source, c.source) as source, coalesce(o.local, c.local) as local,
          coalesce(o.orders, 0) as orders, coalesce(o.units, 0) as units, coalesce(o.sales, 0) as sales,
          coalesce(o.earnings, 0) as earnings, coalesce(c.clicks, 0) as clicks
        from orders_in o full join clicks_in c on c.source = o.source and c.local = o.local
      )
      select p.k, p.local at time zone ${tz} as starts, to_char(p.local, ${format}) as label,
        f.source, f.orders, f.units, f.sales, f.earnings, f.clicks
      from points p left join figures f on f.local = p.local
      order by p.k, f.source`,
  );
  return result.map((r) => ({
    k: num(r.k),
    start: new Date(r.starts as string).toISOString(),
    label: String(r.label),
    source: typeof r.source === 'string' ? r.source : null,
    orders: num(r.orders),
    units: num(r.units),
    sales: num(r.sales),
    earnings: num(r.earnings),
    clicks: num(r.clicks),
  }));
}

export interface ProductFiguresRow {
  productId: number;
  title: string;
  imageUrl: string | null;
  orders: number;
  units: number;
  sales: number;
  views: number;
  /** The product's variants in the catalogue now. */
  variants: number;
}

/**
 * The shop's products over `range` from the product roll-ups: paid orders with them, units and
 * sales (`order_rollups` product rows), and views of their page (`event_rollups` kind 'view'),
 * ranked by sales, or by orders per view among those with at least `minViews` views. Title in
 * `lang` (English when not translated), first image.
 */
export async function topProducts(
  db: AppDatabase,
  shopId: number,
  tz: string,
  range: SeriesRange,
  options: { by: 'revenue' | 'conversion'; lang: string; limit: number; minViews: number },
): Promise<ProductFiguresRow[]> {
  const { first, last } = rangeSql(range);
  const inRange = sql`bucket >= ${first} at time zone ${tz} and bucket < ${last} at time zone ${tz}`;
  const filter =
    options.by === 'revenue' ? sql`f.sales > 0` : sql`f.views >= ${options.minViews} and f.orders > 0`;
  const order =
    options.by === 'revenue'
      ? sql`f.sales desc, f.orders desc, f.product_id`
      : sql`f.orders::numeric / f.views desc, f.orders desc, f.product_id`;
  const result = await queryRows<Record<string, unknown>>(
    db,
    sql`with sold as (
        select product_id, sum(orders) as orders, sum(units) as units, sum(sales_minor) as sales
        from order_rollups
        where shop_id = ${shopId} and product_id <> 0 and currency_code = ${DASHBOARD_CURRENCY} and ${inRange}
        group by 1
      ),
      viewed as (
        select product_id, sum(count) as views
        from event_rollups
        where shop_id = ${shopId} and product_id <> 0 and kind = 'view' and ${inRange}
        group by 1
      ),
      f as (
        select coalesce(s.product_id, v.product_id) as product_id, coalesce(s.orders, 0) as orders,
          coalesce(s.units, 0) as units, coalesce(s.sales, 0) as sales, coalesce(v.views, 0) as views
        from sold s full join viewed v on v.product_id = s.product_id
      )
      select f.product_id, f.orders, f.units, f.sales, f.views,
        ${inLanguage(products.titles, products.title, options.lang)} as title,
        (select i.url from product_images i where i.product_id = f.product_id order by i.sort, i.id limit 1) as image_url,
        (select count(*) from product_variants v where v.product_id = f.product_id) as variants
      from f join products on products.id = f.product_id
      where ${filter}
      order by ${order}
      limit ${options.limit}`,
  );
  return result.map((r) => ({
    productId: num(r.product_id),
    title: String(r.title),
    imageUrl: typeof r.image_url === 'string' ? r.image_url : null,
    orders: num(r.orders),
    units: num(r.units),
    sales: num(r.sales),
    views: num(r.views),
    variants: num(r.variants),
  }));
}

export interface VariantFiguresRow {
  variantId: number | null;
  /** The label and SKU the latest of its order lines froze. */
  frozenLabel: string;
  frozenSku: string;
  orders: number;
  units: number;
  sales: number;
  profit: number;
}

/**
 * One product's figures in the shop over `range`, per variant its order lines froze, counted as
 * the product roll-ups count them (migration 0027) so that units and sales add up to the product's
 * row exactly: buyers' orders (side 'c') in US dollars, their lines counted in the quarter hour they
 * were paid; each refund's ledger entry in the quarter hour it was written takes its share of what
 * the buyer paid off the products of its order in proportion to their lines (integer division,
 * the rest to the largest line, then the lowest product id), and that product's share is split
 * the same way over the order's variants of it (the rest to the largest, then the lowest variant
 * id). Profit: the lines' profit less the entry's reversal (its amount), split the same way.
 *
 * Read from the product's order lines (`order_items_product_idx`), the orders by key and the
 * refunds' ledger entries by order (`ledger_entries_order_idx`): no roll-up by variant.
 */
export async function productVariantFigures(
  db: AppDatabase,
  shopId: number,
  productId: number,
  tz: string,
  range: SeriesRange,
): Promise<VariantFiguresRow[]> {
  const { first, last } = rangeSql(range);
  const inRange = (at: SQL) =>
    sql`linkstore_quarter(${at}) >= ${first} at time zone ${tz} and linkstore_quarter(${at}) < ${last} at time zone ${tz}`;
  // A line without a variant (a product removed before variants) is variant 0 here, null outside.
  const result = await queryRows<Record<string, unknown>>(
    db,
    sql`with lines as (
        select i.id as item_id, i.order_id, o.paid_at, coalesce(i.variant_id, 0) as variant_id, i.variant_label, i.sku, i.quantity,
          i.selling_price_minor::bigint * i.quantity as value, i.profit_minor::bigint * i.quantity as profit
        from order_items i join orders o on o.id = i.order_id
        where i.product_id = ${productId} and o.shop_id = ${shopId} and o.side = 'c'
          and o.currency_code = ${DASHBOARD_CURRENCY} and o.paid_at is not null
      ),
      sold as (
        select variant_id, count(distinct order_id) as orders, sum(quantity) as units, sum(value) as sales,
          sum(profit) as profit
        from lines where ${inRange(sql`paid_at`)}
        group by variant_id
      ),
      entries as (
        select e.id as entry, e.order_id, f.amount_minor::bigint as amount, e.amount_minor::bigint as reversed,
          o.total_minor::bigint as total
        from ledger_entries e
        join orders o on o.id = e.order_id
        join refunds f on f.id = e.refund_id
        where e.order_id in (select order_id from lines) and e.kind = 'refund' and o.total_minor > 0
          and ${inRange(sql`e.created_at`)}
      ),
      product_lines as (
        select n.entry, n.order_id, n.amount, n.reversed, n.total, i.product_id,
          sum(i.selling_price_minor::bigint * i.quantity)::bigint as line
        from entries n join order_items i on i.order_id = n.order_id
        group by n.entry, n.order_id, n.amount, n.reversed, n.total, i.product_id
      ),
      product_ranked as (
        select p.*, p.amount * p.line / p.total as base, p.reversed * p.line / p.total as rbase,
          row_number() over (partition by p.entry order by p.line desc, p.product_id) as rank
        from product_lines p
      ),
      product_parts as (
        select r.entry, r.order_id, r.product_id,
          (r.base + case when r.rank = 1 then r.amount - sum(r.base) over (partition by r.entry) else 0 end)::bigint
            as part,
          (r.rbase + case when r.rank = 1 then r.reversed - sum(r.rbase) over (partition by r.entry) else 0 end)::bigint
            as rpart
        from product_ranked r
      ),
      variant_lines as (
        -- Integer division throughout, as the roll-ups divide (sums of bigint are numeric).
        select p.entry, p.part, p.rpart, l.variant_id, sum(l.value)::bigint as line,
          (sum(sum(l.value)) over (partition by p.entry))::bigint as whole,
          row_number() over (partition by p.entry order by sum(l.value) desc, l.variant_id = 0, l.variant_id) as rank
        from product_parts p join lines l on l.order_id = p.order_id
        where p.product_id = ${productId}
        group by p.entry, p.part, p.rpart, l.variant_id
      ),
      variant_ranked as (
        select v.*, coalesce(v.part * v.line / nullif(v.whole, 0), 0) as base,
          coalesce(v.rpart * v.line / nullif(v.whole, 0), 0) as rbase
        from variant_lines v
      ),
      variant_parts as (
        select variant_id,
          base + case when rank = 1 then part - sum(base) over (partition by entry) else 0 end as sales,
          rbase + case when rank = 1 then rpart - sum(rbase) over (partition by entry) else 0 end as profit
        from variant_ranked
      ),
      refunded as (
        select variant_id, sum(sales) as sales, sum(profit) as profit from variant_parts group by variant_id
      ),
      figures as (
        select coalesce(s.variant_id, r.variant_id) as variant_id, coalesce(s.orders, 0) as orders,
          coalesce(s.units, 0) as units, coalesce(s.sales, 0) - coalesce(r.sales, 0) as sales,
          coalesce(s.profit, 0) + coalesce(r.profit, 0) as profit
        from sold s full join refunded r on r.variant_id = s.variant_id
      )
      select f.variant_id, f.orders, f.units, f.sales, f.profit, frozen.variant_label, frozen.sku
      from figures f
      cross join lateral (
        select l.variant_label, l.sku from lines l
        where l.variant_id = f.variant_id
        order by l.item_id desc limit 1
      ) frozen
      order by f.units desc, f.sales desc, f.variant_id = 0, f.variant_id`,
  );
  return result.map((r) => ({
    variantId: num(r.variant_id) === 0 ? null : num(r.variant_id),
    frozenLabel: typeof r.variant_label === 'string' ? r.variant_label : '',
    frozenSku: typeof r.sku === 'string' ? r.sku : '',
    orders: num(r.orders),
    units: num(r.units),
    sales: num(r.sales),
    profit: num(r.profit),
  }));
}
