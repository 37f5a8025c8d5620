import { and, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TLanguage } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { inLanguage, textMatches } from '../catalog/catalog.api';
import { productImages, products } from '../catalog/catalog.table';
import { shopProductStats } from './shops.table';
import {
  categoryPlace,
  joinShopPlaces,
  onSale,
  pageLookupsOf,
  parentCategory as parent,
  placeOf,
  productCategory as category,
  joinShopPricing,
  joinShopProducts,
  shopOrder,
  shopPricingColumns,
  sellingVariant,
  variantPricesOf,
  type OwnVariantPrice,
  type ShopPricingInputs,
} from './products-in-shop';
import { shopCategories, shopProducts, shopVariantPrices } from './shops.table';
import { stampNow } from '../../platform/db/stamp';
import { containsPattern } from '../../platform/db/like';

/** One product with everything the shop's list needs: its rules, counters and review sums. */
export interface ShopProductRow {
  id: number;
  title: string;
  imageUrl: string | null;
  categoryId: number;
  categoryName: string;
  parentCategoryId: number;
  /** The cost of the variant it is sold as (what the creator's own price prices). */
  costMinor: number;
  /** Its variants on sale: how many, the lowest and highest cost, and their units together. */
  variants: number;
  minCostMinor: number;
  maxCostMinor: number;
  stock: number;
  /** For `rangeInShop`: the cost range of those priced by the rules alone, and the others. */
  plainMinCostMinor: number | null;
  plainMaxCostMinor: number | null;
  own: OwnVariantPrice[];
  overridePriceMinor: number | null;
  compareAtMinor: number | null;
  ownPriceMinor: number | null;
  ownCompareAtMinor: number | null;
  visible: number;
  secondLevelPercentage: number | null;
  firstLevelPercentage: number | null;
  views: number;
  clicks: number;
  ratingSum: number;
  reviewCount: number;
}

export interface ShopProductFilter {
  categoryId?: number | undefined;
  keywords?: string | undefined;
  visible?: 0 | 1 | undefined;
}
function conditionsOf(filter: ShopProductFilter): SQL[] {
  const conditions = onSale();
  if (filter.categoryId !== undefined) {
    const inCategory = or(
      eq(products.categoryId, filter.categoryId),
      eq(category.parentId, filter.categoryId),
    );
    if (inCategory) conditions.push(inCategory);
  }
  if (filter.keywords) {
    const pattern = containsPattern(filter.keywords);
    conditions.push(textMatches(products.title, products.titles, pattern));
  }
  if (filter.visible !== undefined) {
    conditions.push(sql`coalesce(${shopProducts.visible}, 1) = ${filter.visible}`);
  }
  return conditions;
}

/**
 * Products on sale with their categories and this shop's rules and counters (every shop-side
 * join names this shop: another shop's settings can never leak in), in the shop's order, as a
 * page: `where`, `limit` and `offset` apply here, before any image or review is looked at.
 */
function selectPage(
  db: AppDatabase,
  shopId: number,
  lang: TLanguage,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  const order = shopOrder();
  return joinShopPlaces(
    joinShopPricing(
      db
        .select({
          id: products.id,
          title: inLanguage(products.titles, products.title, lang).as('title'),
          categoryId: products.categoryId,
          categoryName: inLanguage(category.names, category.name, lang).as('category_name'),
          parentCategoryId: sql<number>`${category.parentId}`.as('parent_category_id'),
          costMinor: shopPricingColumns.costMinor,
          overridePriceMinor: shopPricingColumns.overridePriceMinor.as('override_price_minor'),
          secondLevelPercentage: shopPricingColumns.secondLevelPercentage.as('second_level_percentage'),
          firstLevelPercentage: shopPricingColumns.firstLevelPercentage.as('first_level_percentage'),
          compareAtMinor: shopPricingColumns.compareAtMinor.as('compare_at_minor'),
          ownPriceMinor: shopPricingColumns.ownPriceMinor.as('own_price_minor'),
          ownCompareAtMinor: shopPricingColumns.ownCompareAtMinor.as('own_compare_at_minor'),
          visible: sql<number>`coalesce(${shopProducts.visible}, 1)`.as('visible'),
          views: sql<number>`coalesce(${shopProductStats.views}, 0)`.as('views'),
          clicks: sql<number>`coalesce(${shopProductStats.clicks}, 0)`.as('clicks'),
          place: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('place'),
        })
        .from(products)
        .$dynamic(),
      shopId,
    ),
    shopId,
  )
    .leftJoin(
      shopProductStats,
      and(eq(shopProductStats.shopId, shopId), eq(shopProductStats.productId, products.id)),
    )
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
    .as('page_rows');
}

/**
 * The page's rows with their first image and published review totals, looked up for the page's
 * rows only (lateral joins), in the shop's order.
 */
async function rowsOf(
  db: AppDatabase,
  shopId: number,
  lang: TLanguage,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<ShopProductRow[]> {
  const pageRows = selectPage(db, shopId, lang, where, page);
  const { firstImage, reviewTotals } = pageLookupsOf(db, pageRows.id);
  const variantTotals = variantPricesOf(db, shopId, pageRows.id);
  const rows = await db
    .select({
      id: pageRows.id,
      title: pageRows.title,
      imageUrl: firstImage.url,
      categoryId: pageRows.categoryId,
      categoryName: pageRows.categoryName,
      parentCategoryId: pageRows.parentCategoryId,
      costMinor: pageRows.costMinor,
      overridePriceMinor: pageRows.overridePriceMinor,
      secondLevelPercentage: pageRows.secondLevelPercentage,
      firstLevelPercentage: pageRows.firstLevelPercentage,
      compareAtMinor: pageRows.compareAtMinor,
      ownPriceMinor: pageRows.ownPriceMinor,
      ownCompareAtMinor: pageRows.ownCompareAtMinor,
      variants: variantTotals.count,
      minCostMinor: variantTotals.minCostMinor,
      maxCostMinor: variantTotals.maxCostMinor,
      plainMinCostMinor: variantTotals.plainMinCostMinor,
      plainMaxCostMinor: variantTotals.plainMaxCostMinor,
      own: variantTotals.own,
      stock: variantTotals.stock,
      visible: pageRows.visible,
      views: pageRows.views,
      clicks: pageRows.clicks,
      ratingSum: reviewTotals.ratingSum,
      reviewCount: reviewTotals.reviewCount,
    })
    .from(pageRows)
    .leftJoinLateral(firstImage, sql`true`)
    .leftJoinLateral(reviewTotals, sql`true`)
    .leftJoinLateral(variantTotals, sql`true`)
    .orderBy(pageRows.place);
  return rows.map((row) => ({
    ...row,
    imageUrl: row.imageUrl ?? null,
    // A product on sale has a variant on sale (it is sold as one): the totals always have a row.
    variants: Number(row.variants ?? 1),
    minCostMinor: row.minCostMinor ?? row.costMinor,
    maxCostMinor: row.maxCostMinor ?? row.costMinor,
    plainMinCostMinor: row.plainMinCostMinor ?? null,
    plainMaxCostMinor: row.plainMaxCostMinor ?? null,
    own: row.own ?? [],
    stock: Number(row.stock ?? 0),
    parentCategoryId: Number(row.parentCategoryId),
    visible: Number(row.visible),
    views: Number(row.views),
    clicks: Number(row.clicks),
    ratingSum: Number(row.ratingSum ?? 0),
    reviewCount: Number(row.reviewCount ?? 0),
  }));
}

/**
 * A page of the products on sale as this shop sells them, in the shop's order: first-level
 * category, second-level category (the creator's places first, then the platform's sort), then
 * the creator's product places, then the platform's. Two queries whatever the page size; images
 * and reviews are read for the page's rows only.
 */
export async function pageShopProducts(
  db: AppDatabase,
  shopId: number,
  lang: TLanguage,
  filter: ShopProductFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ShopProductRow[]; total: number }> {
  const where = and(...conditionsOf(filter));
  const rows = await rowsOf(db, shopId, lang, where, page);
  const [counted] = await joinShopProducts(
    db.select({ total: count() }).from(products).$dynamic(),
    shopId,
  ).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** One product on sale as this shop sells it, with its description; undefined when not on sale. */
export async function findShopProduct(
  db: AppDatabase,
  shopId: number,
  lang: TLanguage,
  productId: number,
): Promise<(ShopProductRow & { description: string }) | undefined> {
  const [row] = await rowsOf(db, shopId, lang, and(eq(products.id, productId), ...onSale()), {
    limit: 1,
    offset: 0,
  });
  if (!row) return undefined;
  const [text] = await db
    .select({ description: inLanguage(products.descriptions, products.description, lang) })
    .from(products)
    .where(eq(products.id, productId));
  return { ...row, description: text?.description ?? '' };
}

/**
 * A product on sale (hidden or not) with the shop's pricing inputs and the variant it is sold as;
 * undefined when not on sale.
 */
export async function findShopProductPricing(
  db: AppDatabase,
  shopId: number,
  productId: number,
): Promise<(ShopPricingInputs & { variantId: number }) | undefined> {
  const [row] = await joinShopPricing(
    db
      .select({ variantId: sellingVariant.id, ...shopPricingColumns })
      .from(products)
      .$dynamic(),
    shopId,
  ).where(and(eq(products.id, productId), ...onSale()));
  return row;
}

export async function listProductImages(db: AppDatabase, productId: number): Promise<string[]> {
  const rows = await db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(productImages.sort, productImages.id);
  return rows.map((r) => r.url);
}

/** Which of these ids are products on sale (optionally: in that second-level category). */
export async function findProductsOnSale(
  db: AppDatabase,
  ids: number[],
  categoryId?: number,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(category, eq(category.id, products.categoryId))
    .innerJoin(parent, eq(parent.id, category.parentId))
    .where(
      and(
        inArray(products.id, ids),
        ...onSale(),
        ...(categoryId !== undefined ? [eq(products.categoryId, categoryId)] : []),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The ids of the products on sale in one second-level category. */
export async function listProductIdsOnSale(db: AppDatabase, categoryId: number): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(category, eq(category.id, products.categoryId))
    .innerJoin(parent, eq(parent.id, category.parentId))
    .where(and(eq(products.categoryId, categoryId), ...onSale()));
  return rows.map((r) => r.id);
}

/** Shows or hides products in this shop; keeps each product's override and place. */
export async function setProductsVisible(
  db: AppDatabase,
  shopId: number,
  productIds: number[],
  visible: 0 | 1,
): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .insert(shopProducts)
    .values(productIds.map((productId) => ({ shopId, productId, visible })))
    .onConflictDoUpdate({ target: [shopProducts.shopId, shopProducts.productId], set: { visible } });
}

/** Places the products 1..n in this shop; keeps each product's override and visibility. */
export async function setProductPlaces(db: AppDatabase, shopId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .insert(shopProducts)
    .values(productIds.map((productId, index) => ({ shopId, productId, sort: index + 1 })))
    .onConflictDoUpdate({
      target: [shopProducts.shopId, shopProducts.productId],
      set: { sort: sql`excluded.sort` },
    });
}

export interface ShopCategoryRow {
  id: number;
  parentId: number;
  name: string;
  iconUrl: string | null;
  productCount: number;
}

/**
 * The active categories in this shop's order (placed ones first, then the platform's sort), each
 * with its count of products on sale. A second-level category under a hidden one is left out.
 */
export async function listShopCategories(
  db: AppDatabase,
  shopId: number,
  lang: TLanguage,
): Promise<ShopCategoryRow[]> {
  const productCounts = db
    .select({ categoryId: products.categoryId, productCount: sql<number>`count(*)::int`.as('product_count') })
    .from(products)
    .where(eq(products.status, 1))
    .groupBy(products.categoryId)
    .as('product_counts');
  return db
    .select({
      id: category.id,
      parentId: category.parentId,
      name: inLanguage(category.names, category.name, lang),
      iconUrl: category.iconUrl,
      productCount: sql<number>`coalesce(${productCounts.productCount}, 0)`.mapWith(Number),
    })
    .from(category)
    .leftJoin(parent, eq(parent.id, category.parentId))
    .leftJoin(categoryPlace, and(eq(categoryPlace.shopId, shopId), eq(categoryPlace.categoryId, category.id)))
    .leftJoin(productCounts, eq(productCounts.categoryId, category.id))
    .where(and(eq(category.status, 1), or(eq(category.parentId, 0), eq(parent.status, 1))))
    .orderBy(placeOf(categoryPlace.sort), category.sort, category.id);
}

/**
 * The ids of the active categories directly under `parentId` (0: the first level). Under a
 * hidden or second-level category there are none to order.
 */
export async function listActiveSiblingIds(db: AppDatabase, parentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: category.id })
    .from(category)
    .leftJoin(parent, eq(parent.id, category.parentId))
    .where(
      and(
        eq(category.status, 1),
        eq(category.parentId, parentId),
        ...(parentId === 0 ? [] : [eq(parent.status, 1), eq(parent.parentId, 0)]),
      ),
    );
  return rows.map((r) => r.id);
}

/** Places the categories 1..n in this shop. */
export async function setCategoryPlaces(
  db: AppDatabase,
  shopId: number,
  categoryIds: number[],
): Promise<void> {
  if (categoryIds.length === 0) return;
  await db
    .insert(shopCategories)
    .values(categoryIds.map((categoryId, index) => ({ shopId, categoryId, sort: index + 1 })))
    .onConflictDoUpdate({
      target: [shopCategories.shopId, shopCategories.categoryId],
      set: { sort: sql`excluded.sort` },
    });
}

/**
 * The shop's override, "compare at" and visibility of one product; a value left undefined keeps
 * what was set (`visible` shown, the prices none, on a new row); nothing to set writes nothing.
 */
export async function setShopProduct(
  db: AppDatabase,
  shopId: number,
  productId: number,
  values: {
    overridePriceMinor?: number | null | undefined;
    compareAtMinor?: number | null | undefined;
    visible?: 0 | 1 | undefined;
  },
): Promise<void> {
  const set = {
    ...(values.overridePriceMinor !== undefined ? { overridePriceMinor: values.overridePriceMinor } : {}),
    ...(values.compareAtMinor !== undefined ? { compareAtMinor: values.compareAtMinor } : {}),
    ...(values.visible !== undefined ? { visible: values.visible } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await db
    .insert(shopProducts)
    .values({ shopId, productId, ...set, visible: values.visible ?? 1 })
    .onConflictDoUpdate({ target: [shopProducts.shopId, shopProducts.productId], set });
}

/** A variant's own prices to store: undefined keeps what was set, null removes it. */
export interface VariantPriceChange {
  variantId: number;
  priceMinor?: number | null | undefined;
  compareAtMinor?: number | null | undefined;
}

/**
 * The shop's own prices for variants (decision 0055): each change merged into the variant's row,
 * and a row left with neither price removed (no row: the shop's rules price the variant).
 */
export async function setShopVariantPrices(
  db: AppDatabase,
  shopId: number,
  changes: VariantPriceChange[],
): Promise<void> {
  for (const change of changes) {
    const set = {
      ...(change.priceMinor !== undefined ? { priceMinor: change.priceMinor } : {}),
      ...(change.compareAtMinor !== undefined ? { compareAtMinor: change.compareAtMinor } : {}),
    };
    if (Object.keys(set).length === 0) continue;
    await db
      .insert(shopVariantPrices)
      .values({ shopId, variantId: change.variantId, ...set })
      .onConflictDoUpdate({
        target: [shopVariantPrices.shopId, shopVariantPrices.variantId],
        set: { ...set, updatedAt: stampNow() },
      });
  }
  const ids = changes.map((change) => change.variantId);
  if (ids.length === 0) return;
  await db
    .delete(shopVariantPrices)
    .where(
      and(
        eq(shopVariantPrices.shopId, shopId),
        inArray(shopVariantPrices.variantId, ids),
        isNull(shopVariantPrices.priceMinor),
        isNull(shopVariantPrices.compareAtMinor),
      ),
    );
}
