import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { productImages, products, productVariants } from './catalog.table';
import { textMatches } from './translations';
import { containsPattern } from '../../platform/db/like';
import { stampNow } from '../../platform/db/stamp';

export type ProductRow = typeof products.$inferSelect;
export type ProductValues = Pick<
  ProductRow,
  'categoryId' | 'title' | 'titles' | 'description' | 'descriptions' | 'status' | 'sort'
>;

export interface ProductFilter {
  keywords?: string | undefined;
  categoryIds?: number[] | undefined;
  status?: number | undefined;
}

function whereOf(filter: ProductFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.keywords) {
    const pattern = containsPattern(filter.keywords);
    conditions.push(textMatches(products.title, products.titles, pattern));
  }
  if (filter.categoryIds) conditions.push(inArray(products.categoryId, filter.categoryIds));
  if (filter.status !== undefined) conditions.push(eq(products.status, filter.status));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of products (sort, then newest first) and the total. */
export async function pageProducts(
  db: AppDatabase,
  filter: ProductFilter,
  pageNum: number,
  pageSize: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.sort), desc(products.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [totalRow] = await db.select({ total: count() }).from(products).where(where);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findProduct(db: AppDatabase, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** What a product's variants add up to: the lowest and highest cost, and the stock of those on sale. */
export interface VariantSummary {
  platformPriceMinor: number;
  maxPlatformPriceMinor: number;
  stock: number;
  variants: number;
}

/** The variants' summary of each product, by product id. */
export async function summarizeVariants(
  db: AppDatabase,
  productIds: number[],
): Promise<Map<number, VariantSummary>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: productVariants.productId,
      platformPriceMinor: sql<number>`min(${productVariants.platformPriceMinor})`.mapWith(Number),
      maxPlatformPriceMinor: sql<number>`max(${productVariants.platformPriceMinor})`.mapWith(Number),
      stock:
        sql<number>`coalesce(sum(${productVariants.stock}) filter (where ${productVariants.status} = 1), 0)`.mapWith(
          Number,
        ),
      variants: sql<number>`count(*)`.mapWith(Number),
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .groupBy(productVariants.productId);
  return new Map(rows.map(({ productId, ...summary }) => [productId, summary]));
}

/** The images of the products, in order, by product id. */
export async function listImages(db: AppDatabase, productIds: number[]): Promise<Map<number, string[]>> {
  const byProduct = new Map<number, string[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({ productId: productImages.productId, url: productImages.url })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.sort), asc(productImages.id));
  for (const row of rows) {
    const urls = byProduct.get(row.productId) ?? [];
    urls.push(row.url);
    byProduct.set(row.productId, urls);
  }
  return byProduct;
}

export async function replaceImages(db: AppDatabase, productId: number, urls: string[]): Promise<void> {
  await db.delete(productImages).where(eq(productImages.productId, productId));
  if (urls.length > 0) {
    await db.insert(productImages).values(urls.map((url, sort) => ({ productId, url, sort })));
  }
}

export async function insertProduct(db: AppDatabase, values: ProductValues): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('product not inserted');
  return row;
}

export async function updateProduct(
  db: AppDatabase,
  id: number,
  values: Partial<ProductValues>,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: stampNow() })
    .where(eq(products.id, id))
    .returning();
  return row;
}

export async function deleteProduct(db: AppDatabase, id: number): Promise<number> {
  const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length;
}
