import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { TLanguage } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { inLanguage, textMatches } from '../catalog/catalog.api';
import { productImages, products, reviews } from '../catalog/catalog.table';
import { countries } from '../countries/countries.table';
import {
  firstLevelPrice as firstLevel,
  joinShopPlaces,
  joinShopPricing,
  joinShopProducts,
  pageLookupsOf,
  parentCategory as parent,
  categoryPlace,
  parentPlace,
  productCategory as category,
  secondLevelPrice as secondLevel,
  sellableInShop as shownIn,
  sellingVariant,
  sellingVariantPrice,
  shopCategoryOrder,
  shopOrder,
  variantPricesOf,
  type OwnVariantPrice,
  type ShopRow,
} from '../shops/shops.api';
import { shopBanners, shopProducts, shops, shopSlugHistory } from '../shops/shops.table';
import { containsPattern } from '../../platform/db/like';

export interface StorefrontBannerRow {
  imageUrl: string;
  linkUrl: string | null;
  title: string;
}

/** The shop with its banners in the creator's order: one query (a row per banner). */
export async function findStorefrontShop(
  db: AppDatabase,
  slug: string,
): Promise<{ shop: ShopRow; banners: StorefrontBannerRow[] } | undefined> {
  const rows = await db
    .select({
      shop: shops,
      banner: { imageUrl: shopBanners.imageUrl, linkUrl: shopBanners.linkUrl, title: shopBanners.title },
    })
    .from(shops)
    .leftJoin(shopBanners, eq(shopBanners.shopId, shops.id))
    .where(eq(shops.slug, slug))
    .orderBy(shopBanners.sort, shopBanners.id);
  const [first] = rows;
  if (!first) return undefined;
  return { shop: first.shop, banners: rows.flatMap((r) => (r.banner ? [r.banner] : [])) };
}

/** Every slug a shop's answers may be stored under: its current one and those it had before. */
export async function slugsOfShop(db: AppDatabase, shopId: number): Promise<string[]> {
  const rows = await db
    .select({ slug: shops.slug })
    .from(shops)
    .where(eq(shops.id, shopId))
    .unionAll(
      db
        .select({ slug: shopSlugHistory.slug })
        .from(shopSlugHistory)
        .where(eq(shopSlugHistory.shopId, shopId)),
    );
  return rows.map((r) => r.slug);
}

export interface StorefrontCategoryRow {
  id: number;
  parentId: number;
  name: string;
  iconUrl: string | null;
  parentName: string;
  parentIconUrl: string | null;
  productCount: number;
}

/**
 * The second-level categories that have products shown in this shop, with their parents, in the
 * shop's order (the same order as the studio's lists): one query.
 */
export function listStorefrontCategories(
  db: AppDatabase,
  shopId: number,
  lang: TLanguage,
): Promise<StorefrontCategoryRow[]> {
  const query = db
    .select({
      id: category.id,
      parentId: parent.id,
      name: inLanguage(category.names, category.name, lang),
      iconUrl: category.iconUrl,
      parentName: inLanguage(parent.names, parent.name, lang),
      parentIconUrl: parent.iconUrl,
      productCount: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(products)
    .$dynamic();
  return joinShopPlaces(joinShopProducts(query, shopId), shopId)
    .where(and(...shownIn()))
    .groupBy(category.id, parent.id, parentPlace.sort, categoryPlace.sort)
    .orderBy(...shopCategoryOrder());
}

export interface StorefrontProductRow {
  id: number;
  title: string;
  imageUrl: string | null;
  categoryId: number;
  /** The cost of the variant the product is sold as (its first on sale): what its own price carries. */
  costMinor: number;
  /** The lowest and highest cost of its variants on sale. */
  minCostMinor: number;
  maxCostMinor: number;
  /** Units of its variants on sale. */
  stock: number;
  /** For `rangeInShop`: the cost range of those priced by the rules alone, and the others. */
  plainMinCostMinor: number | null;
  plainMaxCostMinor: number | null;
  own: OwnVariantPrice[];
  overridePriceMinor: number | null;
  secondLevelPercentage: number | null;
  firstLevelPercentage: number | null;
  /** The product's "compare at", and the shop's own prices for the variant it is sold as. */
  compareAtMinor: number | null;
  ownPriceMinor: number | null;
  ownCompareAtMinor: number | null;
  ratingSum: number;
  reviewCount: number;
}

export interface StorefrontProductFilter {
  /** A first-level category (all its subcategories) or a second-level one. */
  categoryId?: number | undefined;
  keywords?: string | undefined;
  /** Just this product (when shown). */
  productId?: number | undefined;
}

function filterOf(filter: StorefrontProductFilter): SQL[] {
  const conditions = shownIn();
  if (filter.categoryId !== undefined) {
    const inCategory = or(
      eq(products.categoryId, filter.categoryId),
      eq(category.parentId, filter.categoryId),
    );
    if (inCategory) conditions.push(inCategory);
  }
  if (filter.keywords)
    conditions.push(textMatches(products.title, products.titles, containsPattern(filter.keywords)));
  if (filter.productId !== undefined) conditions.push(eq(products.id, filter.productId));
  return conditions;
}

/**
 * A page of the products shown in this shop, in the shop's order (the studio's order: the
 * creator's places of categories and products first, then the platform's), with their pricing
 * rules and the total: one query. The first image and the review totals are looked up only for
 * the page's rows (lateral joins on the page), not for every product of the shop.
 */
export async function pageStorefrontProducts(
  db: AppDatabase,
  shopId: number,
  lang: TLanguage,
  filter: StorefrontProductFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: StorefrontProductRow[]; total: number }> {
  const order = shopOrder();
  const pageRows = joinShopPlaces(
    joinShopPricing(
      db
        .select({
          id: products.id,
          title: inLanguage(products.titles, products.title, lang).as('title'),
          categoryId: products.categoryId,
          costMinor: sellingVariant.platformPriceMinor,
          overridePriceMinor: shopProducts.overridePriceMinor,
          secondLevelPercentage: sql<number | null>`${secondLevel.percentage}`.as('second_level_percentage'),
          firstLevelPercentage: sql<number | null>`${firstLevel.percentage}`.as('first_level_percentage'),
          compareAtMinor: sql<number | null>`${shopProducts.compareAtMinor}`.as('compare_at_minor'),
          ownPriceMinor: sql<number | null>`${sellingVariantPrice.priceMinor}`.as('own_price_minor'),
          ownCompareAtMinor: sql<number | null>`${sellingVariantPrice.compareAtMinor}`.as(
            'own_compare_at_minor',
          ),
          place: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('place'),
          total: sql<number>`count(*) over ()`.as('total'),
        })
        .from(products)
        .$dynamic(),
      shopId,
    ),
    shopId,
  )
    .where(and(...filterOf(filter)))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
    .as('page_rows');
  const { firstImage, reviewTotals } = pageLookupsOf(db, pageRows.id);
  const variantTotals = variantPricesOf(db, shopId, pageRows.id);
  const rows = await db
    .select({
      id: pageRows.id,
      title: pageRows.title,
      imageUrl: firstImage.url,
      categoryId: pageRows.categoryId,
      costMinor: pageRows.costMinor,
      minCostMinor: variantTotals.minCostMinor,
      maxCostMinor: variantTotals.maxCostMinor,
      plainMinCostMinor: variantTotals.plainMinCostMinor,
      plainMaxCostMinor: variantTotals.plainMaxCostMinor,
      own: variantTotals.own,
      stock: variantTotals.stock,
      overridePriceMinor: pageRows.overridePriceMinor,
      secondLevelPercentage: pageRows.secondLevelPercentage,
      firstLevelPercentage: pageRows.firstLevelPercentage,
      compareAtMinor: pageRows.compareAtMinor,
      ownPriceMinor: pageRows.ownPriceMinor,
      ownCompareAtMinor: pageRows.ownCompareAtMinor,
      ratingSum: reviewTotals.ratingSum,
      reviewCount: reviewTotals.reviewCount,
      total: pageRows.total,
    })
    .from(pageRows)
    .leftJoinLateral(firstImage, sql`true`)
    .leftJoinLateral(reviewTotals, sql`true`)
    .leftJoinLateral(variantTotals, sql`true`)
    .orderBy(pageRows.place);
  const total = rows[0] ? Number(rows[0].total) : 0;
  return {
    rows: rows.map(({ total: _total, ...row }) => ({
      ...row,
      imageUrl: row.imageUrl ?? null,
      // A product on sale has a variant on sale (it is sold as one): the totals always have a row.
      minCostMinor: row.minCostMinor ?? row.costMinor,
      maxCostMinor: row.maxCostMinor ?? row.costMinor,
      plainMinCostMinor: row.plainMinCostMinor ?? null,
      plainMaxCostMinor: row.plainMaxCostMinor ?? null,
      own: row.own ?? [],
      stock: Number(row.stock ?? 0),
      ratingSum: Number(row.ratingSum ?? 0),
      reviewCount: Number(row.reviewCount ?? 0),
    })),
    total,
  };
}

/** True when the product is shown in this shop (on sale and not hidden). */
export async function isShownInShop(db: AppDatabase, shopId: number, productId: number): Promise<boolean> {
  const rows = await joinShopProducts(db.select({ id: products.id }).from(products).$dynamic(), shopId).where(
    and(eq(products.id, productId), ...shownIn()),
  );
  return rows.length > 0;
}

export interface StorefrontCurrencyRow {
  code: string;
  symbol: string;
  rateMicros: number;
}

/** Each currency of the countries table once, with the operators' rate (USD per 10⁶). */
export function listCurrencies(db: AppDatabase): Promise<StorefrontCurrencyRow[]> {
  return db
    .selectDistinctOn([countries.currencyCode], {
      code: countries.currencyCode,
      symbol: countries.currencySymbol,
      rateMicros: countries.ratePerUsdMicros,
    })
    .from(countries)
    .orderBy(countries.currencyCode, countries.sort, countries.id);
}

/** The product's description in the language, images in order and published reviews per star: one query. */
export async function findProductDetails(
  db: AppDatabase,
  productId: number,
  lang: TLanguage,
): Promise<{ description: string; images: string[]; ratingCounts: number[] }> {
  // Parameters, not correlations: a single-table select names its columns without the table.
  const [row] = await db
    .select({
      description: inLanguage(products.descriptions, products.description, lang),
      images: sql<
        string[] | null
      >`(select json_agg(${productImages.url} order by ${productImages.sort}, ${productImages.id})
        from ${productImages} where ${productImages.productId} = ${productId})`,
      counts: sql<
        { rating: number; n: number }[] | null
      >`(select json_agg(json_build_object('rating', r.rating, 'n', r.n))
        from (select ${reviews.rating} as rating, count(*)::int as n from ${reviews}
          where ${reviews.productId} = ${productId} and ${reviews.status} = 1 group by ${reviews.rating}) r)`,
    })
    .from(products)
    .where(eq(products.id, productId));
  const ratingCounts = [0, 0, 0, 0, 0];
  for (const { rating, n } of row?.counts ?? []) {
    if (rating >= 1 && rating <= 5) ratingCounts[rating - 1] = n;
  }
  return { description: row?.description ?? '', images: row?.images ?? [], ratingCounts };
}
