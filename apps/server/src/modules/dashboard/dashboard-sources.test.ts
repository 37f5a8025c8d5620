import {
  DASHBOARD_TOP_SOURCES,
  MIN_VIEWS_FOR_CONVERSION,
  type TDashboardSeriesName,
  type TDashboardSources,
} from '@linkstore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductOnSale } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { getDashboardProducts, getDashboardSources } from './dashboard.service';
import { queryRows } from '../../platform/db/rows';

const PASSWORD = 'dashboard-pass-2';
/** 10:50 in Kolkata (UTC+5:30) on 26 November 2026. */
const NOW = new Date('2026-11-26T05:20:00Z');
const TZ = 'Asia/Kolkata';
const USER_SOURCES = ['default', 'tiktok', 'instagram', 'youtube', 'facebook', 'x', 'pinterest', 'snap'];
const PAGE_SOURCES = ['', 'bio', 'story', 'post'];

/** A small seeded generator (mulberry32): the same data on every run and both databases. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The local day of a moment in `tz`, by the runtime's zone rules (not the database's). */
const localDay = (at: Date, tz = TZ) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

interface RawOrder {
  paidAt: Date;
  userSource: string;
  pageSource: string;
  total: number;
  profit: number;
  units: number;
}
interface RawEvent {
  at: Date;
  productId: number;
  userSource: string;
  pageSource: string;
  count: number;
}

/**
 * Traffic sources and top products against direct computations over generated raw rows: orders
 * written as rows (counted by the database's triggers) and read back as rows, storefront views as
 * a list written into the roll-ups the way ingestion sums them.
 */
describe('dashboard: traffic sources and top products', () => {
  let ctx: TestContext;
  let token = '';
  let ownerId = 0;
  let shopId = 0;
  let otherShopId = 0;
  let otherOwner = 0;
  let productIds: number[] = [];
  const events: RawEvent[] = [];

  type Row = Record<string, unknown>;
  const rows = (query: ReturnType<typeof sql>): Promise<Row[]> => queryRows<Row>(ctx.database.db, query);
  const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

  let serial = 0;
  async function paidOrder(
    shop: number,
    owner: number,
    paidAt: Date,
    sources: [string, string],
    items: { productId: number; units: number; unit: number; profit: number }[],
  ) {
    serial += 1;
    const total = items.reduce((n, i) => n + i.unit * i.units, 0);
    const profit = items.reduce((n, i) => n + i.profit * i.units, 0);
    // Written unpaid, its items added, then paid: the way checkout does (the order trigger counts all).
    const [order] = await rows(sql`
      insert into orders (order_no, shop_id, owner_user_id, status, buyer_email, shipping_address,
        total_minor, platform_minor, profit_minor, user_source, page_source)
      values (${`LSSRC-${serial}`}, ${shop}, ${owner}, 0, 'b@example.com', '{}'::jsonb,
        ${total}, ${total - profit}, ${profit}, ${sources[0]}, ${sources[1]})
      returning id`);
    const orderId = Number(order?.id);
    for (const item of items) {
      await rows(sql`
        insert into order_items (order_id, product_id, title, quantity, platform_price_minor, selling_price_minor, profit_minor)
        values (${orderId}, ${item.productId}, 'T', ${item.units}, ${item.unit - item.profit}, ${item.unit}, ${item.profit})`);
    }
    await rows(
      sql`update orders set status = 1, paid_at = ${paidAt.toISOString()}::timestamptz where id = ${orderId}`,
    );
    // Its profit credited to the ledger when paid, as `markPaid` does: the dashboard's earnings.
    await rows(sql`
      insert into ledger_entries (user_id, shop_id, kind, amount_minor, order_id, created_at)
      values (${owner}, ${shop}, 'sale', ${profit}, ${orderId}, ${paidAt.toISOString()}::timestamptz)`);
  }

  /** Views summed per quarter hour into the roll-ups, as the storefront's ingestion writes them. */
  async function writeViews(shop: number, list: RawEvent[]) {
    for (const e of list) {
      await rows(sql`
        insert into event_rollups (shop_id, product_id, kind, user_source, page_source, bucket, count)
        values (${shop}, ${e.productId}, 'view', ${e.userSource}, ${e.pageSource},
          linkstore_quarter(${e.at.toISOString()}::timestamptz), ${e.count})
        on conflict on constraint event_rollups_pk do update set count = event_rollups.count + excluded.count`);
    }
  }

  /** The shop's paid orders as rows, with their items' units. */
  async function rawOrders(shop = shopId): Promise<RawOrder[]> {
    const found = await rows(sql`
      select o.paid_at, o.user_source, o.page_source, o.total_minor, o.profit_minor,
        coalesce((select sum(quantity) from order_items i where i.order_id = o.id), 0) as units
      from orders o where o.shop_id = ${shop} and o.paid_at is not null`);
    return found.map((r) => ({
      paidAt: new Date(String(r.paid_at instanceof Date ? r.paid_at.toISOString() : r.paid_at)),
      userSource: String(r.user_source),
      pageSource: String(r.page_source),
      total: Number(r.total_minor),
      profit: Number(r.profit_minor),
      units: Number(r.units),
    }));
  }

  beforeAll(async () => {
    ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
    const db = ctx.database.db;
    ownerId = await createUser(db, { username: 'src-owner', password: PASSWORD });
    token = await accessTokenFor(ctx.app, 'src-owner', PASSWORD);
    const made = await call('GET', '/api/v1/shop');
    expect(made.statusCode).toBeLessThan(500);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/shop',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Sources', slug: 'src-shop' },
    });
    shopId = Number(created.json<{ data: { id: string } }>().data.id);
    otherOwner = await createUser(db, { username: 'src-other', password: PASSWORD });
    const [other] = await rows(
      sql`insert into shops (owner_user_id, slug, name) values (${otherOwner}, 'src-other', 'O') returning id`,
    );
    otherShopId = Number(other?.id);
    productIds = [];
    for (let p = 0; p < 12; p += 1) {
      productIds.push(
        await addProductOnSale(db, {
          category: `Src ${p % 3}`,
          title: `Product ${p}`,
          costMinor: 500,
          stock: 99,
        }),
      );
    }
    await rows(
      sql`update products set titles = '{"es": "Producto 0"}'::jsonb where id = ${productIds[0] ?? 0}`,
    );
    await rows(
      sql`insert into product_images (product_id, url, sort) values (${productIds[0] ?? 0}, '/img/p0-b.png', 2), (${productIds[0] ?? 0}, '/img/p0-a.png', 1)`,
    );

    const next = random(18_021);
    const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
    // 12 days before NOW to 2 hours after it (a paid time ahead of now is still counted by its bucket).
    const span = 12 * 86_400_000;
    for (let n = 0; n < 90; n += 1) {
      const paidAt = new Date(NOW.getTime() - span + Math.floor(next() * (span + 2 * 3_600_000)));
      // Sources skewed: the first ones sell most, so the top N is not a tie.
      const userSource = USER_SOURCES[Math.floor(next() ** 2 * USER_SOURCES.length)] ?? 'default';
      const items = Array.from({ length: 1 + Math.floor(next() * 2) }, () => {
        const unit = 500 + Math.floor(next() * 5_000);
        return {
          productId: productIds[Math.floor(next() ** 1.5 * productIds.length)] ?? 0,
          units: 1 + Math.floor(next() * 3),
          unit,
          profit: Math.floor(unit / 3),
        };
      });
      // Distinct products per order (an order's product row counts the order once).
      const byProduct = new Map(items.map((i) => [i.productId, i]));
      await paidOrder(shopId, ownerId, paidAt, [userSource, pick(PAGE_SOURCES)], [...byProduct.values()]);
    }
    // Quarter-hour boundaries of Kolkata's midnight: 25 Nov 23:59:59.999 and 26 Nov 00:00 local.
    await paidOrder(
      shopId,
      ownerId,
      new Date('2026-11-25T18:29:59.999Z'),
      ['tiktok', 'bio'],
      [{ productId: productIds[1] ?? 0, units: 1, unit: 1_000, profit: 300 }],
    );
    await paidOrder(
      shopId,
      ownerId,
      new Date('2026-11-25T18:30:00Z'),
      ['tiktok', 'bio'],
      [{ productId: productIds[1] ?? 0, units: 2, unit: 1_000, profit: 300 }],
    );
    // Another creator's sales and views from the same sources: never in this creator's figures.
    await paidOrder(
      otherShopId,
      otherOwner,
      new Date('2026-11-25T12:00:00Z'),
      ['tiktok', 'bio'],
      [{ productId: productIds[0] ?? 0, units: 5, unit: 90_000, profit: 40_000 }],
    );
    await writeViews(otherShopId, [
      {
        at: new Date('2026-11-25T12:00:00Z'),
        productId: 0,
        userSource: 'tiktok',
        pageSource: 'bio',
        count: 500,
      },
      {
        at: new Date('2026-11-25T12:00:00Z'),
        productId: productIds[0] ?? 0,
        userSource: 'tiktok',
        pageSource: 'bio',
        count: 500,
      },
    ]);

    for (let n = 0; n < 400; n += 1) {
      const at = new Date(NOW.getTime() - span + Math.floor(next() * span));
      const shopLevel = next() < 0.5;
      events.push({
        at,
        productId: shopLevel ? 0 : (productIds[Math.floor(next() * productIds.length)] ?? 0),
        userSource: USER_SOURCES[Math.floor(next() ** 2 * USER_SOURCES.length)] ?? 'default',
        pageSource: pick(PAGE_SOURCES),
        count: 1 + Math.floor(next() * 4),
      });
    }
    await writeViews(shopId, events);
  }, 120_000);
  afterAll(() => ctx.close());

  /** Per source and local day of [from, to]: orders, units, sales, earnings and clicks. */
  async function directByDay(by: 'userSource' | 'pageSource', days: string[]) {
    const tally = new Map<
      string,
      { orders: number; units: number; sales: number; earnings: number; clicks: number }[]
    >();
    const slot = (source: string) => {
      let list = tally.get(source);
      if (!list) {
        list = days.map(() => ({ orders: 0, units: 0, sales: 0, earnings: 0, clicks: 0 }));
        tally.set(source, list);
      }
      return list;
    };
    for (const o of await rawOrders()) {
      const k = days.indexOf(localDay(o.paidAt));
      if (k < 0) continue;
      const t = slot(o[by])[k];
      if (!t) continue;
      t.orders += 1;
      t.units += o.units;
      t.sales += o.total;
      t.earnings += o.profit;
    }
    for (const e of events) {
      const k = days.indexOf(localDay(e.at));
      if (k < 0 || e.productId !== 0) continue;
      const t = slot(e[by])[k];
      if (t) t.clicks += e.count;
    }
    return tally;
  }

  const valueOf = (
    series: TDashboardSeriesName,
    t: { orders: number; units: number; earnings: number; clicks: number },
  ) =>
    series === 'earnings'
      ? t.earnings
      : series === 'sales'
        ? t.units
        : series === 'clicks'
          ? t.clicks
          : t.clicks === 0
            ? 0
            : Math.round((t.orders * 10_000) / t.clicks);

  const sevenDays = [
    '2026-11-20',
    '2026-11-21',
    '2026-11-22',
    '2026-11-23',
    '2026-11-24',
    '2026-11-25',
    '2026-11-26',
  ];

  it.each(['earnings', 'clicks', 'sales', 'conversion'] as const)(
    'by user_source, 7 local days, %s: the top sources and the rest summed, per day as counted from the rows',
    async (series) => {
      const answer = await getDashboardSources(
        ctx.database.db,
        ownerId,
        { by: 'user_source', series, range: '7d', tz: TZ },
        NOW,
      );
      expect(answer.buckets.map((b) => b.label)).toEqual(sevenDays);
      expect(answer.buckets[0]?.start).toBe('2026-11-19T18:30:00.000Z');
      const direct = await directByDay('userSource', sevenDays);
      const totals = [...direct.entries()].map(([source, list]) => {
        const total = list.reduce(
          (n, t) => ({
            orders: n.orders + t.orders,
            units: n.units + t.units,
            sales: n.sales + t.sales,
            earnings: n.earnings + t.earnings,
            clicks: n.clicks + t.clicks,
          }),
          { orders: 0, units: 0, sales: 0, earnings: 0, clicks: 0 },
        );
        return { source, total, list };
      });
      const measure = (t: (typeof totals)[number]['total']) =>
        series === 'conversion' ? [t.orders, t.clicks] : [valueOf(series, t), t.orders];
      totals.sort((a, b) => {
        const [a1 = 0, a2 = 0] = measure(a.total);
        const [b1 = 0, b2 = 0] = measure(b.total);
        return b1 - a1 || b2 - a2 || (a.source < b.source ? -1 : 1);
      });
      expect(totals.length).toBeGreaterThan(DASHBOARD_TOP_SOURCES);
      const named = totals.slice(0, DASHBOARD_TOP_SOURCES);
      expect(answer.sources.map((s) => s.source)).toEqual([...named.map((s) => s.source), null]);
      for (const expected of named) {
        const got = answer.sources.find((s) => s.source === expected.source);
        expect(got, expected.source).toMatchObject({
          orders: expected.total.orders,
          units: expected.total.units,
          sales: expected.total.sales,
          earnings: expected.total.earnings,
          clicks: expected.total.clicks,
          conversion: valueOf('conversion', expected.total),
        });
        expect(got?.points).toEqual(expected.list.map((t) => valueOf(series, t)));
      }
      // "Other": every remaining source summed, day by day (conversion from the summed counts).
      const rest = totals.slice(DASHBOARD_TOP_SOURCES);
      const other = answer.sources.at(-1);
      expect(other?.orders).toBe(rest.reduce((n, s) => n + s.total.orders, 0));
      expect(other?.clicks).toBe(rest.reduce((n, s) => n + s.total.clicks, 0));
      expect(other?.points).toEqual(
        sevenDays.map((_, k) =>
          valueOf(
            series,
            rest.reduce(
              (n, s) => {
                const t = s.list[k];
                return {
                  orders: n.orders + (t?.orders ?? 0),
                  units: n.units + (t?.units ?? 0),
                  earnings: n.earnings + (t?.earnings ?? 0),
                  clicks: n.clicks + (t?.clicks ?? 0),
                };
              },
              { orders: 0, units: 0, earnings: 0, clicks: 0 },
            ),
          ),
        ),
      );
      // Every source's orders together are the shop's orders in the range.
      const all = (await rawOrders()).filter((o) => sevenDays.includes(localDay(o.paidAt)));
      expect(answer.sources.reduce((n, s) => n + s.orders, 0)).toBe(all.length);
    },
  );

  it('by page_source over a custom range across Kolkata midnight, the empty page source named as it is', async () => {
    const days = ['2026-11-25', '2026-11-26'];
    const answer = await getDashboardSources(
      ctx.database.db,
      ownerId,
      { by: 'page_source', series: 'earnings', range: 'custom', from: days[0], to: days[1], tz: TZ },
      NOW,
    );
    const direct = await directByDay('pageSource', days);
    expect(direct.size).toBeLessThanOrEqual(DASHBOARD_TOP_SOURCES);
    expect(new Set(answer.sources.map((s) => s.source))).toEqual(new Set(direct.keys()));
    expect(answer.sources.some((s) => s.source === '')).toBe(true);
    for (const [source, list] of direct) {
      const got = answer.sources.find((s) => s.source === source);
      expect(got?.points, source).toEqual(list.map((t) => t.earnings));
    }
    // The two orders either side of midnight fall on either day.
    const bio = answer.sources.find((s) => s.source === 'bio');
    const bioDirect = direct.get('bio');
    expect(bio?.points).toEqual(bioDirect?.map((t) => t.earnings));
  });

  it('an hour by hour day in another zone: the same orders regrouped', async () => {
    const answer = await getDashboardSources(
      ctx.database.db,
      ownerId,
      { by: 'user_source', series: 'sales', range: '24h', tz: 'America/New_York' },
      NOW,
    );
    expect(answer.granularity).toBe('hour');
    expect(answer.buckets).toHaveLength(24);
    const from = new Date(answer.buckets[0]?.start ?? '');
    const to = new Date(from.getTime() + 24 * 3_600_000);
    const units = (await rawOrders())
      .filter((o) => o.paidAt >= from && o.paidAt < to)
      .reduce((n, o) => n + o.units, 0);
    expect(answer.sources.reduce((n, s) => n + s.points.reduce((m, v) => m + v, 0), 0)).toBe(units);
  });

  async function directProducts(days: string[]) {
    const found = await rows(sql`
      select o.paid_at, i.order_id, i.product_id, i.quantity, i.selling_price_minor
      from order_items i join orders o on o.id = i.order_id
      where o.shop_id = ${shopId} and o.paid_at is not null`);
    const per = new Map<number, { orders: Set<number>; units: number; sales: number; views: number }>();
    const slot = (id: number) => {
      let p = per.get(id);
      if (!p) {
        p = { orders: new Set(), units: 0, sales: 0, views: 0 };
        per.set(id, p);
      }
      return p;
    };
    for (const r of found) {
      const at = new Date(r.paid_at instanceof Date ? r.paid_at.toISOString() : String(r.paid_at));
      if (!days.includes(localDay(at))) continue;
      const p = slot(Number(r.product_id));
      p.orders.add(Number(r.order_id));
      p.units += Number(r.quantity);
      p.sales += Number(r.quantity) * Number(r.selling_price_minor);
    }
    for (const e of events)
      if (e.productId !== 0 && days.includes(localDay(e.at))) slot(e.productId).views += e.count;
    return [...per.entries()].map(([productId, p]) => ({
      productId: String(productId),
      orders: p.orders.size,
      units: p.units,
      sales: p.sales,
      views: p.views,
      conversion: p.views === 0 ? 0 : Math.round((p.orders.size * 10_000) / p.views),
    }));
  }

  it('top products by revenue: sales, orders and units as counted from the items, most first', async () => {
    const answer = await getDashboardProducts(
      ctx.database.db,
      ownerId,
      'es',
      { by: 'revenue', range: '7d', tz: TZ },
      NOW,
    );
    const direct = (await directProducts(sevenDays))
      .filter((p) => p.sales > 0)
      .sort((a, b) => b.sales - a.sales || b.orders - a.orders || Number(a.productId) - Number(b.productId))
      .slice(0, 10);
    expect(direct.length).toBeGreaterThan(3);
    expect(answer.products.map(({ title: _t, imageUrl: _i, variants: _v, ...figures }) => figures)).toEqual(
      direct,
    );
    const first = answer.products.find((p) => p.productId === String(productIds[0]));
    if (first) {
      expect(first.title).toBe('Producto 0');
      expect(first.imageUrl).toBe('/img/p0-a.png');
    }
    const other = answer.products.find((p) => p.productId !== String(productIds[0]));
    expect(other?.title).toMatch(/^Product \d+$/);
    expect(other?.imageUrl).toBeNull();
  });

  it(`top products by conversion: orders per view, only with ${MIN_VIEWS_FOR_CONVERSION} views or more`, async () => {
    const days = sevenDays;
    const answer = await getDashboardProducts(
      ctx.database.db,
      ownerId,
      'en',
      { by: 'conversion', range: '7d', tz: TZ },
      NOW,
    );
    const all = await directProducts(days);
    const direct = all
      .filter((p) => p.views >= MIN_VIEWS_FOR_CONVERSION && p.orders > 0)
      .sort(
        (a, b) =>
          b.orders / b.views - a.orders / a.views ||
          b.orders - a.orders ||
          Number(a.productId) - Number(b.productId),
      )
      .slice(0, 10);
    // The data has products on both sides of the minimum.
    expect(all.some((p) => p.orders > 0 && p.views > 0 && p.views < MIN_VIEWS_FOR_CONVERSION)).toBe(true);
    expect(direct.length).toBeGreaterThan(1);
    expect(answer.minViews).toBe(MIN_VIEWS_FOR_CONVERSION);
    expect(answer.products.map(({ title: _t, imageUrl: _i, variants: _v, ...figures }) => figures)).toEqual(
      direct,
    );
  });

  it('through HTTP: the caller only, translated field errors for bad input', async () => {
    const res = await call(
      'GET',
      `/api/v1/dashboard/sources?by=user_source&range=year&tz=UTC&shopId=${otherShopId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: TDashboardSources }>().data;
    expect(data.series).toBe('earnings');
    const mine = (await rawOrders()).reduce((n, o) => n + o.profit, 0);
    const theirs = (await rawOrders(otherShopId)).reduce((n, o) => n + o.profit, 0);
    expect(data.sources.reduce((n, s) => n + s.earnings, 0)).toBe(mine);
    expect(mine).not.toBe(theirs);
    const products = await call('GET', '/api/v1/dashboard/products?by=revenue&range=year&tz=UTC');
    expect(products.statusCode).toBe(200);
    expect(
      products
        .json<{ data: { products: { sales: number }[] } }>()
        .data.products.every((p) => p.sales < 90_000 * 5),
    ).toBe(true);

    const bad = async (url: string, field: string) => {
      const answer = await call('GET', url);
      expect(answer.statusCode, url).toBe(400);
      const body = JSON.stringify(answer.json());
      expect(body, url).toContain(field);
      return body;
    };
    await bad('/api/v1/dashboard/sources?by=referrer&range=7d&tz=UTC', 'by');
    await bad('/api/v1/dashboard/sources?range=7d&tz=UTC', 'by');
    await bad('/api/v1/dashboard/sources?by=user_source&series=likes&range=7d&tz=UTC', 'series');
    await bad('/api/v1/dashboard/sources?by=user_source&range=decade&tz=UTC', 'range');
    await bad(
      '/api/v1/dashboard/sources?by=user_source&range=custom&from=2026-02-01&to=2026-01-01&tz=UTC',
      'to',
    );
    await bad('/api/v1/dashboard/sources?by=user_source&range=7d&tz=Mars%2FOlympus', 'tz');
    await bad('/api/v1/dashboard/products?by=likes&range=7d&tz=UTC', 'by');
    await bad(
      '/api/v1/dashboard/products?by=revenue&range=custom&from=2025-01-01&to=2026-01-02&tz=UTC',
      'to',
    );
    const spanish = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/sources?by=referrer&range=7d&tz=UTC',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'es' },
    });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.body).not.toBe(
      (await call('GET', '/api/v1/dashboard/sources?by=referrer&range=7d&tz=UTC')).body,
    );
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/sources?by=user_source&range=7d&tz=UTC',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the time zone is a profile setting: saved, answered by /users/me, cleared; unknown zones refused', async () => {
    const me = async () =>
      (await call('GET', '/api/v1/users/me')).json<{ data: { timeZone: string | null } }>().data.timeZone;
    expect(await me()).toBeNull();
    const saved = await call('PUT', '/api/v1/users/me/time-zone', { timeZone: 'Asia/Kolkata' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await me()).toBe('Asia/Kolkata');
    for (const timeZone of ['Mars/Olympus', '<script>', '', 42]) {
      const refused = await call('PUT', '/api/v1/users/me/time-zone', { timeZone });
      expect(refused.statusCode, String(timeZone)).toBe(400);
      expect(refused.body).toContain('timeZone');
    }
    expect(await me()).toBe('Asia/Kolkata');
    const [other] = await rows(sql`select time_zone from users where id = ${otherOwner}`);
    expect(other?.time_zone).toBeNull();
    const cleared = await call('PUT', '/api/v1/users/me/time-zone', { timeZone: null });
    expect(cleared.statusCode).toBe(200);
    expect(await me()).toBeNull();
  });
});
