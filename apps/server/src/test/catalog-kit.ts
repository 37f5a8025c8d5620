import { insertSimpleProducts } from '../modules/catalog/catalog.api';
import { categories } from '../modules/catalog/catalog.table';
import type { AppDatabase } from '../platform/db/database';

/** A new first-level category with one subcategory (`<name> 1`); answers the subcategory's id. */
export async function addSubcategory(db: AppDatabase, name: string): Promise<number> {
  const [parent] = await db.insert(categories).values({ parentId: 0, name }).returning();
  const [child] = await db
    .insert(categories)
    .values({ parentId: parent?.id ?? 0, name: `${name} 1` })
    .returning();
  return child?.id ?? 0;
}

/** A product on sale in a subcategory of its own; answers its id. */
export async function addProductOnSale(
  db: AppDatabase,
  product: { category: string; title: string; costMinor: number; stock: number },
): Promise<number> {
  const categoryId = await addSubcategory(db, product.category);
  const [row] = await insertSimpleProducts(db, [
    { categoryId, title: product.title, platformPriceMinor: product.costMinor, stock: product.stock },
  ]);
  return row?.id ?? 0;
}
