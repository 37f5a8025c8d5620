import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { products } from './catalog.table';

/** Takes `quantity` from the stock only if that many are there; false when short. */
export async function takeStock(db: AppDatabase, productId: number, quantity: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.id, productId), sql`${products.stock} >= ${quantity}`))
    .returning({ id: products.id });
  return rows.length === 1;
}

export async function stockOf(db: AppDatabase, productId: number): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? 0;
}

/**
 * Puts quantities back (a released reservation); a product the catalogue removed since is
 * skipped. In product order, like `takeStock`'s callers, so two releases never wait in a cycle.
 */
export async function returnStock(
  db: AppDatabase,
  moves: { productId: number; quantity: number }[],
): Promise<void> {
  for (const move of [...moves].sort((a, b) => a.productId - b.productId)) {
    await db
      .update(products)
      .set({ stock: sql`${products.stock} + ${move.quantity}` })
      .where(eq(products.id, move.productId));
  }
}
