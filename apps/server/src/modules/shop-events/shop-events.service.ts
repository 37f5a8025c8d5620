import type { TStorefrontEventBatch, TStorefrontEventKind } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import {
  findExistingProductIds,
  findShopIdBySlug,
  pruneShopEvents,
  recordEventBatch,
  type RollupValues,
  type ShopEventValues,
  type StatsIncrement,
} from './shop-events.repository';

/** Batches one address may send per minute: a page sends one every few seconds at most. */
export const EVENT_BATCHES_PER_MINUTE = 60;
const MINUTE_MS = 60_000;
/** The limiter's key of one address's batches. */
export const eventLimitKey = (ip: string) => `storefront-events:${ip}`;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Raw events are kept this long (for audits and re-rolling); the hourly roll-ups the creator's
 * charts read are kept for good.
 */
export const SHOP_EVENTS_RETENTION_DAYS = 90;

/** Which counter of `shop_product_stats` an event kind adds to. */
const STAT_OF: Record<TStorefrontEventKind, keyof Omit<StatsIncrement, 'shopId' | 'productId'>> = {
  view: 'views',
  click: 'clicks',
  cart: 'addToCarts',
};

export interface EventBatchRows {
  events: ShopEventValues[];
  rollups: RollupValues[];
  stats: StatsIncrement[];
}

/** A buyer's clock may be wrong: times are kept within the last day, never in the future. */
export function clampEventTime(at: string, now: Date): Date {
  const t = Date.parse(at);
  return new Date(Math.min(now.getTime(), Math.max(now.getTime() - DAY_MS, t)));
}

/**
 * The rows one batch writes: its events (those naming a product that does not exist are
 * dropped), their counts per shop, product, kind, source and hour, and per product the counter
 * increments. Each accepted event is counted exactly once in each.
 */
export function eventBatchRows(
  shopId: number,
  batch: TStorefrontEventBatch,
  existingProductIds: ReadonlySet<number>,
  now: Date,
): EventBatchRows {
  const { userSource, pageSource } = batch;
  const events: ShopEventValues[] = [];
  const rollups = new Map<string, RollupValues & { count: number }>();
  const stats = new Map<number, StatsIncrement>();
  for (const event of batch.events) {
    const productId = event.productId === undefined ? 0 : Number(event.productId);
    if (productId !== 0 && !existingProductIds.has(productId)) continue;
    const occurredAt = clampEventTime(event.at, now);
    events.push({ shopId, productId, kind: event.kind, userSource, pageSource, occurredAt });
    const hour = new Date(Math.floor(occurredAt.getTime() / HOUR_MS) * HOUR_MS);
    const key = `${productId}|${event.kind}|${hour.getTime()}`;
    const rollup = rollups.get(key) ?? {
      shopId,
      productId,
      kind: event.kind,
      userSource,
      pageSource,
      hour,
      count: 0,
    };
    rollup.count += 1;
    rollups.set(key, rollup);
    if (productId === 0) continue;
    const stat = stats.get(productId) ?? { shopId, productId, views: 0, clicks: 0, addToCarts: 0 };
    stat[STAT_OF[event.kind]] += 1;
    stats.set(productId, stat);
  }
  return { events, rollups: [...rollups.values()], stats: [...stats.values()] };
}

interface Deps {
  db: AppDatabase;
  limiter: RateLimiter;
}

/** Records a storefront's batch of events for the creator's analytics; answers how many were kept. */
export function createShopEventsService({ db, limiter }: Deps) {
  async function record(ip: string, batch: TStorefrontEventBatch): Promise<{ accepted: number }> {
    if ((await limiter.hit(eventLimitKey(ip), MINUTE_MS)) > EVENT_BATCHES_PER_MINUTE) {
      throw AppError.rateLimited();
    }
    const shopId = await findShopIdBySlug(db, batch.shop);
    if (shopId === undefined) throw AppError.notFound();
    const ids = [...new Set(batch.events.flatMap((e) => (e.productId ? [Number(e.productId)] : [])))];
    const existing = await findExistingProductIds(db, ids);
    const rows = eventBatchRows(shopId, batch, existing, new Date());
    await recordEventBatch(db, rows.events, rows.rollups, rows.stats);
    return { accepted: rows.events.length };
  }

  /** Deletes raw events older than the retention period. */
  function prune(now = new Date()): Promise<void> {
    return pruneShopEvents(db, new Date(now.getTime() - SHOP_EVENTS_RETENTION_DAYS * DAY_MS));
  }

  return { record, prune };
}
