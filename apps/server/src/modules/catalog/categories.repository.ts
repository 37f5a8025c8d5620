import { asc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { categories, products } from './catalog.table';
import { stampNow } from '../../platform/db/stamp';

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryValues = Pick<CategoryRow, 'parentId' | 'name' | 'names' | 'iconUrl' | 'sort' | 'status'>;

/** Every category, in tree order (sort, then id). Two levels of a few hundred rows: trees are built in memory. */
export function listAllCategories(db: AppDatabase): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
}

export async function findCategory(db: AppDatabase, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row;
}

/** Locks the row for the rest of the transaction. */
export async function findCategoryForUpdate(db: AppDatabase, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1).for('update');
  return row;
}

/**
 * Serialises the writes that change the tree (within a transaction): a child could otherwise
 * land under a category being deleted or being moved to the second level. Reads go on.
 */
export async function lockCategoryTree(db: AppDatabase): Promise<void> {
  await db.execute(sql`lock table ${categories} in share row exclusive mode`);
}

export async function hasChildCategories(db: AppDatabase, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, id))
    .limit(1);
  return row !== undefined;
}

export async function hasProducts(db: AppDatabase, categoryId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.categoryId, categoryId))
    .limit(1);
  return row !== undefined;
}

export async function insertCategory(db: AppDatabase, values: CategoryValues): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  if (!row) throw new Error('category not inserted');
  return row;
}

export async function updateCategory(
  db: AppDatabase,
  id: number,
  values: Partial<CategoryValues>,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .update(categories)
    .set({ ...values, updatedAt: stampNow() })
    .where(eq(categories.id, id))
    .returning();
  return row;
}

export async function deleteCategory(db: AppDatabase, id: number): Promise<number> {
  const rows = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  return rows.length;
}
