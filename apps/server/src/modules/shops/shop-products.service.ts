import {
  ErrorCode,
  parseStoredRichText,
  type TLanguage,
  type TShopCategory,
  type TShopCategoryOrderRequest,
  type TShopProduct,
  type TShopProductDetail,
  type TShopProductOrderRequest,
  type TShopProductPage,
  type TShopProductsQuery,
  type TShopProductVariants,
  type TShopProductVisibilityRequest,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import type { MessageKey } from '../../platform/i18n/translate';
import {
  findProductsOnSale,
  findShopProduct,
  findShopProductPricing,
  listActiveSiblingIds,
  listProductIdsOnSale,
  listProductImages,
  listShopCategories,
  pageShopProducts,
  setCategoryPlaces,
  setProductPlaces,
  setProductsVisible,
  type ShopCategoryRow,
  type ShopProductRow,
} from './shop-products.repository';
import { findShopByOwner, lockShopByOwner, type ShopRow } from './shops.repository';
import { listProductChoices, pagePublishedReviews } from '../catalog/catalog.api';
import { offerInShop, ownPricesOf, priceInShop, rangeInShop } from './products-in-shop';

/** The detail drawer shows this many of the latest published reviews. */
export const LATEST_REVIEWS = 20;

/** The caller's shop (locked for the rest of a write's transaction); refused before it is opened. */
async function requireShop(db: AppDatabase, userId: number, lock = false): Promise<ShopRow> {
  const shop = lock ? await lockShopByOwner(db, userId) : await findShopByOwner(db, userId);
  if (!shop) throw AppError.of(ErrorCode.NOT_FOUND, 'shops.notCreated');
  return shop;
}

/** clicks / views in basis points, rounded down; null before the first view. */
export function clickThroughBasisPoints(views: number, clicks: number): number | null {
  return views > 0 ? Math.floor((clicks * 10_000) / views) : null;
}

/** The average rating in tenths of a star, half up, in integers: 4.25 → 43; null without reviews. */
export function ratingTenths(ratingSum: number, reviewCount: number): number | null {
  if (reviewCount === 0) return null;
  return Math.floor((ratingSum * 20 + reviewCount) / (2 * reviewCount));
}

function toShopProduct(row: ShopProductRow, shop: ShopRow): TShopProduct {
  const price = priceInShop(row, shop);
  const range = rangeInShop(row, row, shop);
  return {
    id: String(row.id),
    title: row.title,
    imageUrl: row.imageUrl,
    categoryId: String(row.categoryId),
    categoryName: row.categoryName,
    parentCategoryId: String(row.parentCategoryId),
    costMinor: price.costMinor,
    sellingMinor: price.sellingMinor,
    profitMinor: price.profitMinor,
    source: price.source,
    overridePriceMinor: row.overridePriceMinor,
    compareAtMinor: row.compareAtMinor,
    variants: row.variants,
    minCostMinor: row.minCostMinor,
    maxCostMinor: row.maxCostMinor,
    minSellingMinor: range.lowest.sellingMinor,
    maxSellingMinor: range.highest.sellingMinor,
    minProfitMinor: range.minProfitMinor,
    maxProfitMinor: range.maxProfitMinor,
    stock: row.stock,
    visible: row.visible === 1 ? 1 : 0,
    views: row.views,
    clicks: row.clicks,
    clickThroughBasisPoints: clickThroughBasisPoints(row.views, row.clicks),
    ratingTenths: ratingTenths(row.ratingSum, row.reviewCount),
    reviewCount: row.reviewCount,
  };
}

/** Every id once and exactly the expected set: anything else is refused with `key`. */
function requireExactly(ids: number[], expected: Iterable<number>, key: MessageKey): void {
  const wanted = new Set(expected);
  const given = new Set(ids);
  if (given.size !== ids.length || given.size !== wanted.size || ids.some((id) => !wanted.has(id))) {
    throw AppError.of(ErrorCode.LIST_MISMATCH, key);
  }
}

/** Prices are computed on read from the shop's current rules (decision 0014), never stored. */
export async function pageMyShopProducts(
  db: AppDatabase,
  lang: TLanguage,
  userId: number,
  query: TShopProductsQuery,
): Promise<TShopProductPage> {
  const shop = await requireShop(db, userId);
  const { rows, total } = await pageShopProducts(
    db,
    shop.id,
    lang,
    {
      categoryId: query.categoryId === undefined ? undefined : Number(query.categoryId),
      keywords: query.keywords || undefined,
      visible: query.visible,
    },
    { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize },
  );
  return { list: rows.map((row) => toShopProduct(row, shop)), total };
}

/** A product that is not on sale (withdrawn, or its category hidden) is answered as absent. */
export async function getMyShopProduct(
  db: AppDatabase,
  lang: TLanguage,
  userId: number,
  productId: number,
): Promise<TShopProductDetail> {
  const shop = await requireShop(db, userId);
  const row = await findShopProduct(db, shop.id, lang, productId);
  if (!row) throw AppError.notFound();
  const [images, reviews] = await Promise.all([
    listProductImages(db, productId),
    pagePublishedReviews(db, productId, { limit: LATEST_REVIEWS, offset: 0 }),
  ]);
  return {
    ...toShopProduct(row, shop),
    description: parseStoredRichText(row.description),
    images,
    percentage: priceInShop(row, shop).percentage,
    reviews: reviews.map((r) => ({
      id: String(r.id),
      authorName: r.authorName,
      rating: r.rating,
      body: r.body,
      verified: r.orderItemId !== null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/**
 * A product's variants on sale as the caller's shop prices them (decision 0055), fetched when the
 * studio opens them: each with its label in `lang`, SKU, stock, cost, price, profit and where the
 * price comes from, the shop's own prices typed for it and the "compare at" buyers see. A
 * product not on sale is answered as absent; a hidden one is listed (the studio shows it).
 */
export async function getMyProductVariants(
  db: AppDatabase,
  lang: TLanguage,
  userId: number,
  productId: number,
): Promise<TShopProductVariants> {
  const shop = await requireShop(db, userId);
  const [row, choices, own] = await Promise.all([
    findShopProductPricing(db, shop.id, productId),
    listProductChoices(db, productId, lang),
    ownPricesOf(db, shop.id, { productId }),
  ]);
  if (!row) throw AppError.notFound();
  return {
    productId: String(productId),
    sellingVariantId: String(row.variantId),
    variants: choices.variants.map((variant) => {
      const prices = own.get(variant.id);
      const offer = offerInShop(row, { costMinor: variant.costMinor, ...prices }, shop);
      return {
        id: String(variant.id),
        label: variant.label,
        sku: variant.sku,
        stock: variant.stock,
        costMinor: offer.costMinor,
        sellingMinor: offer.sellingMinor,
        profitMinor: offer.profitMinor,
        source: offer.source,
        percentage: offer.percentage,
        priceMinor: prices?.ownPriceMinor ?? null,
        compareAtMinor: prices?.ownCompareAtMinor ?? null,
        shownCompareAtMinor: offer.compareAtMinor,
      };
    }),
  };
}

/** All or nothing: one id that is not on sale refuses the whole request. */
export async function setMyProductsVisible(
  db: AppDatabase,
  userId: number,
  form: TShopProductVisibilityRequest,
): Promise<void> {
  const ids = [...new Set(form.productIds.map(Number))];
  await withTransaction(db, async (tx) => {
    const shop = await requireShop(tx, userId, true);
    const onSale = await findProductsOnSale(tx, ids);
    if (ids.some((id) => !onSale.has(id))) {
      throw AppError.of(ErrorCode.NOT_ON_SALE, 'shops.products.notOnSale');
    }
    await setProductsVisible(tx, shop.id, ids, form.visible);
  });
}

/** The order names every product on sale in that second-level category, each once. */
export async function orderMyProducts(
  db: AppDatabase,
  userId: number,
  form: TShopProductOrderRequest,
): Promise<void> {
  const ids = form.productIds.map(Number);
  await withTransaction(db, async (tx) => {
    const shop = await requireShop(tx, userId, true);
    const inCategory = await listProductIdsOnSale(tx, Number(form.categoryId));
    requireExactly(ids, inCategory, 'shops.products.orderIncomplete');
    await setProductPlaces(tx, shop.id, ids);
  });
}

function toTree(rows: ShopCategoryRow[]): TShopCategory[] {
  const children = new Map<number, TShopCategory[]>();
  for (const row of rows) {
    if (row.parentId === 0) continue;
    const siblings = children.get(row.parentId) ?? [];
    siblings.push({
      id: String(row.id),
      parentId: String(row.parentId),
      name: row.name,
      iconUrl: row.iconUrl,
      productCount: row.productCount,
      children: [],
    });
    children.set(row.parentId, siblings);
  }
  return rows
    .filter((row) => row.parentId === 0)
    .map((row) => {
      const own = children.get(row.id) ?? [];
      return {
        id: String(row.id),
        parentId: '0',
        name: row.name,
        iconUrl: row.iconUrl,
        productCount: own.reduce((sum, child) => sum + child.productCount, 0),
        children: own,
      };
    });
}

/** The platform's active two-level tree in the shop's order, with counts of products on sale. */
export async function listMyShopCategories(
  db: AppDatabase,
  lang: TLanguage,
  userId: number,
): Promise<TShopCategory[]> {
  const shop = await requireShop(db, userId);
  return toTree(await listShopCategories(db, shop.id, lang));
}

/** The order names every active category directly under `parentId` ('0': the first level), each once. */
export async function orderMyCategories(
  db: AppDatabase,
  userId: number,
  form: TShopCategoryOrderRequest,
): Promise<void> {
  const ids = form.categoryIds.map(Number);
  await withTransaction(db, async (tx) => {
    const shop = await requireShop(tx, userId, true);
    const siblings = await listActiveSiblingIds(tx, Number(form.parentId));
    requireExactly(ids, siblings, 'shops.categories.orderIncomplete');
    await setCategoryPlaces(tx, shop.id, ids);
  });
}
