import { ErrorCode, type TStorefrontEventBatch } from '@linkstore/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../platform/db/database';
import { createTestApp, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';
import { categories, products } from '../catalog/catalog.table';
import { eventRollups, shopEventIds, shopEvents } from './shop-events.table';
import {
  createShopEventsService,
  EVENT_BATCHES_PER_MINUTE,
  eventBatchRows,
  eventLimitKey,
  eventTime,
  SHOP_EVENT_IDS_KEEP_DAYS,
  SHOP_EVENTS_RETENTION_DAYS,
} from './shop-events.service';
import { shopProductStats, shops } from '../shops/shops.table';
import { queryRows } from '../../platform/db/rows';

const NOW = new Date('2026-11-22T10:30:00Z');
const DAY_MS = 86_400_000;
/** A valid event id (16–32 base64url characters) made of a label. */
const eid = (label: string | number) => `ev-${label}`.padEnd(16, '_');

describe('eventBatchRows', () => {
  const batch = (events: TStorefrontEventBatch['events']): TStorefrontEventBatch => ({
    shop: 'anna-shop',
    userSource: 'ig',
    pageSource: 'bio',
    events,
  });

  it('keeps times of the last day, counts up to a day ahead as now, drops the rest', () => {
    expect(eventTime('2026-11-22T11:00:00Z', NOW)).toEqual(NOW);
    expect(eventTime('2026-11-23T10:30:00Z', NOW)).toEqual(NOW);
    expect(eventTime('2026-11-23T10:31:00Z', NOW)).toBeUndefined();
    expect(eventTime('2026-11-21T10:30:00Z', NOW)).toEqual(new Date('2026-11-21T10:30:00Z'));
    expect(eventTime('2026-11-21T10:29:59Z', NOW)).toBeUndefined();
    expect(eventTime('2026-11-01T00:00:00Z', NOW)).toBeUndefined();
    expect(eventTime('2026-11-22T10:00:00+02:00', NOW)).toEqual(new Date('2026-11-22T08:00:00Z'));
  });

  it('counts each kept event once per quarter hour, kind and product; drops unknown products, repeated ids, late events', () => {
    const rows = eventBatchRows(
      7,
      batch([
        { kind: 'view', id: eid(1), at: '2026-11-22T10:01:00Z' },
        { kind: 'view', id: eid(2), productId: '5', at: '2026-11-22T10:02:00Z' },
        { kind: 'view', id: eid(3), productId: '5', at: '2026-11-22T10:03:00Z' },
        { kind: 'view', id: eid(3), productId: '5', at: '2026-11-22T10:03:00Z' },
        { kind: 'view', id: eid(4), productId: '5', at: '2026-11-22T10:15:00Z' },
        { kind: 'view', id: eid(5), productId: '5', at: '2026-11-22T09:59:00Z' },
        { kind: 'click', id: eid(6), productId: '5', at: '2026-11-22T10:04:00Z' },
        { kind: 'cart', id: eid(7), productId: '6', at: '2026-11-22T10:05:00Z' },
        { kind: 'click', id: eid(8), productId: '99', at: '2026-11-22T10:06:00Z' },
        { kind: 'click', id: eid(9), productId: '5', at: '2026-11-20T10:06:00Z' },
      ]),
      new Set([5, 6]),
      NOW,
    );
    expect(rows.events.map((e) => e.eventId)).toEqual([1, 2, 3, 4, 5, 6, 7].map(eid));
    expect(rows.events.every((e) => e.shopId === 7 && e.userSource === 'ig' && e.pageSource === 'bio')).toBe(
      true,
    );
    const counts = rows.rollups.map((r) => [r.productId, r.kind, r.bucket?.toISOString(), r.count]);
    expect(counts).toEqual([
      [0, 'view', '2026-11-22T10:00:00.000Z', 1],
      [5, 'view', '2026-11-22T10:00:00.000Z', 2],
      [5, 'view', '2026-11-22T10:15:00.000Z', 1],
      [5, 'view', '2026-11-22T09:45:00.000Z', 1],
      [5, 'click', '2026-11-22T10:00:00.000Z', 1],
      [6, 'cart', '2026-11-22T10:00:00.000Z', 1],
    ]);
    expect(rows.stats).toEqual([
      { shopId: 7, productId: 5, views: 4, clicks: 1, addToCarts: 0 },
      { shopId: 7, productId: 6, views: 0, clicks: 0, addToCarts: 1 },
    ]);
  });
});

async function one<T>(db: AppDatabase, query: SQL): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  if (!row) throw new Error('no row');
  return row;
}

describe('POST /api/v1/public/events', () => {
  let ctx: TestContext;
  let shopId = 0;
  const productIds: number[] = [];

  const post = (payload: unknown, ip = '203.0.113.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/events',
      payload: payload as object,
      remoteAddress: ip,
    });

  const newShop = async (slug: string) => {
    const db = ctx.database.db;
    const ownerUserId = await createUser(db, { username: `${slug}-owner` });
    const [shop] = await db.insert(shops).values({ ownerUserId, slug, name: slug }).returning();
    return shop?.id ?? 0;
  };

  const service = (flushMs: number) =>
    createShopEventsService({
      db: ctx.database.db,
      limiter: ctx.app.limiter,
      changes: ctx.app.changes,
      flushMs,
      log: ctx.app.log,
    });

  /** A shop's roll-ups and counters against a direct count over its raw rows. */
  const tally = (id: number) =>
    one<{ raw: number; distinct_ids: number; rollup: number; stats: number; raw_products: number }>(
      ctx.database.db,
      sql`select
        (select count(*)::int from shop_events where shop_id = ${id}) as raw,
        (select count(distinct event_id)::int from shop_events where shop_id = ${id}) as distinct_ids,
        (select coalesce(sum(count), 0)::int from event_rollups where shop_id = ${id}) as rollup,
        (select coalesce(sum(views + clicks + add_to_carts), 0)::int from shop_product_stats where shop_id = ${id}) as stats,
        (select count(*)::int from shop_events where shop_id = ${id} and product_id <> 0) as raw_products`,
    );

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    shopId = await newShop('events-shop');
    const [top] = await db.insert(categories).values({ name: 'T' }).returning();
    const [sub] = await db
      .insert(categories)
      .values({ name: 'S', parentId: top?.id ?? 0 })
      .returning();
    const rows = await db
      .insert(products)
      .values([1, 2].map((n) => ({ categoryId: sub?.id ?? 0, title: `P${n}`, platformPriceMinor: 100 })))
      .returning({ id: products.id });
    productIds.push(...rows.map((r) => r.id));
  });
  afterAll(() => ctx.close());

  it('records a batch once in the events, the quarter-hour roll-ups and the product counters; the same batch again counts nothing', async () => {
    const [p1, p2] = productIds.map(String);
    const at = new Date().toISOString();
    const payload = {
      shop: 'events-shop',
      userSource: 'tiktok',
      events: [
        { kind: 'view', id: eid('a1'), at },
        { kind: 'view', id: eid('a2'), productId: p1, at },
        { kind: 'click', id: eid('a3'), productId: p1, at },
        { kind: 'cart', id: eid('a4'), productId: p2, at },
        { kind: 'view', id: eid('a5'), productId: '999999', at },
      ],
    };
    for (let round = 0; round < 2; round += 1) {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ accepted: 4 });
    }
    const db = ctx.database.db;
    const raw = await db.select().from(shopEvents).where(eq(shopEvents.shopId, shopId));
    expect(raw.map((e) => e.eventId).sort()).toEqual(['a1', 'a2', 'a3', 'a4'].map(eid));
    const rollups = await db.select().from(eventRollups).where(eq(eventRollups.shopId, shopId));
    expect(rollups.reduce((n, r) => n + r.count, 0)).toBe(4);
    expect(rollups.every((r) => r.userSource === 'tiktok' && r.pageSource === '')).toBe(true);
    const stats = await db.select().from(shopProductStats).where(eq(shopProductStats.shopId, shopId));
    expect(stats.map((s) => [s.productId, s.views, s.clicks, s.addToCarts]).sort()).toEqual(
      [
        [productIds[0], 1, 1, 0],
        [productIds[1], 0, 0, 1],
      ].sort(),
    );
  });

  it('counts an id once however it repeats: inside a batch, across batches of one flush, across two processes', async () => {
    const id = await newShop('dedupe-shop');
    const [p1, p2] = productIds.map(String);
    const at = new Date().toISOString();
    const ev = (n: number) =>
      ({ kind: n % 3 === 0 ? 'cart' : 'view', id: eid(`d${n}`), productId: n % 2 ? p1 : p2, at }) as const;
    const batchOf = (ns: number[]): TStorefrontEventBatch => ({
      shop: 'dedupe-shop',
      userSource: 'instagram',
      pageSource: 'bio',
      events: ns.map(ev),
    });
    // Inside one batch (written at once).
    const direct = await post(batchOf([1, 2, 2, 3, 1, 1]));
    expect(direct.json().data).toEqual({ accepted: 3 });
    // Two "processes", each buffering batches that repeat each other and the batch above.
    const first = service(60_000);
    const second = service(60_000);
    await first.record('192.0.2.1', batchOf([3, 4, 5, 4]));
    await first.record('192.0.2.2', batchOf([5, 6, 7]));
    await second.record('192.0.2.3', batchOf([1, 6, 7, 8]));
    await second.record('192.0.2.4', batchOf([8, 9, 9, 2]));
    await Promise.all([first.close(), second.close()]);
    // And again, after both flushed.
    expect((await post(batchOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))).statusCode).toBe(200);
    const sent = 10;
    expect(await tally(id)).toEqual({
      raw: sent,
      distinct_ids: sent,
      rollup: sent,
      stats: sent,
      raw_products: sent,
    });
    const views = await ctx.database.db
      .select()
      .from(shopProductStats)
      .where(eq(shopProductStats.shopId, id));
    const expected = (pid: string) => {
      const ns = Array.from({ length: sent }, (_, i) => i + 1).filter((n) => ev(n).productId === pid);
      return { views: ns.filter((n) => n % 3 !== 0).length, carts: ns.filter((n) => n % 3 === 0).length };
    };
    expect(views.map((s) => [s.productId, { views: s.views, carts: s.addToCarts }]).sort()).toEqual(
      [
        [productIds[0], expected(p1 ?? '')],
        [productIds[1], expected(p2 ?? '')],
      ].sort(),
    );
    const ids = await ctx.database.db.select().from(shopEventIds).where(eq(shopEventIds.shopId, id));
    expect(ids).toHaveLength(sent);
  });

  it('one shop counting an id does not stop another shop counting the same id', async () => {
    const a = await newShop('id-shop-a');
    const b = await newShop('id-shop-b');
    const at = new Date().toISOString();
    for (const slug of ['id-shop-a', 'id-shop-b']) {
      expect((await post({ shop: slug, events: [{ kind: 'view', id: eid('shared'), at }] })).statusCode).toBe(
        200,
      );
    }
    expect((await tally(a)).rollup).toBe(1);
    expect((await tally(b)).rollup).toBe(1);
  });

  it('drops events more than a day late or ahead, counts a little ahead as now, changes nothing for bad input', async () => {
    const id = await newShop('time-shop');
    const now = Date.now();
    const res = await post({
      shop: 'time-shop',
      events: [
        { kind: 'view', id: eid('late'), at: new Date(now - 2 * DAY_MS).toISOString() },
        { kind: 'view', id: eid('far'), at: new Date(now + 2 * DAY_MS).toISOString() },
        { kind: 'view', id: eid('ahead'), at: new Date(now + 3_600_000).toISOString() },
      ],
    });
    expect(res.json().data).toEqual({ accepted: 1 });
    const [row] = await ctx.database.db.select().from(shopEvents).where(eq(shopEvents.shopId, id));
    expect(row?.eventId).toBe(eid('ahead'));
    expect(row?.occurredAt.getTime()).toBeLessThanOrEqual(Date.now());
    const at = new Date().toISOString();
    const before = await tally(id);
    expect((await post({ shop: 'time-shop', events: [{ kind: 'buy', id: eid(1), at }] })).statusCode).toBe(
      400,
    );
    expect((await post({ shop: 'time-shop', events: [{ kind: 'view', at }] })).statusCode).toBe(400);
    expect((await post({ shop: 'time-shop', events: [{ kind: 'view', id: 'short', at }] })).statusCode).toBe(
      400,
    );
    expect(
      (await post({ shop: 'time-shop', events: [{ kind: 'view', id: 'has space in it ok?', at }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post({ shop: 'no-such-shop', events: [{ kind: 'view', id: eid('x'), at }] })).statusCode,
    ).toBe(404);
    expect(await tally(id)).toEqual(before);
  });

  it('keeps raw events in monthly partitions, a default one catching anything else', async () => {
    const db = ctx.database.db;
    const parts = await one<{ partitioned: boolean; months: number; has_default: boolean }>(
      db,
      sql`select
        exists (select 1 from pg_partitioned_table where partrelid = 'shop_events'::regclass) as partitioned,
        (select count(*)::int from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'shop_events'::regclass and c.relname ~ '^shop_events_y\\d{4}m\\d{2}$') as months,
        exists (select 1 from pg_class where relname = 'shop_events_default') as has_default`,
    );
    expect(parts.partitioned).toBe(true);
    expect(parts.months).toBeGreaterThanOrEqual(3);
    expect(parts.has_default).toBe(true);
    // A month nobody made yet lands in the default partition; making the month moves it there.
    const far = new Date(Date.UTC(2031, 4, 10));
    await db
      .insert(shopEvents)
      .values({ shopId, kind: 'view', occurredAt: far, receivedAt: far, eventId: eid('far') });
    const where = () =>
      one<{ part: string }>(
        db,
        sql`select tableoid::regclass::text as part from shop_events where event_id = ${eid('far')}`,
      );
    expect((await where()).part).toBe('shop_events_default');
    await service(0).preparePartitions(far);
    expect((await where()).part).toBe('shop_events_y2031m05');
    await db.delete(shopEvents).where(eq(shopEvents.eventId, eid('far')));
  });

  it('prunes raw events older than the retention (whole months dropped) and old ids, keeping the roll-ups', async () => {
    const db = ctx.database.db;
    const now = new Date();
    const cutOff = new Date(now.getTime() - SHOP_EVENTS_RETENTION_DAYS * DAY_MS);
    const monthBefore = new Date(Date.UTC(cutOff.getUTCFullYear(), cutOff.getUTCMonth() - 1, 15));
    const justBefore = new Date(cutOff.getTime() - 60_000);
    const justAfter = new Date(cutOff.getTime() + 60_000);
    const svc = service(0);
    await svc.preparePartitions(monthBefore);
    await db.insert(shopEvents).values(
      [monthBefore, justBefore, justAfter].map((t, n) => ({
        shopId,
        kind: 'view',
        occurredAt: t,
        receivedAt: t,
        eventId: eid(`old${n}`),
      })),
    );
    const oldId = new Date(now.getTime() - (SHOP_EVENT_IDS_KEEP_DAYS + 1) * DAY_MS);
    await db.insert(shopEventIds).values({ shopId, eventId: eid('forgotten'), seenAt: oldId });
    const before = await db.select().from(shopEvents).where(eq(shopEvents.shopId, shopId));
    const rollups = await db.select().from(eventRollups).where(eq(eventRollups.shopId, shopId));
    const monthName = `shop_events_y${monthBefore.getUTCFullYear()}m${String(monthBefore.getUTCMonth() + 1).padStart(2, '0')}`;
    const exists = async () =>
      (
        await one<{ n: number }>(
          db,
          sql`select count(*)::int as n from pg_class where relname = ${monthName}`,
        )
      ).n;
    expect(await exists()).toBe(1);
    await svc.prune(now);
    expect(await exists()).toBe(0);
    const after = await db.select().from(shopEvents).where(eq(shopEvents.shopId, shopId));
    expect(after).toHaveLength(before.length - 2);
    expect(after.every((e) => e.receivedAt >= cutOff)).toBe(true);
    expect(after.some((e) => e.eventId === eid('old2'))).toBe(true);
    expect(await db.select().from(eventRollups).where(eq(eventRollups.shopId, shopId))).toEqual(rollups);
    const ids = await db.select().from(shopEventIds).where(eq(shopEventIds.shopId, shopId));
    expect(ids.some((r) => r.eventId === eid('forgotten'))).toBe(false);
    expect(ids.length).toBeGreaterThan(0);
  });

  it('writes accepted batches together: nothing until the flush, then each event once, counts added up', async () => {
    const db = ctx.database.db;
    const errors: object[] = [];
    const svc = createShopEventsService({
      db,
      limiter: ctx.app.limiter,
      changes: ctx.app.changes,
      flushMs: 60_000,
      log: { error: (details) => void errors.push(details) },
    });
    const [p1] = productIds.map(String);
    const at = new Date().toISOString();
    const counted = async () => ({
      events: (await db.select().from(shopEvents).where(eq(shopEvents.shopId, shopId))).length,
      rollup: (await db.select().from(eventRollups).where(eq(eventRollups.shopId, shopId))).reduce(
        (n, r) => n + (r.userSource === 'buffered' ? r.count : 0),
        0,
      ),
      views: (
        await db
          .select()
          .from(shopProductStats)
          .where(eq(shopProductStats.productId, productIds[0] ?? 0))
      ).find((row) => row.shopId === shopId)?.views,
    });
    const before = await counted();
    for (let n = 0; n < 5; n += 1) {
      const answer = await svc.record(`192.0.2.${n}`, {
        shop: 'events-shop',
        userSource: 'buffered',
        pageSource: 'bio',
        events: [
          { kind: 'view', id: eid(`buf${n}`), productId: p1, at },
          { kind: 'view', id: eid(`bufx${n}`), productId: '999999', at },
        ],
      });
      expect(answer).toEqual({ accepted: 1 });
    }
    await expect(
      svc.record('192.0.2.9', {
        shop: 'no-such-shop',
        userSource: 'x',
        pageSource: '',
        events: [{ kind: 'view', id: eid('nope'), at }],
      }),
    ).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await counted()).toEqual(before);
    await svc.close();
    expect(await counted()).toEqual({
      events: before.events + 5,
      rollup: before.rollup + 5,
      views: (before.views ?? 0) + 5,
    });
    expect(errors).toEqual([]);
  });

  it('limits the batches one address sends per minute', async () => {
    const at = new Date().toISOString();
    const payload = (n: number) => ({
      shop: 'events-shop',
      events: [{ kind: 'view', id: eid(`lim${n}`), at }],
    });
    for (let n = 0; n < EVENT_BATCHES_PER_MINUTE; n += 1) {
      await ctx.app.limiter.hit(eventLimitKey('198.51.100.7'), 60_000);
    }
    const limited = await post(payload(1), '198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(ErrorCode.RATE_LIMITED);
    expect((await post(payload(2), '198.51.100.8')).statusCode).toBe(200);
  });
});
