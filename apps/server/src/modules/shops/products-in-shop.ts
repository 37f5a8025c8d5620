import {
  priceProduct,
  ROUNDINGS,
  variantOverride,
  type TLanguage,
  type TRounding,
} from '@linkstore/contract';
import { and, asc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../platform/db/database';
import { defaultVariantOf, inLanguage } from '../catalog/catalog.api';
import { categories, productImages, products, productVariants, reviews } from '../catalog/catalog.table';
import { shopCategories, shopCategoryPrices, shopProducts } from './shops.table';

/*
 * The one read model of "a product in a shop": which products a shop sells (on sale, and not
 * hidden by the creator), what they cost there, and in which order the shop lists them. The
 * studio's list, the price pages, the storefront, checkout and the demo seed all build their
 * queries from these parts, so they can never disagree.
 */

/**
 * A place the creator dragged something to (1..n) before the platform's order; no row or 0
 * (a row written only for a price or visibility) means "not placed": after the placed ones.
 */
export const placeOf = (sort: AnyColumn) => sql`coalesce(nullif(${sort}, 0), 2147483647)`;

/**
 * As `joinShopProducts` joins it: the variant a product is sold as where a line names only the
 * product (its first on sale, decision 0055); a product with no variant on sale is not on sale.
 */
export const sellingVariant = alias(productVariants, 'selling_variant');
/** As `joinShopPricing` joins them: a product's (second-level) category and its parent… */
export const productCategory = alias(categories, 'category');
export const parentCategory = alias(categories, 'parent');
/** …and the shop's percentages for each (a row only where the shop set one). */
export const secondLevelPrice = alias(shopCategoryPrices, 'second_level');
export const firstLevelPrice = alias(shopCategoryPrices, 'first_level');
/** As `joinShopPlaces` joins them: the creator's places of the product's category and its parent. */
export const categoryPlace = alias(shopCategories, 'category_place');
export const parentPlace = alias(shopCategories, 'parent_place');

/**
 * What prices a product in a shop, to select next to `joinShopPricing` and hand to
 * `priceInShop`: the platform price and the shop's rules (null where the shop has none).
 */
export const shopPricingColumns = {
  costMinor: sellingVariant.platformPriceMinor,
  overridePriceMinor: sql<number | null>`${shopProducts.overridePriceMinor}`,
  secondLevelPercentage: sql<number | null>`${secondLevelPrice.percentage}`,
  firstLevelPercentage: sql<number | null>`${firstLevelPrice.percentage}`,
};

/**
 * Joins onto a `from(products)` query what decides whether shop `shopId` sells a product: the
 * variant it is sold as (`sellingVariant`), the product's category and its parent
 * (`productCategory`, `parentCategory`) and the shop's own row for the product (`shopProducts`:
 * visibility, place, override).
 */
export function joinShopProducts<T extends PgSelect>(query: T, shopId: number) {
  return query
    .innerJoin(sellingVariant, eq(sellingVariant.id, defaultVariantOf(products.id)))
    .innerJoin(productCategory, eq(productCategory.id, products.categoryId))
    .innerJoin(parentCategory, eq(parentCategory.id, productCategory.parentId))
    .leftJoin(shopProducts, and(eq(shopProducts.shopId, shopId), eq(shopProducts.productId, products.id)));
}

/**
 * `joinShopProducts` and everything else that prices a product in shop `shopId`: the shop's
 * percentages for the product's category and its parent.
 */
export function joinShopPricing<T extends PgSelect>(query: T, shopId: number) {
  return joinShopProducts(query, shopId)
    .leftJoin(
      secondLevelPrice,
      and(eq(secondLevelPrice.shopId, shopId), eq(secondLevelPrice.categoryId, products.categoryId)),
    )
    .leftJoin(
      firstLevelPrice,
      and(eq(firstLevelPrice.shopId, shopId), eq(firstLevelPrice.categoryId, productCategory.parentId)),
    );
}

/** Joins the creator's places of the categories (`categoryPlace`, `parentPlace`) for `shopOrder`. */
export function joinShopPlaces<T extends PgSelect>(query: T, shopId: number) {
  return query
    .leftJoin(parentPlace, and(eq(parentPlace.shopId, shopId), eq(parentPlace.categoryId, parentCategory.id)))
    .leftJoin(
      categoryPlace,
      and(eq(categoryPlace.shopId, shopId), eq(categoryPlace.categoryId, productCategory.id)),
    );
}

/** On sale: an active product in an active second-level category under an active first-level one. */
export const onSale = (): SQL[] => [
  eq(products.status, 1),
  eq(productCategory.status, 1),
  eq(parentCategory.status, 1),
];

/** Not hidden by the creator (no row: shown). */
export const shownByShop = (): SQL => sql`coalesce(${shopProducts.visible}, 1) = 1`;

/** Sellable in the shop: on sale and not hidden — what the storefront shows and checkout takes. */
export const sellableInShop = (): SQL[] => [...onSale(), shownByShop()];

/** The shop's order of categories (with `joinShopPlaces`): the first level, then the second. */
export const shopCategoryOrder = (): SQL[] => [
  placeOf(parentPlace.sort),
  sql`${parentCategory.sort}`,
  sql`${parentCategory.id}`,
  placeOf(categoryPlace.sort),
  sql`${productCategory.sort}`,
  sql`${productCategory.id}`,
];

/**
 * The shop's order of its products (with `joinShopPlaces`): first-level category, second-level
 * category (the creator's places first, then the platform's sort), then the creator's product
 * places, then the platform's. The studio's lists and the storefront use it.
 */
export const shopOrder = (): SQL[] => [
  ...shopCategoryOrder(),
  placeOf(shopProducts.sort),
  sql`${products.sort}`,
  sql`${products.id}`,
];

/**
 * For a page of products already chosen (`productId`: the page subquery's id column), the
 * lookups made for its rows only, to join laterally: the first image (by sort, then id) and the
 * published reviews' count and rating sum.
 */
export function pageLookupsOf(db: AppDatabase, productId: AnyColumn | SQL.Aliased<number>) {
  const firstImage = db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(productImages.sort, productImages.id)
    .limit(1)
    .as('first_image');
  const reviewTotals = db
    .select({
      reviewCount: sql<number>`count(*)::int`.as('review_count'),
      ratingSum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`.as('rating_sum'),
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 1)))
    .as('review_totals');
  return { firstImage, reviewTotals };
}

/** The address of a product's first image (by sort, then id), or null. */
export const firstImageUrl = () =>
  sql<string | null>`(select ${productImages.url} from ${productImages}
    where ${productImages.productId} = ${products.id}
    order by ${productImages.sort}, ${productImages.id} limit 1)`;

/** What `shopPricingColumns` selects: a product's platform price and the shop's rules for it. */
export interface ShopPricingInputs {
  costMinor: number;
  overridePriceMinor: number | null;
  secondLevelPercentage: number | null;
  firstLevelPercentage: number | null;
}

/** A shop's stored rounding as the contract names it; anything unknown rounds nothing. */
export function roundingOf(value: string): TRounding {
  return (ROUNDINGS as readonly string[]).includes(value) ? (value as TRounding) : 'none';
}

/**
 * A product's price in a shop, from `shopPricingColumns` and the shop's default percentage and
 * rounding: the one computation the studio, the price pages, the storefront, checkout and the
 * demo seed all show or charge.
 */
export function priceInShop(
  inputs: ShopPricingInputs,
  shop: { defaultPercentage: number; rounding: string },
): ReturnType<typeof priceProduct> {
  return priceProduct(inputs.costMinor, {
    overrideMinor: inputs.overridePriceMinor,
    secondLevelPercentage: inputs.secondLevelPercentage,
    firstLevelPercentage: inputs.firstLevelPercentage,
    defaultPercentage: shop.defaultPercentage,
    rounding: roundingOf(shop.rounding),
  });
}

/**
 * One of a product's variants priced in a shop: the product's inputs (`costMinor` the cost of the
 * variant it is sold as) with the variant's own cost; the creator's own price for the product is
 * carried by `variantOverride` (the same profit on every variant). `priceInShop` of the product's
 * inputs as they are prices the variant it is sold as.
 */
export function priceVariantInShop(
  inputs: ShopPricingInputs,
  variantCostMinor: number,
  shop: { defaultPercentage: number; rounding: string },
): ReturnType<typeof priceProduct> {
  return priceInShop(
    {
      ...inputs,
      costMinor: variantCostMinor,
      overridePriceMinor: variantOverride(inputs.overridePriceMinor, inputs.costMinor, variantCostMinor),
    },
    shop,
  );
}

/** A product a buyer may order in a shop, with the shop's rules for pricing it. */
export interface SellableProduct extends ShopPricingInputs {
  id: number;
  /** The variant sold (`sellingVariant`) and its SKU. */
  variantId: number;
  sku: string;
  title: string;
  imageUrl: string | null;
}

/**
 * The products shop `shopId` sells now (on sale, not hidden), by id, with their titles in `lang`
 * (English when missing) and their pricing inputs: of `ids` when given (checkout), else the first
 * `limit` (the demo seed).
 */
export function listSellableProducts(
  db: AppDatabase,
  shopId: number,
  options: { lang: TLanguage; ids?: number[]; limit?: number },
): Promise<SellableProduct[]> {
  const query = joinShopPricing(
    db
      .select({
        id: products.id,
        variantId: sellingVariant.id,
        sku: sellingVariant.sku,
        title: inLanguage(products.titles, products.title, options.lang),
        imageUrl: firstImageUrl(),
        ...shopPricingColumns,
      })
      .from(products)
      .$dynamic(),
    shopId,
  )
    .where(and(...sellableInShop(), ...(options.ids ? [inArray(products.id, options.ids)] : [])))
    .orderBy(asc(products.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}
