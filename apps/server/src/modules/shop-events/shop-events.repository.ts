import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { queryRows } from '../../platform/db/rows';
import { withTransaction } from '../../platform/db/transaction';
import { products } from '../catalog/catalog.table';
import { shops } from '../shops/shops.table';
import { addProductStats } from '../shops/shops.api';
import { eventRollups, shopEventIds, type shopEvents } from './shop-events.table';

export type ShopEventValues = typeof shopEvents.$inferInsert;
export type RollupValues = typeof eventRollups.$inferInsert;

/** Counter increments of one product in one shop. */
export interface StatsIncrement {
  shopId: number;
  productId: number;
  views: number;
  clicks: number;
  addToCarts: number;
}

/** Which of these ids are products (any status: a product withdrawn a moment ago still counts). */
export async function findExistingProductIds(db: AppDatabase, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Rows per statement: one JSON parameter each, whatever the number of columns. */
const CHUNK = 5_000;

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

/**
 * Writes events (at most one per shop and id), all or nothing: first their ids, of which only those
 * the shop had not counted yet are new (`ON CONFLICT DO NOTHING RETURNING`, so two processes
 * writing the same id at once count it once: the second waits for the first's commit, then sees
 * it); then those events, and what `count` makes of them — the quarter-hour roll-ups (one upsert
 * adding the counts) and the product counters (one upsert adding the increments). Rows go as
 * one JSON parameter per statement (no limit on parameters, one plan). Answers how many counted.
 */
export async function recordEventBatch(
  db: AppDatabase,
  events: readonly ShopEventValues[],
  count: (events: readonly ShopEventValues[]) => { rollups: RollupValues[]; stats: StatsIncrement[] },
): Promise<number> {
  if (events.length === 0) return 0;
  return withTransaction(db, async (tx) => {
    const fresh = new Set<string>();
    for (const chunk of chunks(events)) {
      const ids = JSON.stringify(chunk.map((e) => ({ s: e.shopId, e: e.eventId })));
      const inserted = await queryRows<{ shop_id: string | number; event_id: string }>(
        tx,
        sql`insert into shop_event_ids (shop_id, event_id)
          select s, e from jsonb_to_recordset(${ids}::jsonb) as x(s bigint, e text)
          on conflict do nothing returning shop_id, event_id`,
      );
      for (const row of inserted) fresh.add(`${Number(row.shop_id)}|${row.event_id}`);
    }
    const counted = events.filter((e) => fresh.has(`${e.shopId}|${e.eventId}`));
    if (counted.length === 0) return 0;
    for (const chunk of chunks(counted)) {
      const values = JSON.stringify(
        chunk.map((e) => ({
          s: e.shopId,
          p: e.productId ?? 0,
          k: e.kind,
          u: e.userSource ?? 'default',
          g: e.pageSource ?? '',
          o: e.occurredAt.toISOString(),
          e: e.eventId ?? '',
        })),
      );
      await tx.execute(sql`insert into shop_events (shop_id, product_id, kind, user_source, page_source, occurred_at, event_id)
        select s, p, k, u, g, o, e
        from jsonb_to_recordset(${values}::jsonb) as x(s bigint, p bigint, k text, u text, g text, o timestamptz, e text)`);
    }
    const { rollups, stats } = count(counted);
    for (const chunk of chunks(rollups)) {
      await tx
        .insert(eventRollups)
        .values(chunk)
        .onConflictDoUpdate({
          target: [
            eventRollups.shopId,
            eventRollups.productId,
            eventRollups.kind,
            eventRollups.userSource,
            eventRollups.pageSource,
            eventRollups.bucket,
          ],
          set: { count: sql`${eventRollups.count} + excluded.count` },
        });
    }
    for (const chunk of chunks(stats)) await addProductStats(tx, chunk);
    return counted.length;
  });
}

/**
 * The raw events' upkeep: the partitions of this month and the next two made (when missing); raw
 * events received before `eventsBefore` removed — whole months' partitions dropped, the rest
 * deleted (the quarter-hour roll-ups are kept); event ids seen before `idsBefore` forgotten.
 */
export async function pruneShopEvents(
  db: AppDatabase,
  { now, eventsBefore, idsBefore }: { now: Date; eventsBefore: Date; idsBefore: Date },
): Promise<void> {
  await ensureShopEventPartitions(db, now, new Date(now.getTime() + 62 * 86_400_000));
  await db.execute(sql`select linkstore_shop_events_drop_before(${eventsBefore.toISOString()}::timestamptz)`);
  await db.delete(shopEventIds).where(lt(shopEventIds.seenAt, idsBefore));
}

/** Creates the month partitions of raw events from `from`'s month to `to`'s (migration 0020). */
export async function ensureShopEventPartitions(db: AppDatabase, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ made: number }>(
    db,
    sql`select linkstore_shop_events_partitions(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz) as made`,
  );
  return Number(row?.made ?? 0);
}

/** The id of the shop with this slug (a batch names its shop by the slug in its link). */
export async function findShopIdBySlug(db: AppDatabase, slug: string): Promise<number | undefined> {
  const [row] = await db.select({ id: shops.id }).from(shops).where(eq(shops.slug, slug));
  return row?.id;
}
