import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import {
  getDashboardSeries,
  getDashboardSummary,
  growthBp,
  previousOf,
  rangeOf,
  shiftLocal,
} from './dashboard.service';
import { queryRows } from '../../platform/db/rows';

const PASSWORD = 'dashboard-pass-1';

/**
 * The dashboard's figures against direct computations over the raw orders and events, at the
 * window edges that go wrong: local midnight in a zone 5:30 from UTC, a DST change, month ends,
 * 29 February and a year boundary.
 */
describe('dashboard', () => {
  let ctx: TestContext;
  let token = '';
  let ownerId = 0;
  let shopId = 0;
  let otherOwner = 0;
  let serial = 0;

  type Row = Record<string, unknown>;
  const rows = (query: ReturnType<typeof sql>): Promise<Row[]> => queryRows<Row>(ctx.database.db, query);

  /** A paid order of one item (`units` × `unit`, profit `profit` per unit), paid at `paidAt`. */
  async function paidOrder(
    paidAt: string,
    unit: number,
    profit: number,
    units = 1,
    shop = shopId,
    owner = ownerId,
  ) {
    serial += 1;
    const [order] = await rows(sql`
      insert into orders (order_no, shop_id, owner_user_id, status, buyer_email, shipping_address,
        total_minor, platform_minor, profit_minor, paid_at)
      values (${`LSDASH-${serial}`}, ${shop}, ${owner}, 1, 'b@example.com', '{}'::jsonb,
        ${unit * units}, ${(unit - profit) * units}, ${profit * units}, ${paidAt}::timestamptz)
      returning id`);
    await rows(sql`
      insert into order_items (order_id, product_id, title, quantity, platform_price_minor, selling_price_minor, profit_minor)
      values (${Number(order?.id)}, 1, 'T', ${units}, ${unit - profit}, ${unit}, ${profit})`);
    // Its profit credited to the ledger when paid, as `markPaid` does: the dashboard's earnings.
    await rows(sql`
      insert into ledger_entries (user_id, shop_id, kind, amount_minor, order_id, created_at)
      values (${owner}, ${shop}, 'sale', ${profit * units}, ${Number(order?.id)}, ${paidAt}::timestamptz)`);
  }

  async function shopViews(at: string, n: number) {
    await rows(sql`
      insert into event_rollups (shop_id, product_id, kind, bucket, count)
      values (${shopId}, 0, 'view', linkstore_quarter(${at}::timestamptz), ${n})
      on conflict on constraint event_rollups_pk do update set count = event_rollups.count + excluded.count`);
  }

  /** Profit and units of the shop's orders paid in [from, to), from the orders themselves. */
  async function direct(from: string, to: string) {
    const [row] = await rows(sql`
      select coalesce(sum(o.profit_minor), 0) as profit, coalesce(sum(o.total_minor), 0) as sales,
        coalesce(sum((select sum(quantity) from order_items i where i.order_id = o.id)), 0) as units, count(*) as orders
      from orders o where o.shop_id = ${shopId} and o.paid_at >= ${from}::timestamptz and o.paid_at < ${to}::timestamptz`);
    return {
      profit: Number(row?.profit),
      sales: Number(row?.sales),
      units: Number(row?.units),
      orders: Number(row?.orders),
    };
  }

  const get = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
    ownerId = await createUser(ctx.database.db, { username: 'dash-owner', password: PASSWORD });
    token = await accessTokenFor(ctx.app, 'dash-owner', PASSWORD);
    const res = await get('/api/v1/shop');
    expect(res.statusCode).toBeLessThan(500);
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/shop',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Dash', slug: 'dash-shop' },
    });
    shopId = Number(made.json<{ data: { id: string } }>().data.id);
    otherOwner = await createUser(ctx.database.db, { username: 'dash-other', password: PASSWORD });
    const [other] = await rows(
      sql`insert into shops (owner_user_id, slug, name) values (${otherOwner}, 'dash-other', 'O') returning id`,
    );
    // Someone else's sale at the same moments: never in this creator's figures.
    await paidOrder('2026-11-25T20:00:00Z', 99_999, 50_000, 1, Number(other?.id), otherOwner);

    // Asia/Kolkata is UTC+5:30: its 26 November starts at 2026-11-25T18:30:00Z.
    await paidOrder('2026-11-25T18:29:59.999Z', 1_000, 400); // 25 Nov, 23:59:59 local
    await paidOrder('2026-11-25T18:30:00Z', 2_000, 900, 2); // 26 Nov, 00:00 local
    await paidOrder('2026-11-26T05:00:00Z', 3_000, 1_000); // 26 Nov, 10:30 local
    await paidOrder('2026-11-25T06:00:00Z', 500, 100); // yesterday 11:30, after today's span
    await paidOrder('2026-11-25T05:20:00Z', 700, 300); // yesterday 10:50, within today's span
    await paidOrder('2026-11-19T04:00:00Z', 800, 200); // a week ago, same span
    await paidOrder('2026-10-26T01:00:00Z', 900, 450); // a month ago, same span
    await paidOrder('2025-11-26T03:00:00Z', 1_200, 600); // a year ago, same span
    await paidOrder('2025-12-31T18:29:00Z', 1_500, 700); // 31 Dec 2025 23:59 local
    await paidOrder('2025-12-31T18:30:00Z', 1_700, 800); // 1 Jan 2026 00:00 local
    // America/New_York falls back on 1 November 2026 at 02:00 EDT (06:00Z): that day has 25 hours.
    await paidOrder('2026-11-01T04:00:00Z', 100, 10); // 1 Nov 00:00 EDT
    await paidOrder('2026-11-02T04:59:00Z', 100, 20); // 1 Nov 23:59 EST
    await paidOrder('2026-11-02T05:00:00Z', 100, 40); // 2 Nov 00:00 EST
    // 29 February 2028 and a month end.
    await paidOrder('2028-02-29T12:00:00Z', 4_000, 2_000);
    await paidOrder('2028-03-01T00:00:00Z', 4_000, 1_000);
    await shopViews('2026-11-26T05:00:00Z', 8);
    await shopViews('2026-11-25T18:30:00Z', 2);
    await shopViews('2026-11-25T18:15:00Z', 100); // 25 Nov local
  });
  afterAll(() => ctx.close());

  it('growth is in basis points and null when the earlier window had nothing', () => {
    expect(growthBp(1_500, 1_000)).toBe(5_000);
    expect(growthBp(0, 1_000)).toBe(-10_000);
    expect(growthBp(1, 3)).toBe(-6_667);
    expect(growthBp(5, 0)).toBeNull();
  });

  it('ranges: whole local hours, days and months, and the same length before', () => {
    const local = '2026-03-01 10:50:00';
    expect(rangeOf({ series: 'earnings', range: '24h', tz: 'UTC' }, local)).toEqual({
      granularity: 'hour',
      localStart: '2026-02-28 11:00:00',
      buckets: 24,
    });
    expect(rangeOf({ series: 'earnings', range: '7d', tz: 'UTC' }, local).localStart).toBe(
      '2026-02-23 00:00:00',
    );
    const year = rangeOf({ series: 'earnings', range: 'year', tz: 'UTC' }, local);
    expect(year).toEqual({ granularity: 'month', localStart: '2025-04-01 00:00:00', buckets: 12 });
    expect(previousOf(year).localStart).toBe('2024-04-01 00:00:00');
    const custom = rangeOf(
      { series: 'clicks', range: 'custom', from: '2028-02-28', to: '2028-03-01', tz: 'UTC' },
      local,
    );
    expect(custom).toEqual({ granularity: 'day', localStart: '2028-02-28 00:00:00', buckets: 3 });
    expect(previousOf(custom).localStart).toBe('2028-02-25 00:00:00');
    expect(shiftLocal('2028-03-01 00:00:00', 'day', -1)).toBe('2028-02-29 00:00:00');
  });

  it('cards: today from local midnight, the past 7 days, all time, growth against the same span earlier', async () => {
    const now = new Date('2026-11-26T05:20:00Z'); // 10:50 in Kolkata
    const summary = await getDashboardSummary(ctx.database.db, ownerId, { tz: 'Asia/Kolkata' }, now);
    const end = '2026-11-26T05:30:00Z'; // the end of the current quarter hour
    const today = await direct('2026-11-25T18:30:00Z', end);
    expect(today.profit).toBe(1_800 + 1_000);
    expect(summary.earnings.today).toBe(today.profit);
    expect(summary.sales.today).toBe(today.sales);
    expect(summary.earnings.past7Days).toBe((await direct('2026-11-19T18:30:00Z', end)).profit);
    expect(summary.earnings.total).toBe(
      (await direct('2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z')).profit,
    );
    const yesterday = await direct('2026-11-24T18:30:00Z', '2026-11-25T05:30:00Z');
    expect(yesterday.profit).toBe(300);
    expect(summary.earnings.growth.yesterday).toBe(growthBp(today.profit, yesterday.profit));
    expect(summary.earnings.growth.lastWeek).toBe(
      growthBp(today.profit, (await direct('2026-11-18T18:30:00Z', '2026-11-19T05:30:00Z')).profit),
    );
    expect(summary.earnings.growth.lastMonth).toBe(
      growthBp(today.profit, (await direct('2026-10-25T18:30:00Z', '2026-10-26T05:30:00Z')).profit),
    );
    expect(summary.earnings.growth.lastYear).toBe(
      growthBp(today.profit, (await direct('2025-11-25T18:30:00Z', '2025-11-26T05:30:00Z')).profit),
    );
    expect(summary.currencyCode).toBe('USD');
  });

  it('a day is local: the year boundary in Kolkata, a 25-hour day in New York, 29 February', async () => {
    const kolkata = await getDashboardSeries(
      ctx.database.db,
      ownerId,
      { series: 'earnings', range: 'custom', from: '2025-12-31', to: '2026-01-01', tz: 'Asia/Kolkata' },
      new Date('2026-11-26T05:20:00Z'),
    );
    expect(kolkata.points.map((p) => [p.label, p.value])).toEqual([
      ['2025-12-31', 700],
      ['2026-01-01', 800],
    ]);
    expect(kolkata.points[0]?.start).toBe('2025-12-30T18:30:00.000Z');

    const newYork = await getDashboardSeries(
      ctx.database.db,
      ownerId,
      { series: 'earnings', range: 'custom', from: '2026-11-01', to: '2026-11-02', tz: 'America/New_York' },
      new Date('2026-11-26T05:20:00Z'),
    );
    expect(newYork.points.map((p) => [p.label, p.value])).toEqual([
      ['2026-11-01', (await direct('2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z')).profit],
      ['2026-11-02', (await direct('2026-11-02T05:00:00Z', '2026-11-03T05:00:00Z')).profit],
    ]);
    expect(newYork.points[0]?.value).toBe(30);

    const leap = await getDashboardSeries(
      ctx.database.db,
      ownerId,
      { series: 'sales', range: 'custom', from: '2028-02-28', to: '2028-03-01', tz: 'UTC' },
      new Date('2028-03-02T00:00:00Z'),
    );
    expect(leap.points.map((p) => [p.label, p.value])).toEqual([
      ['2028-02-28', 0],
      ['2028-02-29', 1],
      ['2028-03-01', 1],
    ]);
  });

  it('24 hours by local hour, clicks and conversion, and the range before', async () => {
    const now = new Date('2026-11-26T05:20:00Z');
    const hours = await getDashboardSeries(
      ctx.database.db,
      ownerId,
      { series: 'earnings', range: '24h', tz: 'Asia/Kolkata' },
      now,
    );
    expect(hours.granularity).toBe('hour');
    expect(hours.points).toHaveLength(24);
    expect(hours.points.at(-1)?.label).toBe('2026-11-26T10:00');
    expect(hours.points.at(-1)?.start).toBe('2026-11-26T04:30:00.000Z');
    expect(hours.points.reduce((n, p) => n + p.value, 0)).toBe(
      (await direct('2026-11-25T05:30:00Z', '2026-11-26T05:30:00Z')).profit,
    );
    expect(hours.points.reduce((n, p) => n + p.previous, 0)).toBe(
      (await direct('2026-11-24T05:30:00Z', '2026-11-25T05:30:00Z')).profit,
    );
    const clicks = await getDashboardSeries(
      ctx.database.db,
      ownerId,
      { series: 'clicks', range: '7d', tz: 'Asia/Kolkata' },
      now,
    );
    expect(clicks.points.map((p) => p.value).slice(-2)).toEqual([100, 10]);
    const conversion = await getDashboardSeries(
      ctx.database.db,
      ownerId,
      { series: 'conversion', range: '7d', tz: 'Asia/Kolkata' },
      now,
    );
    // 25 Nov: 3 orders for 100 clicks = 3 %; 26 Nov: 2 orders for 10 clicks = 20 %.
    expect(conversion.points.map((p) => p.value).slice(-2)).toEqual([300, 2_000]);
    expect(conversion.points[0]?.value).toBe(0);
  });

  it('answers the caller only, and refuses bad queries with field errors', async () => {
    const ok = await get('/api/v1/dashboard?tz=Asia%2FKolkata');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: { earnings: { total: number } } }>().data.earnings.total).toBe(
      (await direct('2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z')).profit,
    );
    const bad = async (url: string, field: string) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json()), url).toContain(field);
    };
    await bad('/api/v1/dashboard?tz=Mars%2FOlympus', 'tz');
    await bad('/api/v1/dashboard', 'tz');
    await bad('/api/v1/dashboard/series?series=earnings&range=custom&tz=UTC', 'from');
    await bad(
      '/api/v1/dashboard/series?series=earnings&range=custom&from=2026-02-01&to=2026-01-01&tz=UTC',
      'to',
    );
    await bad(
      '/api/v1/dashboard/series?series=earnings&range=custom&from=2025-01-01&to=2026-01-02&tz=UTC',
      'to',
    );
    await bad('/api/v1/dashboard/series?series=likes&range=7d&tz=UTC', 'series');
    await bad('/api/v1/dashboard/series?series=earnings&range=decade&tz=UTC', 'range');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard?tz=UTC' });
    expect(anonymous.statusCode).toBe(401);
    const none = await getDashboardSummary(ctx.database.db, otherOwner + 1_000, { tz: 'UTC' });
    expect(none.earnings.total).toBe(0);
  });
});
