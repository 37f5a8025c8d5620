import { ErrorCode, type TStorefrontEventBatch } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';
import { categories, products } from '../catalog/catalog.table';
import { eventRollups, shopEvents } from './shop-events.table';
import {
  clampEventTime,
  createShopEventsService,
  SHOP_EVENTS_RETENTION_DAYS,
  EVENT_BATCHES_PER_MINUTE,
  eventBatchRows,
  eventLimitKey,
} from './shop-events.service';
import { shopProductStats, shops } from '../shops/shops.table';

const NOW = new Date('2026-11-22T10:30:00Z');

describe('eventBatchRows', () => {
  const batch = (events: TStorefrontEventBatch['events']): TStorefrontEventBatch => ({
    shop: 'anna-shop',
    userSource: 'ig',
    pageSource: 'bio',
    events,
  });

  it('clamps times to the last day and never in the future', () => {
    expect(clampEventTime('2026-11-22T11:00:00Z', NOW)).toEqual(NOW);
    expect(clampEventTime('2026-11-01T00:00:00Z', NOW)).toEqual(new Date('2026-11-21T10:30:00Z'));
    expect(clampEventTime('2026-11-22T10:00:00+02:00', NOW)).toEqual(new Date('2026-11-22T08:00:00Z'));
  });

  it('counts each kept event once per quarter hour, kind and product, and drops unknown products', () => {
    const rows = eventBatchRows(
      7,
      batch([
        { kind: 'view', at: '2026-11-22T10:01:00Z' },
        { kind: 'view', productId: '5', at: '2026-11-22T10:02:00Z' },
        { kind: 'view', productId: '5', at: '2026-11-22T10:03:00Z' },
        { kind: 'view', productId: '5', at: '2026-11-22T10:15:00Z' },
        { kind: 'view', productId: '5', at: '2026-11-22T09:59:00Z' },
        { kind: 'click', productId: '5', at: '2026-11-22T10:04:00Z' },
        { kind: 'cart', productId: '6', at: '2026-11-22T10:05:00Z' },
        { kind: 'click', productId: '99', at: '2026-11-22T10:06:00Z' },
      ]),
      new Set([5, 6]),
      NOW,
    );
    expect(rows.events).toHaveLength(7);
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

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const owner = await createUser(db, { username: 'events-owner' });
    const [shop] = await db
      .insert(shops)
      .values({ ownerUserId: owner, slug: 'events-shop', name: 'E' })
      .returning();
    shopId = shop?.id ?? 0;
    const [top] = await db.insert(categories).values({ name: 'T' }).returning();
    const [sub] = await db
      .insert(categories)
      .values({ name: 'S', parentId: top?.id ?? 0 })
      .returning();
    const rows = await db
      .insert(products)
      .values([1, 2].map((n) => ({ categoryId: sub?.id ?? 0, title: `P${n}`, platformPriceCents: 100 })))
      .returning({ id: products.id });
    productIds.push(...rows.map((r) => r.id));
  });
  afterAll(() => ctx.close());

  it('records a batch once in the events, the quarter-hour roll-ups and the product counters', async () => {
    const [p1, p2] = productIds.map(String);
    const at = new Date().toISOString();
    const payload = {
      shop: 'events-shop',
      userSource: 'tiktok',
      events: [
        { kind: 'view', at },
        { kind: 'view', productId: p1, at },
        { kind: 'click', productId: p1, at },
        { kind: 'cart', productId: p2, at },
        { kind: 'view', productId: '999999', at },
      ],
    };
    for (let round = 0; round < 2; round += 1) {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ accepted: 4 });
    }
    const db = ctx.database.db;
    expect(await db.select().from(shopEvents).where(eq(shopEvents.shopId, shopId))).toHaveLength(8);
    const rollups = await db.select().from(eventRollups).where(eq(eventRollups.shopId, shopId));
    expect(rollups.reduce((n, r) => n + r.count, 0)).toBe(8);
    expect(rollups.every((r) => r.userSource === 'tiktok' && r.pageSource === '')).toBe(true);
    const stats = await db.select().from(shopProductStats).where(eq(shopProductStats.shopId, shopId));
    expect(stats.map((s) => [s.productId, s.views, s.clicks, s.addToCarts]).sort()).toEqual(
      [
        [productIds[0], 2, 2, 0],
        [productIds[1], 0, 0, 2],
      ].sort(),
    );
  });

  it('refuses a bad kind, and an unknown shop', async () => {
    const at = new Date().toISOString();
    expect((await post({ shop: 'events-shop', events: [{ kind: 'buy', at }] })).statusCode).toBe(400);
    expect((await post({ shop: 'no-such-shop', events: [{ kind: 'view', at }] })).statusCode).toBe(404);
  });

  it('prunes raw events received more than the retention period ago, keeping the roll-ups', async () => {
    const db = ctx.database.db;
    const old = new Date(Date.now() - (SHOP_EVENTS_RETENTION_DAYS + 1) * 86_400_000);
    await db.insert(shopEvents).values({ shopId, kind: 'view', occurredAt: old, receivedAt: old });
    const before = await db.select().from(shopEvents).where(eq(shopEvents.shopId, shopId));
    const rollups = await db.select().from(eventRollups).where(eq(eventRollups.shopId, shopId));
    await createShopEventsService({
      db,
      limiter: ctx.app.limiter,
      changes: ctx.app.changes,
      flushMs: 0,
      log: ctx.app.log,
    }).prune();
    const after = await db.select().from(shopEvents).where(eq(shopEvents.shopId, shopId));
    expect(after).toHaveLength(before.length - 1);
    expect(after.every((e) => e.receivedAt > old)).toBe(true);
    expect(await db.select().from(eventRollups).where(eq(eventRollups.shopId, shopId))).toEqual(rollups);
  });

  it('writes accepted batches together: nothing until the flush, then each event once, counts added up', async () => {
    const db = ctx.database.db;
    const errors: object[] = [];
    const service = createShopEventsService({
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
      )[0]?.views,
    });
    const before = await counted();
    for (let n = 0; n < 5; n += 1) {
      const answer = await service.record(`192.0.2.${n}`, {
        shop: 'events-shop',
        userSource: 'buffered',
        pageSource: 'bio',
        events: [
          { kind: 'view', productId: p1, at },
          { kind: 'view', productId: '999999', at },
        ],
      });
      expect(answer).toEqual({ accepted: 1 });
    }
    await expect(
      service.record('192.0.2.9', {
        shop: 'no-such-shop',
        userSource: 'x',
        pageSource: '',
        events: [{ kind: 'view', at }],
      }),
    ).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await counted()).toEqual(before);
    await service.close();
    expect(await counted()).toEqual({
      events: before.events + 5,
      rollup: before.rollup + 5,
      views: (before.views ?? 0) + 5,
    });
    expect(errors).toEqual([]);
  });

  it('limits the batches one address sends per minute', async () => {
    const at = new Date().toISOString();
    const payload = { shop: 'events-shop', events: [{ kind: 'view', at }] };
    for (let n = 0; n < EVENT_BATCHES_PER_MINUTE; n += 1) {
      await ctx.app.limiter.hit(eventLimitKey('198.51.100.7'), 60_000);
    }
    const limited = await post(payload, '198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(ErrorCode.RATE_LIMITED);
    expect((await post(payload, '198.51.100.8')).statusCode).toBe(200);
  });
});
