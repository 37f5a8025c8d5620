import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../platform/db/database';
import { runScaleSeed, type ScaleSeedReport } from '../../seed-scale';
import { createTestApp, type TestContext } from '../../test/helper';
import { seedScaleEvents } from './scale-events.seed';
import { queryRows } from '../../platform/db/rows';

const NOW = new Date('2026-03-01T12:34:56Z');
const EVENTS = 6_000;
const SEED = 11;

let ctx: TestContext;
let report: ScaleSeedReport;

const all = queryRows;
async function one<T>(db: AppDatabase, query: SQL): Promise<T> {
  const [row] = await all<T>(db, query);
  if (!row) throw new Error('no row');
  return row;
}

/** The generated events in a form that does not depend on the row ids: for comparing two runs. */
const fingerprint = (db: AppDatabase, shopId: number) =>
  one<{ events: string; rollups: string; stats: string }>(
    db,
    sql`select
      (select md5(string_agg(event_id || product_id || kind || user_source || occurred_at::text || received_at::text, ',' order by event_id))
        from shop_events where shop_id = ${shopId}) as events,
      (select md5(string_agg(product_id || kind || user_source || bucket::text || count, ',' order by product_id, kind, user_source, bucket))
        from event_rollups where shop_id = ${shopId}) as rollups,
      (select md5(string_agg(product_id || ':' || views || ':' || clicks || ':' || add_to_carts, ',' order by product_id))
        from shop_product_stats where shop_id = ${shopId}) as stats`,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  report = await runScaleSeed(ctx.database.db, {
    products: 30,
    orders: 200,
    events: EVENTS,
    seed: SEED,
    password: 'Scale-pass-2026',
    now: NOW,
  });
}, 120_000);

afterAll(() => ctx.close());

describe('the scale generator’s storefront events', () => {
  it('writes the raw events into the monthly partitions over the past year, shaped like traffic', async () => {
    expect(report.events.events).toBe(EVENTS);
    const db = ctx.database.db;
    const shape = await one<{
      n: number;
      first: Date;
      last: Date;
      in_default: number;
      months: number;
      sources: string[];
      kinds: string[];
      shop_level: number;
      foreign_products: number;
      last_quarter: number;
      first_quarter: number;
      evening: number;
      night: number;
    }>(
      db,
      sql`select count(*)::int as n, min(received_at) as first, max(received_at) as last,
        count(*) filter (where tableoid = 'shop_events_default'::regclass)::int as in_default,
        count(distinct tableoid)::int as months,
        array_agg(distinct user_source order by user_source) as sources,
        array_agg(distinct kind order by kind) as kinds,
        count(*) filter (where product_id = 0)::int as shop_level,
        count(*) filter (where product_id <> 0 and product_id not in (select id from products))::int as foreign_products,
        count(*) filter (where received_at > ${NOW.toISOString()}::timestamptz - interval '91 days')::int as last_quarter,
        count(*) filter (where received_at < ${NOW.toISOString()}::timestamptz - interval '274 days')::int as first_quarter,
        count(*) filter (where extract(hour from received_at at time zone 'UTC') between 18 and 22)::int as evening,
        count(*) filter (where extract(hour from received_at at time zone 'UTC') between 4 and 8)::int as night
      from shop_events where shop_id = ${report.shopId}`,
    );
    expect(shape.n).toBe(EVENTS);
    expect(new Date(shape.last).getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(NOW.getTime() - new Date(shape.first).getTime()).toBeGreaterThan(330 * 86_400_000);
    expect(shape.in_default).toBe(0);
    expect(shape.months).toBeGreaterThanOrEqual(12);
    expect(shape.sources).toEqual(['default', 'instagram', 'tiktok', 'youtube']);
    expect(shape.kinds).toEqual(['cart', 'click', 'view']);
    expect(shape.shop_level / EVENTS).toBeGreaterThan(0.1);
    expect(shape.shop_level / EVENTS).toBeLessThan(0.2);
    expect(shape.foreign_products).toBe(0);
    // A growing shop: the last quarter busier than the first; evenings busier than nights.
    expect(shape.last_quarter).toBeGreaterThan(shape.first_quarter * 1.5);
    expect(shape.evening).toBeGreaterThan(shape.night * 1.5);
    // Only the shop's products shown (none hidden, none of another shop).
    const hidden = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from shop_events e join shop_products sp
        on sp.shop_id = e.shop_id and sp.product_id = e.product_id and sp.visible = 0
        where e.shop_id = ${report.shopId}`,
    );
    expect(hidden.n).toBe(0);
  });

  it('roll-ups and product counters equal a direct count over the raw rows', async () => {
    const db = ctx.database.db;
    const diff = await one<{ missing: number; extra: number; total: number }>(
      db,
      sql`with direct as (
          select product_id, kind, user_source, page_source, linkstore_quarter(occurred_at) as bucket, count(*)::bigint as count
          from shop_events where shop_id = ${report.shopId} group by 1, 2, 3, 4, 5),
        rolled as (
          select product_id, kind, user_source, page_source, bucket, count from event_rollups where shop_id = ${report.shopId})
        select (select count(*)::int from (select * from direct except select * from rolled) x) as missing,
          (select count(*)::int from (select * from rolled except select * from direct) x) as extra,
          (select sum(count)::int from rolled) as total`,
    );
    expect(diff).toEqual({ missing: 0, extra: 0, total: EVENTS });
    expect(report.events.rollups).toBeGreaterThan(0);
    const stats = await one<{ differing: number; counted: number }>(
      db,
      sql`with direct as (
          select product_id, count(*) filter (where kind = 'view')::int as views,
            count(*) filter (where kind = 'click')::int as clicks, count(*) filter (where kind = 'cart')::int as carts
          from shop_events where shop_id = ${report.shopId} and product_id <> 0 group by 1)
        select count(*) filter (where coalesce(d.views, 0) <> s.views or coalesce(d.clicks, 0) <> s.clicks
            or coalesce(d.carts, 0) <> s.add_to_carts or (d.product_id is null and s.product_id is null))::int as differing,
          coalesce(sum(s.views + s.clicks + s.add_to_carts), 0)::int as counted
        from shop_product_stats s full join direct d on d.product_id = s.product_id
        where s.shop_id = ${report.shopId} or s.shop_id is null`,
    );
    const productEvents = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from shop_events where shop_id = ${report.shopId} and product_id <> 0`,
    );
    expect(stats).toEqual({ differing: 0, counted: productEvents.n });
    // The ids of the last days are remembered, as the live ingestion would have.
    const ids = await one<{ remembered: number; recent: number }>(
      db,
      sql`select (select count(*)::int from shop_event_ids where shop_id = ${report.shopId}) as remembered,
        (select count(*)::int from shop_events where shop_id = ${report.shopId}
          and received_at >= ${NOW.toISOString()}::timestamptz - interval '3 days') as recent`,
    );
    expect(ids.remembered).toBe(ids.recent);
    expect(report.events.ids).toBe(ids.recent);
  });

  it('is deterministic: the same seed and time give the same events, roll-ups and counters', async () => {
    const db = ctx.database.db;
    const before = await fingerprint(db, report.shopId);
    await db.execute(sql`delete from shop_events where shop_id = ${report.shopId}`);
    await db.execute(sql`delete from event_rollups where shop_id = ${report.shopId}`);
    await db.execute(sql`delete from shop_event_ids where shop_id = ${report.shopId}`);
    await seedScaleEvents(db, { shopId: report.shopId, events: EVENTS, seed: SEED, now: NOW });
    expect(await fingerprint(db, report.shopId)).toEqual(before);
    await db.execute(sql`delete from shop_events where shop_id = ${report.shopId}`);
    await db.execute(sql`delete from event_rollups where shop_id = ${report.shopId}`);
    await db.execute(sql`delete from shop_event_ids where shop_id = ${report.shopId}`);
    await seedScaleEvents(db, { shopId: report.shopId, events: EVENTS, seed: SEED + 1, now: NOW });
    expect((await fingerprint(db, report.shopId)).events).not.toBe(before.events);
  });
});
