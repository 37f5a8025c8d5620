import {
  ErrorCode,
  parseStoredRichText,
  type TLanguage,
  type TStorefrontCategory,
  type TStorefrontPage,
  type TStorefrontProductCard,
  type TStorefrontProductDetail,
  type TStorefrontProductPage,
  type TStorefrontProductsQuery,
  type TStorefrontReviewPage,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { listProductChoices, pagePublishedReviews, type PublishedReviewRow } from '../catalog/catalog.api';
import {
  findShopByOldSlug,
  offerInShop,
  ownPricesOf,
  publicShopOf,
  rangeInShop,
  ratingTenths,
  type ShopRow,
} from '../shops/shops.api';
import {
  findProductDetails,
  findStorefrontShop,
  isShownInShop,
  listCurrencies,
  listStorefrontCategories,
  pageStorefrontProducts,
  type StorefrontBannerRow,
  type StorefrontCategoryRow,
  type StorefrontProductRow,
} from './storefront.repository';

/** Products on a shop's first page (the contract's default page size). */
export const FIRST_PAGE_SIZE = 24;
/** Reviews on a product's page. */
export const FIRST_REVIEWS = 10;

/** A shop found by its current slug, with its banners. */
export interface FoundShop {
  shop: ShopRow;
  banners: StorefrontBannerRow[];
}

/**
 * A product in a list: priced at its cheapest variant on sale (`rangeInShop`: under the rules
 * alone prices rise with cost; a variant with its own price is priced on its own), with that
 * variant's "compare at".
 */
function toCard(row: StorefrontProductRow, shop: ShopRow): TStorefrontProductCard {
  const { lowest, highest } = rangeInShop(row, row, shop);
  return {
    id: String(row.id),
    title: row.title,
    imageUrl: row.imageUrl,
    categoryId: String(row.categoryId),
    priceMinor: lowest.sellingMinor,
    priceVaries: highest.sellingMinor !== lowest.sellingMinor,
    compareAtMinor: lowest.compareAtMinor,
    ratingTenths: ratingTenths(row.ratingSum, row.reviewCount),
    reviewCount: row.reviewCount,
    inStock: row.stock > 0,
  };
}

/** Second-level rows (each naming its parent) → the two-level tree, parents counting their children's products. */
export function toCategoryTree(rows: StorefrontCategoryRow[]): TStorefrontCategory[] {
  const parents = new Map<number, TStorefrontCategory>();
  for (const row of rows) {
    let parent = parents.get(row.parentId);
    if (!parent) {
      parent = {
        id: String(row.parentId),
        name: row.parentName,
        iconUrl: row.parentIconUrl,
        productCount: 0,
        children: [],
      };
      parents.set(row.parentId, parent);
    }
    parent.productCount += row.productCount;
    parent.children.push({
      id: String(row.id),
      name: row.name,
      iconUrl: row.iconUrl,
      productCount: row.productCount,
      children: [],
    });
  }
  return [...parents.values()];
}

function toReview(row: PublishedReviewRow) {
  return {
    id: String(row.id),
    authorName: row.authorName,
    rating: row.rating,
    body: row.body,
    verified: row.orderItemId !== null,
    boughtVariant: row.orderItemId === null ? '' : row.boughtVariant,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An operator suspended the shop: buyers get "unavailable" (409 A0632), not its pages. */
export function isSuspended(shop: Pick<ShopRow, 'suspendedReason'>): boolean {
  return shop.suspendedReason !== null;
}

interface Deps {
  db: AppDatabase;
}

/**
 * What a buyer reads: only products shown in the shop (on sale, not hidden by the creator),
 * priced by the shop's rules exactly as the studio computes them (`priceInShop`).
 */
export function createStorefrontService({ db }: Deps) {
  /**
   * A shop by its current slug; an old or unknown one is absent (the HTML pages redirect instead);
   * a suspended one is refused with A0632.
   */
  async function requireShop(slug: string): Promise<FoundShop> {
    const found = await findStorefrontShop(db, slug);
    if (!found) throw AppError.notFound();
    if (isSuspended(found.shop)) throw AppError.of(ErrorCode.SHOP_SUSPENDED, 'creators.shopSuspended');
    return found;
  }

  async function productsOf(
    shop: ShopRow,
    lang: TLanguage,
    query: Pick<TStorefrontProductsQuery, 'categoryId' | 'keywords' | 'pageNum' | 'pageSize'>,
  ): Promise<TStorefrontProductPage> {
    const filter = {
      categoryId: query.categoryId === undefined ? undefined : Number(query.categoryId),
      keywords: query.keywords || undefined,
    };
    const offset = (query.pageNum - 1) * query.pageSize;
    const { rows, total } = await pageStorefrontProducts(db, shop.id, lang, filter, {
      limit: query.pageSize,
      offset,
    });
    if (rows.length === 0 && offset > 0) {
      // Past the last page no row carries the total: count from the first one.
      const first = await pageStorefrontProducts(db, shop.id, lang, filter, { limit: 1, offset: 0 });
      return { list: [], total: first.total };
    }
    return { list: rows.map((row) => toCard(row, shop)), total };
  }

  /** The first page of a shop found by `findShop`. */
  async function pageOf(found: FoundShop, lang: TLanguage): Promise<TStorefrontPage> {
    const { shop, banners } = found;
    const [categories, products, currencies] = await Promise.all([
      listStorefrontCategories(db, shop.id, lang),
      productsOf(shop, lang, { pageNum: 1, pageSize: FIRST_PAGE_SIZE }),
      listCurrencies(db),
    ]);
    return {
      shop: publicShopOf(shop, banners),
      categories: toCategoryTree(categories),
      products,
      currencies,
    };
  }

  /** A product shown in the shop with its first reviews; undefined when it is not shown there. */
  async function productOf(
    shop: ShopRow,
    lang: TLanguage,
    productId: number,
  ): Promise<TStorefrontProductDetail | undefined> {
    const [shown, details, reviews, choices, own] = await Promise.all([
      pageStorefrontProducts(db, shop.id, lang, { productId }, { limit: 1, offset: 0 }),
      findProductDetails(db, productId, lang),
      pagePublishedReviews(db, productId, { limit: FIRST_REVIEWS, offset: 0 }),
      listProductChoices(db, productId, lang),
      ownPricesOf(db, shop.id, { productId }),
    ]);
    const [row] = shown.rows;
    if (!row) return undefined;
    const variants = choices.variants.map((variant) => {
      const offer = offerInShop(row, { costMinor: variant.costMinor, ...own.get(variant.id) }, shop);
      return {
        id: String(variant.id),
        valueIds: variant.valueIds.map(String),
        label: variant.label,
        priceMinor: offer.sellingMinor,
        compareAtMinor: offer.compareAtMinor,
        stock: variant.stock,
        imageUrl: variant.imageUrl,
      };
    });
    const shownFirst = variants.find((variant) => variant.stock > 0) ?? variants[0];
    return {
      ...toCard(row, shop),
      description: parseStoredRichText(details.description),
      images: details.images,
      stock: Math.max(0, row.stock),
      options: choices.options.map((option) => ({
        id: String(option.id),
        name: option.name,
        values: option.values.map((value) => ({ id: String(value.id), name: value.name })),
      })),
      variants,
      defaultVariantId: shownFirst?.id ?? '',
      ratingCounts: details.ratingCounts,
      reviews: { list: reviews.map(toReview), total: row.reviewCount },
    };
  }

  return {
    /** Where a shop that had this slug before a rename is now. */
    movedTo: async (slug: string) => (await findShopByOldSlug(db, slug))?.slug,
    /** A shop by its current slug, with its banners: one query. */
    findShop: (slug: string) => findStorefrontShop(db, slug),
    pageOf,
    productOf,

    /** The JSON first page (its route reuses the answer: the storefront's answer cache). */
    page: async (slug: string, lang: TLanguage): Promise<TStorefrontPage> =>
      pageOf(await requireShop(slug), lang),

    async products(
      slug: string,
      lang: TLanguage,
      query: TStorefrontProductsQuery,
    ): Promise<TStorefrontProductPage> {
      return productsOf((await requireShop(slug)).shop, lang, query);
    },

    /** The JSON product page. */
    async product(slug: string, lang: TLanguage, productId: number): Promise<TStorefrontProductDetail> {
      const detail = await productOf((await requireShop(slug)).shop, lang, productId);
      if (!detail) throw AppError.notFound();
      return detail;
    },

    async reviews(
      slug: string,
      productId: number,
      query: { pageNum: number; pageSize: number },
    ): Promise<TStorefrontReviewPage> {
      const { shop } = await requireShop(slug);
      if (!(await isShownInShop(db, shop.id, productId))) throw AppError.notFound();
      const offset = (query.pageNum - 1) * query.pageSize;
      const rows = await pagePublishedReviews(db, productId, { limit: query.pageSize, offset });
      // Past the last page no row carries the total: count from the first one.
      const first =
        rows[0] ??
        (offset > 0 ? (await pagePublishedReviews(db, productId, { limit: 1, offset: 0 }))[0] : undefined);
      return { list: rows.map(toReview), total: first?.total ?? 0 };
    },
  };
}
export type StorefrontService = ReturnType<typeof createStorefrontService>;
