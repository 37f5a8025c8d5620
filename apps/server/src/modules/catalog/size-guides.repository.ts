import { eq, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { stampNow } from '../../platform/db/stamp';
import { categories, categorySizeGuides } from './catalog.table';

export type SizeGuideRow = typeof categorySizeGuides.$inferSelect;
export type SizeGuideValues = Pick<SizeGuideRow, 'columns' | 'rows' | 'note' | 'notes'>;

/** Where a category sits and whether it is shown: what a guide's reader needs of it. */
export interface CategoryPlace {
  id: number;
  parentId: number;
  status: number;
}

export async function findCategoryPlace(db: AppDatabase, id: number): Promise<CategoryPlace | undefined> {
  const [row] = await db
    .select({ id: categories.id, parentId: categories.parentId, status: categories.status })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return row;
}

/**
 * Holds the category until the transaction ends (`for key share`): it cannot be deleted while its
 * guide is written, which would otherwise fail on the foreign key.
 */
export async function holdCategory(db: AppDatabase, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1)
    .for('key share');
  return row !== undefined;
}

export async function findSizeGuide(db: AppDatabase, categoryId: number): Promise<SizeGuideRow | undefined> {
  const [row] = await db
    .select()
    .from(categorySizeGuides)
    .where(eq(categorySizeGuides.categoryId, categoryId))
    .limit(1);
  return row;
}

/** The guides of these categories (those that have one). */
export function findSizeGuides(db: AppDatabase, categoryIds: readonly number[]): Promise<SizeGuideRow[]> {
  return db
    .select()
    .from(categorySizeGuides)
    .where(inArray(categorySizeGuides.categoryId, [...categoryIds]));
}

/** Writes the category's whole guide, replacing the one it had. */
export async function upsertSizeGuide(
  db: AppDatabase,
  categoryId: number,
  values: SizeGuideValues,
): Promise<SizeGuideRow> {
  const [row] = await db
    .insert(categorySizeGuides)
    .values({ categoryId, ...values })
    .onConflictDoUpdate({
      target: categorySizeGuides.categoryId,
      set: { ...values, updatedAt: stampNow() },
    })
    .returning();
  if (!row) throw new Error('size guide not written');
  return row;
}

export async function deleteSizeGuide(db: AppDatabase, categoryId: number): Promise<number> {
  const rows = await db
    .delete(categorySizeGuides)
    .where(eq(categorySizeGuides.categoryId, categoryId))
    .returning({ id: categorySizeGuides.categoryId });
  return rows.length;
}
