import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { products } from '../catalog/catalog.table';
import { shops } from '../shops/shops.table';
import { addProductStats } from '../shops/shops.api';
import { eventRollups, shopEvents } from './shop-events.table';

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

/**
 * Writes one batch: the raw events (one multi-row insert), the quarter-hour roll-up (one upsert adding
 * the counts) and the product counters (one upsert adding the increments), all or nothing.
 */
export async function recordEventBatch(
  db: AppDatabase,
  events: ShopEventValues[],
  rollups: RollupValues[],
  stats: StatsIncrement[],
): Promise<void> {
  if (events.length === 0) return;
  await withTransaction(db, async (tx) => {
    await tx.insert(shopEvents).values(events);
    await tx
      .insert(eventRollups)
      .values(rollups)
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
    await addProductStats(tx, stats);
  });
}

/** Deletes raw events received before `before`; the quarter-hour roll-ups are kept. */
export async function pruneShopEvents(db: AppDatabase, before: Date): Promise<void> {
  await db.delete(shopEvents).where(lt(shopEvents.receivedAt, before));
}

/** The id of the shop with this slug (a batch names its shop by the slug in its link). */
export async function findShopIdBySlug(db: AppDatabase, slug: string): Promise<number | undefined> {
  const [row] = await db.select({ id: shops.id }).from(shops).where(eq(shops.slug, slug));
  return row?.id;
}
