import { sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { queryRows } from '../../platform/db/rows';
import { rowRandom } from '../../platform/db/row-random';
import { listSellableProducts, priceInShop } from '../shops/shops.api';
import { DEMO_BUYERS } from './demo-orders.seed-data';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const YEAR_SECONDS = 365 * 86_400;
/** Orders never paid (abandoned at PayPal, or placed in the last minutes). */
const UNPAID_SHARE = 0.08;
/** Paid orders never shipped although they could have been (lost in the warehouse). */
const STUCK_SHARE = 0.01;
const CARRIERS = ['usps', 'usps', 'usps', 'dhl', 'dhl', 'other'] as const;
const SOURCES = ['default', 'default', 'default', 'instagram', 'instagram', 'tiktok', 'youtube'] as const;

export interface ScaleShopRef {
  id: number;
  ownerUserId: number;
  defaultPercentage: number;
  rounding: string;
}

export interface ScaleOrdersReport {
  orders: number;
  /** Orders per status: unpaid, paid, completed. */
  byStatus: [number, number, number];
  items: number;
  /** The generated orders' ids are exactly this range (taken from the orders' sequence). */
  firstId: number;
  lastId: number;
}

const textArray = (values: readonly string[]) =>
  sql.raw(`(array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}])`);

/**
 * `LS` + yyMMdd + `-` + 8 base32 characters, as checkout numbers orders; the characters are 40
 * bits of an odd multiple of the row number (a bijection modulo 2^40), so generated numbers never
 * repeat among themselves.
 */
function orderNoOf(row: SQL, createdAt: SQL, seed: number): SQL {
  const bits = sql`((${row})::bigint * 25214903917 + ${sql.raw(String(seed % 1_000_000))}::bigint * 7919) % 1099511627776`;
  const chars = Array.from(
    { length: 8 },
    (_, k) => sql`substr(${BASE32}, ((${bits} >> ${sql.raw(String(5 * k))}) & 31)::int + 1, 1)`,
  );
  return sql`'LS' || to_char(${createdAt} at time zone 'UTC', 'YYMMDD') || '-' || ${sql.join(chars, sql` || `)}`;
}

/**
 * `orders` orders in the scale shop over the year before `now`, set-based (three statements for
 * any number): more orders lately than a year ago (a growing shop), 1–3 different products each
 * (popular ones more often), mostly one of each, priced by the shop's rules today as checkout
 * freezes them. About 8 % never paid (an abandoned payment, its stock reservation released — stock
 * is never moved here), the rest paid 3–15 minutes after ordering and — once 1–6 days have passed, all but 1 % —
 * shipped by `shippedBy` with a carrier and tracking number, which completes them. Buyers are the
 * demo buyers with numbered addresses. Deterministic in `seed` (and `now`).
 */
export async function seedScaleOrders(
  db: AppDatabase,
  options: { shop: ScaleShopRef; orders: number; seed: number; now: Date; shippedBy: number | null },
): Promise<ScaleOrdersReport> {
  const { shop, seed } = options;
  const priced = (await listSellableProducts(db, shop.id, { lang: 'en' })).map((row) => ({
    id: row.id,
    title: row.title,
    imageUrl: row.imageUrl,
    ...priceInShop(row, shop),
  }));
  const none: ScaleOrdersReport = { orders: 0, byStatus: [0, 0, 0], items: 0, firstId: 0, lastId: -1 };
  if (priced.length === 0 || options.orders <= 0) return none;
  // The dashboard's roll-ups counted once for the whole range below, not by a trigger per row
  // (migration 0019): ≈ 6× faster. SET LOCAL lasts until the transaction ends — outside one it
  // does nothing, and the triggers count each order as usual.
  await db.execute(sql`set local linkstore.bulk_rollups = 'on'`);
  await db.execute(sql`drop table if exists scale_products, scale_plan, scale_lines`);
  await db.execute(sql`create temp table scale_products (k int primary key, product_id bigint, title text,
    image_url text, cost int, selling int, profit int)`);
  for (let start = 0; start < priced.length; start += 500) {
    const chunk = priced.slice(start, start + 500);
    await db.execute(
      sql`insert into scale_products values ${sql.join(
        chunk.map(
          (p, n) =>
            sql`(${start + n}, ${p.id}, ${p.title}, ${p.imageUrl}, ${p.costMinor}, ${p.sellingMinor}, ${p.profitMinor})`,
        ),
        sql`, `,
      )}`,
    );
  }
  const count = priced.length;
  const r = (salt: number) => rowRandom(sql`i`, seed, salt);
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const buyers = JSON.stringify(DEMO_BUYERS);
  // One row per order: when, who, what status; ids taken from the orders' own sequence in time order.
  await db.execute(sql`
    create temp table scale_plan as
    with timed as (
      select i, ${now} - make_interval(secs => ${YEAR_SECONDS} * power(1 - (i - ${r(1)}) / ${options.orders}::float8, 1.5)) as created_at,
        make_interval(mins => 3 + floor(${r(2)} * 12)::int) as pay_delay,
        make_interval(secs => 86400 + floor(${r(3)} * 5 * 86400)::int) as ship_delay,
        ${r(4)} as unpaid, ${r(5)} as stuck, floor(${r(6)} * ${DEMO_BUYERS.length})::int as buyer,
        case when ${r(7)} < 0.7 then 1 when ${r(7)} < 0.92 then 2 else 3 end as lines
      from generate_series(1, ${options.orders}::int) as i
    ), placed as (
      select *, case
          when unpaid < ${UNPAID_SHARE} or created_at + pay_delay > ${now} then 0
          when created_at + pay_delay + ship_delay < ${now} and stuck >= ${STUCK_SHARE} then 2
          else 1 end as status
      from timed
    )
    select i, nextval(pg_get_serial_sequence('orders', 'id')) as id, ${orderNoOf(sql`i`, sql`created_at`, seed)} as order_no,
      created_at, status, least(lines, ${count}) as lines,
      case when status > 0 then created_at + pay_delay end as paid_at,
      case when status = 2 then created_at + pay_delay + ship_delay end as shipped_at,
      ${buyers}::jsonb -> buyer as buyer,
      ${textArray(CARRIERS)}[1 + floor(${r(8)} * ${CARRIERS.length})::int] as carrier,
      ${textArray(SOURCES)}[1 + floor(${r(9)} * ${SOURCES.length})::int] as user_source
    from placed order by i`);
  const line = (salt: number) => rowRandom(sql`p.i * 4 + j`, seed, salt);
  await db.execute(sql`
    create temp table scale_lines as
    select p.i, p.id as order_id, j, sp.product_id, sp.title, sp.image_url, sp.cost, sp.selling, sp.profit,
      case when ${line(21)} < 0.82 then 1 when ${line(21)} < 0.96 then 2 else 3 end as quantity
    from scale_plan p
    cross join lateral generate_series(1, p.lines) as j
    join scale_products sp
      on sp.k = (floor(${count} * power(${rowRandom(sql`p.i`, seed, 20)}, 2.2))::int + j - 1) % ${count}`);
  const tracking = sql`case p.carrier
      when 'usps' then '9400' || lpad((abs(hashint8extended(p.i, ${sql.raw(String(seed))}::bigint)) % 1000000000000000000)::text, 18, '0')
      when 'dhl' then 'JJD' || lpad((abs(hashint8extended(p.i, ${sql.raw(String(seed))}::bigint)) % 1000000000000000)::text, 15, '0')
      else 'TRK-' || upper(to_hex(abs(hashint8extended(p.i, ${sql.raw(String(seed))}::bigint)))) end`;
  await db.execute(sql`
    insert into orders (id, order_no, shop_id, owner_user_id, status, side, buyer_email, shipping_address,
      language, currency_code, total_minor, platform_minor, profit_minor, user_source, page_source,
      reserved_until, paid_at, carrier, tracking_no, shipped_at, shipped_by, version, completed_at,
      created_at, updated_at)
    select p.id, p.order_no, ${shop.id}, ${shop.ownerUserId}, p.status, 'c',
      split_part(p.buyer ->> 'email', '@', 1) || '+' || (p.i % 9973) || '@' || split_part(p.buyer ->> 'email', '@', 2),
      jsonb_set(p.buyer -> 'address', '{line1}', to_jsonb((1 + p.i % 180) || ' ' || regexp_replace(p.buyer #>> '{address,line1}', '^[0-9]+ ', ''))),
      p.buyer ->> 'language', 'USD', t.total, t.platform, t.total - t.platform, p.user_source, '',
      null, p.paid_at,
      case when p.status = 2 then p.carrier end, case when p.status = 2 then ${tracking} end,
      p.shipped_at, case when p.status = 2 then ${options.shippedBy}::bigint end,
      case when p.status = 2 then 1 else 0 end, p.shipped_at,
      p.created_at, coalesce(p.shipped_at, p.paid_at, p.created_at)
    from scale_plan p
    join (select i, sum(selling * quantity)::int as total, sum(cost * quantity)::int as platform
      from scale_lines group by i) t on t.i = p.i
    order by p.id`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, variant_id, sku, title, image_url, quantity,
      platform_price_minor, selling_price_minor, profit_minor)
    select l.order_id, l.product_id, v.id, coalesce(v.sku, ''), l.title, l.image_url, l.quantity, l.cost, l.selling,
      l.profit
    from scale_lines l
    left join product_variants v on v.id = (select w.id from product_variants w where w.product_id = l.product_id
      and w.status = 1 order by w.sort, w.id limit 1)
    order by l.order_id, l.j`);
  // What the console's shipping writes: the order's history says who shipped it, and how.
  await db.execute(sql`
    insert into order_events (order_id, action, actor_user_id, detail, created_at)
    select id, 'shipped', shipped_by, jsonb_build_object('carrier', carrier, 'trackingNo', tracking_no), shipped_at
    from orders where status = 2 and id between (select min(id) from scale_plan) and (select max(id) from scale_plan)
    order by id`);
  const [summary] = await queryRows<{
    first: string;
    last: string;
    s0: string;
    s1: string;
    s2: string;
    items: string;
  }>(
    db,
    sql`select min(id)::text as first, max(id)::text as last,
      count(*) filter (where status = 0)::text as s0, count(*) filter (where status = 1)::text as s1,
      count(*) filter (where status = 2)::text as s2, (select count(*) from scale_lines)::text as items
    from scale_plan`,
  );
  await db.execute(sql`drop table if exists scale_products, scale_plan, scale_lines`);
  await db.execute(sql`
    select linkstore_rollup_orders(${summary?.first ?? 0}::bigint, ${summary?.last ?? -1}::bigint)
    where current_setting('linkstore.bulk_rollups', true) = 'on'`);
  await db.execute(sql`set local linkstore.bulk_rollups = 'off'`);
  const n = (value: string | undefined) => Number(value ?? 0);
  return {
    orders: options.orders,
    byStatus: [n(summary?.s0), n(summary?.s1), n(summary?.s2)],
    items: n(summary?.items),
    firstId: n(summary?.first),
    lastId: n(summary?.last),
  };
}

/** The order history's line for each completed refund of the generated orders (as refunds write it). */
export async function recordScaleRefundEvents(db: AppDatabase, range: { firstId: number; lastId: number }) {
  await db.execute(sql`
    insert into order_events (order_id, action, actor_user_id, detail, created_at)
    select r.order_id, 'refunded', r.requested_by,
      jsonb_build_object('refundId', r.id::text, 'amountMinor', r.amount_minor,
        'profitReversedMinor', r.profit_reversed_minor, 'restocked', false), r.completed_at
    from refunds r
    where r.order_id between ${range.firstId} and ${range.lastId} and r.status = 'completed'
    order by r.id`);
}
