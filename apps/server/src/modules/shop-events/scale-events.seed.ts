import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { rowRandom } from '../../platform/db/row-random';
import { queryRows } from '../../platform/db/rows';
import { listSellableProducts, replaceProductStats } from '../shops/shops.api';
import { ensureShopEventPartitions } from './shop-events.repository';
import { SHOP_EVENT_IDS_KEEP_DAYS } from './shop-events.service';

const DAY_SECONDS = 86_400;
const YEAR_DAYS = 365;
/** As the orders' (scale-orders.seed.ts): most visits come without a source. */
const SOURCES = ['default', 'default', 'default', 'instagram', 'instagram', 'tiktok', 'youtube'] as const;
/** Shop-level events (the shop page's view, a shared link's click) among all. */
const SHOP_LEVEL_SHARE = 0.15;

export interface ScaleEventsReport {
  events: number;
  /** Roll-up rows written (quarter hours × product × kind × source). */
  rollups: number;
  /** Event ids remembered (those received in the last SHOP_EVENT_IDS_KEEP_DAYS). */
  ids: number;
}

const textArray = (values: readonly string[]) =>
  sql.raw(`(array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}])`);

/**
 * `events` storefront events of the scale shop over the year before `now`, set-based (a handful of
 * statements for any number), into the monthly partitions of `shop_events`, with their quarter-hour
 * roll-ups (one grouped insert over the rows just written, not a count per row) and the shop's
 * product counters set to exactly what the events add up to. The shape: more lately than a year
 * ago (a growing shop, as the orders), evenings busier than nights (in UTC), weekends busier than
 * Mondays and Tuesdays; 70 % views, 22 % clicks, 8 % add-to-carts; 15 % shop-level, the rest on the
 * shop's products (popular ones more often); sources as the orders'. Each event has its own id
 * (`s<seed>-<n>`), and those of the last days are remembered as the live ingestion would have.
 * Deterministic in `seed` (and `now`). The shop must have no events yet.
 */
export async function seedScaleEvents(
  db: AppDatabase,
  options: { shopId: number; events: number; seed: number; now: Date },
): Promise<ScaleEventsReport> {
  const { shopId, seed } = options;
  if (options.events <= 0) return { events: 0, rollups: 0, ids: 0 };
  const productIds = (await listSellableProducts(db, shopId, { lang: 'en' }))
    .map((p) => p.id)
    .sort((a, b) => a - b);
  const now = sql`${options.now.toISOString()}::timestamptz`;
  await ensureShopEventPartitions(
    db,
    new Date(options.now.getTime() - (YEAR_DAYS + 1) * DAY_SECONDS * 1000),
    new Date(options.now.getTime() + 62 * DAY_SECONDS * 1000),
  );
  const r = (salt: number) => rowRandom(sql`i`, seed, salt);
  const products = `{${productIds.join(',')}}`;
  const count = productIds.length;
  // The day: the trend (as the orders'); the time of day: the sum of three draws, peaking at 20:00
  // UTC; Monday and Tuesday give a third of their visits to the weekend after (never past now).
  // Rows are written in time order, as the live ingestion writes them (the BRIN index relies on it).
  await db.execute(sql`
    insert into shop_events (shop_id, product_id, kind, user_source, page_source, occurred_at, received_at, event_id)
    select ${shopId}, product_id, kind, user_source, '', at - make_interval(secs => delay), at, 's' || ${seed}::text || '-' || i
    from (
      select i,
        least(${now}, case when extract(isodow from d at time zone 'UTC') in (1, 2) and ${r(44)} < 0.33 and d + interval '5 days' < ${now}
          then d + interval '5 days' else d end
          + make_interval(secs => (${DAY_SECONDS} * ((((${r(41)} + ${r(42)} + ${r(43)}) / 3) + 0.33) - floor(((${r(41)} + ${r(42)} + ${r(43)}) / 3) + 0.33)))::int)) as at,
        floor(${r(45)} * 5)::int as delay,
        case when ${r(46)} < 0.7 then 'view' when ${r(46)} < 0.92 then 'click' else 'cart' end as kind,
        case when ${count} = 0 or ${r(47)} < ${SHOP_LEVEL_SHARE} then 0
          else (${products}::bigint[])[1 + floor(${count} * power(${r(48)}, 2.2))::int] end as product_id,
        ${textArray(SOURCES)}[1 + floor(${r(49)} * ${SOURCES.length})::int] as user_source
      from (
        select i, date_trunc('day', ${now} - make_interval(secs => ${YEAR_DAYS * DAY_SECONDS} * power(1 - (i - ${r(40)}) / ${options.events}::float8, 1.5)), 'UTC') as d
        from generate_series(1, ${options.events}::int) as i
      ) days
    ) e
    order by at`);
  await db.execute(sql`analyze shop_events`);
  const [rollups] = await queryRows<{ n: number }>(
    db,
    sql`with added as (
      insert into event_rollups as r (shop_id, product_id, kind, user_source, page_source, bucket, count)
      select shop_id, product_id, kind, user_source, page_source, linkstore_quarter(occurred_at), count(*)
      from shop_events where shop_id = ${shopId}
      group by 1, 2, 3, 4, 5, 6
      on conflict (shop_id, product_id, kind, user_source, page_source, bucket) do update set count = r.count + excluded.count
      returning 1)
    select count(*)::int as n from added`,
  );
  // The counters are what the events add up to (replacing the scale shop's invented traffic).
  const counted = await queryRows<{
    product_id: string | number;
    views: number;
    clicks: number;
    carts: number;
  }>(
    db,
    sql`select product_id, count(*) filter (where kind = 'view')::int as views,
        count(*) filter (where kind = 'click')::int as clicks, count(*) filter (where kind = 'cart')::int as carts
      from shop_events where shop_id = ${shopId} and product_id <> 0 group by product_id`,
  );
  await replaceProductStats(
    db,
    shopId,
    counted.map((c) => ({
      productId: Number(c.product_id),
      views: Number(c.views),
      clicks: Number(c.clicks),
      addToCarts: Number(c.carts),
    })),
  );
  const [ids] = await queryRows<{ n: number }>(
    db,
    sql`with kept as (
      insert into shop_event_ids (shop_id, event_id, seen_at)
      select shop_id, event_id, received_at from shop_events
      where shop_id = ${shopId} and received_at >= ${now} - make_interval(days => ${SHOP_EVENT_IDS_KEEP_DAYS})
      on conflict do nothing returning 1)
    select count(*)::int as n from kept`,
  );
  return { events: options.events, rollups: Number(rollups?.n ?? 0), ids: Number(ids?.n ?? 0) };
}
