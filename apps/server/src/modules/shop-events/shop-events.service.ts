import type { TStorefrontEventBatch, TStorefrontEventKind } from '@linkstore/contract';
import type { ChangeFeed } from '../../platform/db/changes';
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
/** The roll-ups' bucket: a quarter hour (decision 0036). */
const QUARTER_MS = 900_000;

/**
 * Raw events are kept this long (for audits and re-rolling); the roll-ups the creator's
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
 * dropped), their counts per shop, product, kind, source and quarter hour, and per product the counter
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
    const bucket = new Date(Math.floor(occurredAt.getTime() / QUARTER_MS) * QUARTER_MS);
    const key = `${productId}|${event.kind}|${bucket.getTime()}`;
    const rollup = rollups.get(key) ?? {
      shopId,
      productId,
      kind: event.kind,
      userSource,
      pageSource,
      bucket,
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
  /** Committed changes (decision 0031): shops and products looked up once until they change. */
  changes: ChangeFeed;
  /**
   * How long accepted batches wait to be written together (decision 0032); 0 writes each batch
   * before answering.
   */
  flushMs: number;
  log: { error(details: object, message: string): void };
}

/** Pending events that make a batch be written at once rather than wait: bounds the memory. */
const MAX_PENDING_EVENTS = 20_000;
/** Lookups remembered per process before they are all forgotten (bounds the memory). */
const MAX_REMEMBERED = 10_000;

/**
 * Many batches' rows as one batch: the events side by side, the roll-ups and counters of the
 * same key added up (one upsert must not touch a row twice).
 */
export function mergeEventRows(batches: readonly EventBatchRows[]): EventBatchRows {
  const rollups = new Map<string, RollupValues & { count: number }>();
  const stats = new Map<string, StatsIncrement>();
  for (const batch of batches) {
    for (const r of batch.rollups) {
      const key = `${r.shopId}|${r.productId}|${r.kind}|${r.userSource}|${r.pageSource}|${r.bucket.getTime()}`;
      const seen = rollups.get(key);
      if (seen) seen.count += r.count ?? 0;
      else rollups.set(key, { ...r, count: r.count ?? 0 });
    }
    for (const st of batch.stats) {
      const key = `${st.shopId}|${st.productId}`;
      const seen = stats.get(key);
      if (!seen) stats.set(key, { ...st });
      else {
        seen.views += st.views;
        seen.clicks += st.clicks;
        seen.addToCarts += st.addToCarts;
      }
    }
  }
  return {
    events: batches.flatMap((b) => b.events),
    rollups: [...rollups.values()],
    stats: [...stats.values()],
  };
}

/**
 * Records a storefront's batches of events for the creator's analytics; answers how many were
 * kept. Accepted batches are written together every `flushMs` in one transaction (decision
 * 0032): a shop's visitors cost one write a quarter second instead of one per page view.
 */
export function createShopEventsService({ db, limiter, changes, flushMs, log }: Deps) {
  const shopIds = new Map<string, number | undefined>();
  const knownProducts = new Map<number, boolean>();
  const unsubscribe = changes.subscribe((event) => {
    if (event === 'reset' || event.table === 'shops' || event.table === 'shop_slug_history') shopIds.clear();
    if (event === 'reset' || event.table === 'products') knownProducts.clear();
  });

  async function shopIdOf(slug: string): Promise<number | undefined> {
    if (changes.live && shopIds.has(slug)) return shopIds.get(slug);
    const id = await findShopIdBySlug(db, slug);
    if (changes.live) {
      if (shopIds.size >= MAX_REMEMBERED) shopIds.clear();
      shopIds.set(slug, id);
    }
    return id;
  }

  async function existingOf(ids: number[]): Promise<Set<number>> {
    const unknown = changes.live ? ids.filter((id) => !knownProducts.has(id)) : ids;
    const found = await findExistingProductIds(db, unknown);
    if (changes.live) {
      if (knownProducts.size + unknown.length > MAX_REMEMBERED) knownProducts.clear();
      for (const id of unknown) knownProducts.set(id, found.has(id));
    }
    return new Set(ids.filter((id) => found.has(id) || knownProducts.get(id) === true));
  }

  let pending: EventBatchRows[] = [];
  let pendingEvents = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  /** Writes every pending batch in one transaction, after any write still running. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const taken = pending;
    pending = [];
    pendingEvents = 0;
    writing = writing.then(async () => {
      if (taken.length === 0) return;
      const rows = mergeEventRows(taken);
      try {
        await recordEventBatch(db, rows.events, rows.rollups, rows.stats);
      } catch (err) {
        log.error({ err, events: rows.events.length }, 'Could not write storefront events; they are lost');
      }
    });
    return writing;
  }

  async function record(ip: string, batch: TStorefrontEventBatch): Promise<{ accepted: number }> {
    if ((await limiter.hit(eventLimitKey(ip), MINUTE_MS)) > EVENT_BATCHES_PER_MINUTE) {
      throw AppError.rateLimited();
    }
    const shopId = await shopIdOf(batch.shop);
    if (shopId === undefined) throw AppError.notFound();
    const ids = [...new Set(batch.events.flatMap((e) => (e.productId ? [Number(e.productId)] : [])))];
    const existing = await existingOf(ids);
    const rows = eventBatchRows(shopId, batch, existing, new Date());
    if (flushMs <= 0) {
      await recordEventBatch(db, rows.events, rows.rollups, rows.stats);
      return { accepted: rows.events.length };
    }
    pending.push(rows);
    pendingEvents += rows.events.length;
    if (pendingEvents >= MAX_PENDING_EVENTS) await flush();
    else timer ??= setTimeout(() => void flush(), flushMs);
    return { accepted: rows.events.length };
  }

  /** Deletes raw events older than the retention period. */
  function prune(now = new Date()): Promise<void> {
    return pruneShopEvents(db, new Date(now.getTime() - SHOP_EVENTS_RETENTION_DAYS * DAY_MS));
  }

  /** Writes what is pending and stops listening (at shutdown). */
  async function close(): Promise<void> {
    unsubscribe();
    await flush();
  }

  return { record, prune, flush, close };
}
