import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { productVariants, products } from './catalog.table';

/*
 * Variants (decision 0055): what is sold, with its own cost and stock. Every product has at
 * least one; a product without options has exactly one.
 */

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;

/**
 * The variant a product is sold as where a line names only the product (a cart kept before
 * variants, the demo seed): its first variant on sale by sort, then id; null when none is.
 */
export const defaultVariantOf = (productId: AnyColumn) =>
  sql<number | null>`(select v.id from product_variants v where v.product_id = ${productId} and v.status = 1
    order by v.sort, v.id limit 1)`;

/** The SKU a product's first variant gets when nobody chose one: `LS-<product id>`. */
export const defaultSku = (productId: number) => `LS-${productId}`;

/** A product without options, as seeds and tests add them: its one variant's cost and stock. */
export type SimpleProductValues = typeof products.$inferInsert & {
  platformPriceMinor: number;
  stock?: number;
  sku?: string;
};

/**
 * Adds products without options, each with its one variant; answers the products' rows in the
 * order given, each with its variant's id.
 */
export async function insertSimpleProducts(
  db: AppDatabase,
  values: SimpleProductValues[],
): Promise<(ProductRow & { variantId: number })[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(products)
    .values(values.map(({ platformPriceMinor: _cost, stock: _stock, sku: _sku, ...product }) => product))
    .returning();
  const variants = await db
    .insert(productVariants)
    .values(
      rows.map((row, i) => ({
        productId: row.id,
        sku: values[i]?.sku ?? defaultSku(row.id),
        platformPriceMinor: values[i]?.platformPriceMinor ?? 0,
        stock: values[i]?.stock ?? 0,
      })),
    )
    .returning({ id: productVariants.id, productId: productVariants.productId });
  const variantOf = new Map(variants.map((v) => [v.productId, v.id]));
  return rows.map((row) => ({ ...row, variantId: variantOf.get(row.id) ?? 0 }));
}

/** The variants of a product, in order (sort, then id). */
export function listVariants(db: AppDatabase, productId: number): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.sort), asc(productVariants.id));
}

/** Takes `quantity` from a variant's stock only if that many are there; false when short. */
export async function takeStock(db: AppDatabase, variantId: number, quantity: number): Promise<boolean> {
  const rows = await db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}` })
    .where(and(eq(productVariants.id, variantId), sql`${productVariants.stock} >= ${quantity}`))
    .returning({ id: productVariants.id });
  return rows.length === 1;
}

export async function stockOf(db: AppDatabase, variantId: number): Promise<number> {
  const [row] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row?.stock ?? 0;
}

/**
 * Puts quantities back (a released reservation); a variant the catalogue removed since is
 * skipped. In variant order, like `takeStock`'s callers, so two releases never wait in a cycle.
 */
export async function returnStock(
  db: AppDatabase,
  moves: { variantId: number; quantity: number }[],
): Promise<void> {
  for (const move of [...moves].sort((a, b) => a.variantId - b.variantId)) {
    await db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${move.quantity}` })
      .where(eq(productVariants.id, move.variantId));
  }
}
