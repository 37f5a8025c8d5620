import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TLanguage } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { inLanguage } from '../catalog/catalog.api';
import { categories, products, productVariants } from '../catalog/catalog.table';
import {
  joinShopPricing,
  onSale,
  type ShopPricingInputs,
  parentCategory as parent,
  placeOf,
  productCategory as category,
  sellingVariant,
  shopPricingColumns,
} from '../shops/shops.api';
import { shopProducts, shops } from '../shops/shops.table';
import { containsPattern } from '../../platform/db/like';

export type PricingShopRow = Pick<typeof shops.$inferSelect, 'id' | 'defaultPercentage' | 'rounding'>;

const shopColumns = { id: shops.id, defaultPercentage: shops.defaultPercentage, rounding: shops.rounding };

export async function findShopOfOwner(
  db: AppDatabase,
  ownerUserId: number,
  options: { lock?: boolean } = {},
): Promise<PricingShopRow | undefined> {
  const query = db.select(shopColumns).from(shops).where(eq(shops.ownerUserId, ownerUserId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export interface PricingProductRow {
  id: number;
  title: string;
  categoryId: number;
  parentCategoryId: number;
  costMinor: number;
  overridePriceMinor: number | null;
  visible: number;
  sort: number;
  secondLevelPercentage: number | null;
  firstLevelPercentage: number | null;
  compareAtMinor: number | null;
  ownPriceMinor: number | null;
  ownCompareAtMinor: number | null;
  sellingVariantId: number;
  variants: number;
}

/** How many variants on sale the product has (decision 0055). */
const variantsOnSale = () =>
  sql<number>`(select count(*)::int from ${productVariants}
    where ${productVariants.productId} = ${products.id} and ${productVariants.status} = 1)`.mapWith(Number);

/**
 * Products on sale (in shown categories) with this shop's rules for each: its own row, and the
 * percentages of its category and the category above. The price itself is computed from these
 * by `priceProduct`, never stored (decision 0014).
 */
export async function listPricingProducts(
  db: AppDatabase,
  shopId: number,
  filter: { categoryId?: number; keywords?: string; lang: TLanguage; limit: number; offset: number },
): Promise<{ rows: PricingProductRow[]; total: number }> {
  const conditions: SQL[] = onSale();
  if (filter.categoryId !== undefined) {
    const byCategory = or(
      eq(products.categoryId, filter.categoryId),
      eq(category.parentId, filter.categoryId),
    );
    if (byCategory) conditions.push(byCategory);
  }
  if (filter.keywords) {
    const pattern = containsPattern(filter.keywords);
    conditions.push(
      sql`(${products.title} ilike ${pattern} or ${products.titles} ->> ${filter.lang} ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  const from = () =>
    joinShopPricing(
      db
        .select({
          id: products.id,
          title: inLanguage(products.titles, products.title, filter.lang),
          categoryId: products.categoryId,
          parentCategoryId: category.parentId,
          ...shopPricingColumns,
          sellingVariantId: sellingVariant.id,
          variants: variantsOnSale(),
          visible: sql<number>`coalesce(${shopProducts.visible}, 1)`.mapWith(Number),
          sort: sql<number>`coalesce(${shopProducts.sort}, 0)`.mapWith(Number),
        })
        .from(products)
        .$dynamic(),
      shopId,
    );
  const rows = await from()
    .where(where)
    .orderBy(placeOf(shopProducts.sort), asc(products.sort), asc(products.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [counted] = await db
    .select({ total: count() })
    .from(products)
    .innerJoin(category, eq(category.id, products.categoryId))
    .innerJoin(parent, eq(parent.id, category.parentId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findCategoryIds(db: AppDatabase, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function findProductCosts(
  db: AppDatabase,
  ids: number[],
  lang: TLanguage,
): Promise<Map<number, { title: string; costMinor: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      title: inLanguage(products.titles, products.title, lang),
      costMinor: sellingVariant.platformPriceMinor,
    })
    .from(products)
    .innerJoinLateral(sellingVariant, sql`true`)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, { title: r.title, costMinor: r.costMinor }]));
}

/**
 * The shop's pricing inputs of these products (those on sale: sold as a variant on sale), by id:
 * read inside a save's transaction, they include what it has just written.
 */
export async function findPricingInputs(
  db: AppDatabase,
  shopId: number,
  ids: number[],
): Promise<Map<number, ShopPricingInputs>> {
  if (ids.length === 0) return new Map();
  const rows = await joinShopPricing(
    db
      .select({ id: products.id, ...shopPricingColumns })
      .from(products)
      .$dynamic(),
    shopId,
  ).where(inArray(products.id, ids));
  return new Map(rows.map(({ id, ...inputs }) => [id, inputs]));
}
