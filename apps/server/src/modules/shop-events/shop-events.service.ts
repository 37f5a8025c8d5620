import type { TStorefrontEventBatch, TStorefrontEventKind } from '@linkstore/contract';
import type { ChangeFeed } from '../../platform/db/changes';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import {
  ensureShopEventPartitions,
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

/** Events more than this late are dropped: too late to be told from a repeat (decision 0037). */
export const EVENT_LATE_MS = DAY_MS;
/** Events more than this far ahead (a clock days off) are dropped; nearer ones count now. */
export const EVENT_AHEAD_MS = DAY_MS;
/**
 * How long a counted event id is remembered: longer than the span an event may arrive in (a day
 * late to a day ahead, so two copies arrive at most two days apart), plus the prune interval.
 */
export const SHOP_EVENT_IDS_KEEP_DAYS = 3;

/**
 * When an event counts: its time if within the last day, now if up to a day ahead (a buyer's
 * clock a little wrong); undefined — dropped — if older than a day (a repeat of it might no longer
 * be recognised) or further ahead.
 */
export function eventTime(at: string, now: Date): Date | undefined {
  const t = Date.parse(at);
  if (!(t >= now.getTime() - EVENT_LATE_MS) || t > now.getTime() + EVENT_AHEAD_MS) return undefined;
  return new Date(Math.min(t, now.getTime()));
}

/** The roll-ups and product counters some events add up to, each event counted once. */
export function countEvents(events: readonly ShopEventValues[]): Omit<EventBatchRows, 'events'> {
  const rollups = new Map<string, RollupValues & { count: number }>();
  const stats = new Map<string, StatsIncrement>();
  for (const event of events) {
    const { shopId, kind, occurredAt } = event;
    const productId = event.productId ?? 0;
    const userSource = event.userSource ?? 'default';
    const pageSource = event.pageSource ?? '';
    const bucket = new Date(Math.floor(occurredAt.getTime() / QUARTER_MS) * QUARTER_MS);
    const key = `${shopId}|${productId}|${kind}|${userSource}|${pageSource}|${bucket.getTime()}`;
    const rollup = rollups.get(key) ?? { shopId, productId, kind, userSource, pageSource, bucket, count: 0 };
    rollup.count += 1;
    rollups.set(key, rollup);
    if (productId === 0) continue;
    const statKey = `${shopId}|${productId}`;
    const stat = stats.get(statKey) ?? { shopId, productId, views: 0, clicks: 0, addToCarts: 0 };
    stat[STAT_OF[kind as TStorefrontEventKind]] += 1;
    stats.set(statKey, stat);
  }
  return { rollups: [...rollups.values()], stats: [...stats.values()] };
}

/** Keeps the first event of each (shop, id). */
export function firstOfEachId(events: readonly ShopEventValues[]): ShopEventValues[] {
  const seen = new Set<string>();
  return events.filter((e) => {
    const key = `${e.shopId}|${e.eventId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The rows one batch writes: its events (those naming a product that does not exist, too late or
 * too far ahead, and repeats of an id earlier in the batch are dropped), their counts per shop,
 * product, kind, source and quarter hour, and per product the counter increments. Each kept event
 * is counted exactly once in each — unless the shop has counted its id before, which only the
 * write can tell (`recordEventBatch`).
 */
export function eventBatchRows(
  shopId: number,
  batch: TStorefrontEventBatch,
  existingProductIds: ReadonlySet<number>,
  now: Date,
): EventBatchRows {
  const { userSource, pageSource } = batch;
  const events: ShopEventValues[] = [];
  for (const event of batch.events) {
    const productId = event.productId === undefined ? 0 : Number(event.productId);
    if (productId !== 0 && !existingProductIds.has(productId)) continue;
    const occurredAt = eventTime(event.at, now);
    if (!occurredAt) continue;
    events.push({
      shopId,
      productId,
      kind: event.kind,
      userSource,
      pageSource,
      occurredAt,
      eventId: event.id,
    });
  }
  const kept = firstOfEachId(events);
  return { events: kept, ...countEvents(kept) };
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

  let pending: ShopEventValues[][] = [];
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
      const events = taken.flat();
      try {
        await recordEventBatch(db, firstOfEachId(events), countEvents);
      } catch (err) {
        log.error({ err, events: events.length }, 'Could not write storefront events; they are lost');
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
      await recordEventBatch(db, rows.events, countEvents);
      return { accepted: rows.events.length };
    }
    pending.push(rows.events);
    pendingEvents += rows.events.length;
    if (pendingEvents >= MAX_PENDING_EVENTS) await flush();
    else timer ??= setTimeout(() => void flush(), flushMs);
    return { accepted: rows.events.length };
  }

  /**
   * Makes the coming months' partitions, drops the raw events older than the retention period
   * (whole months at once) and forgets the event ids older than SHOP_EVENT_IDS_KEEP_DAYS.
   */
  function prune(now = new Date()): Promise<void> {
    return pruneShopEvents(db, {
      now,
      eventsBefore: new Date(now.getTime() - SHOP_EVENTS_RETENTION_DAYS * DAY_MS),
      idsBefore: new Date(now.getTime() - SHOP_EVENT_IDS_KEEP_DAYS * DAY_MS),
    });
  }

  /** The raw events' partitions of this month and the next two (at start-up; prune makes them too). */
  function preparePartitions(now = new Date()): Promise<number> {
    return ensureShopEventPartitions(db, now, new Date(now.getTime() + 62 * DAY_MS));
  }

  /** Writes what is pending and stops listening (at shutdown). */
  async function close(): Promise<void> {
    unsubscribe();
    await flush();
  }

  return { record, prune, flush, close, preparePartitions };
}
