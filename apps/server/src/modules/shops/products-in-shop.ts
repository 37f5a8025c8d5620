import {
  compareAtPrice,
  priceVariant,
  ROUNDINGS,
  type TLanguage,
  type TPrice,
  type TPriceRules,
  type TRounding,
} from '@linkstore/contract';
import { and, asc, eq, getTableName, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder, type PgSelect } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../platform/db/database';
import { inLanguage } from '../catalog/catalog.api';
import { categories, productImages, products, productVariants, reviews } from '../catalog/catalog.table';
import { shopCategories, shopCategoryPrices, shopProducts, shopVariantPrices } from './shops.table';

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

/** The outer query's product id, always qualified (inside a one-table subquery a bare "id" is its own). */
const PRODUCT_ID = sql`${sql.identifier(getTableName(products))}.${sql.identifier(products.id.name)}`;
const offered = alias(productVariants, 'offered');

/**
 * As `joinShopProducts` joins it (lateral, `joinSellingVariant`): the variant a product is sold as
 * where a line names only the product — its first on sale by sort, then id (decision 0055) — with
 * what is read of it; a product with no variant on sale is not on sale. One index probe per
 * product (`product_variants_product_idx`), not a scan of every variant: with 30,000 variants the
 * equality on a correlated subquery cost a hash join over all of them on every read.
 */
export const sellingVariant = new QueryBuilder()
  .select({
    id: offered.id,
    platformPriceMinor: offered.platformPriceMinor,
    sku: offered.sku,
    stock: offered.stock,
    weightGrams: offered.weightGrams,
  })
  .from(offered)
  .where(and(sql`${offered.productId} = ${PRODUCT_ID}`, eq(offered.status, 1)))
  .orderBy(asc(offered.sort), asc(offered.id))
  .limit(1)
  .as('selling_variant');

/** Joins `sellingVariant` onto a `from(products)` query: products with no variant on sale drop out. */
export function joinSellingVariant<T extends PgSelect>(query: T) {
  return query.innerJoinLateral(sellingVariant, sql`true`);
}
/** As `joinShopPricing` joins it: the shop's own prices for the variant a product is sold as. */
export const sellingVariantPrice = alias(shopVariantPrices, 'selling_variant_price');
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
 * `priceInShop`: the platform price and the shop's rules (null where the shop has none), the
 * product's "compare at" and the shop's own prices for the variant it is sold as.
 */
export const shopPricingColumns = {
  costMinor: sellingVariant.platformPriceMinor,
  overridePriceMinor: sql<number | null>`${shopProducts.overridePriceMinor}`,
  secondLevelPercentage: sql<number | null>`${secondLevelPrice.percentage}`,
  firstLevelPercentage: sql<number | null>`${firstLevelPrice.percentage}`,
  compareAtMinor: sql<number | null>`${shopProducts.compareAtMinor}`,
  ownPriceMinor: sql<number | null>`${sellingVariantPrice.priceMinor}`,
  ownCompareAtMinor: sql<number | null>`${sellingVariantPrice.compareAtMinor}`,
};

/**
 * Joins onto a `from(products)` query what decides whether shop `shopId` sells a product: the
 * variant it is sold as (`sellingVariant`), the product's category and its parent
 * (`productCategory`, `parentCategory`) and the shop's own row for the product (`shopProducts`:
 * visibility, place, override).
 */
export function joinShopProducts<T extends PgSelect>(query: T, shopId: number) {
  return joinSellingVariant(query)
    .innerJoin(productCategory, eq(productCategory.id, products.categoryId))
    .innerJoin(parentCategory, eq(parentCategory.id, productCategory.parentId))
    .leftJoin(shopProducts, and(eq(shopProducts.shopId, shopId), eq(shopProducts.productId, products.id)));
}

/**
 * `joinShopProducts` and everything else that prices a product in shop `shopId`: the shop's
 * own prices for the variant it is sold as, and the shop's percentages for the product's
 * category and its parent.
 */
export function joinShopPricing<T extends PgSelect>(query: T, shopId: number) {
  return joinShopProducts(query, shopId)
    .leftJoin(
      sellingVariantPrice,
      and(eq(sellingVariantPrice.shopId, shopId), eq(sellingVariantPrice.variantId, sellingVariant.id)),
    )
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
  /** The cost of the variant the product is sold as (its first on sale). */
  costMinor: number;
  overridePriceMinor: number | null;
  secondLevelPercentage: number | null;
  firstLevelPercentage: number | null;
  /** The product's "compare at" (sale) price, as the creator typed it. */
  compareAtMinor: number | null;
  /** The shop's own price and "compare at" for the variant the product is sold as. */
  ownPriceMinor: number | null;
  ownCompareAtMinor: number | null;
}

/** A shop's stored rounding as the contract names it; anything unknown rounds nothing. */
export function roundingOf(value: string): TRounding {
  return (ROUNDINGS as readonly string[]).includes(value) ? (value as TRounding) : 'none';
}

type ShopRules = { defaultPercentage: number; rounding: string };

function rulesOf(inputs: ShopPricingInputs, shop: ShopRules): TPriceRules {
  return {
    overrideMinor: inputs.overridePriceMinor,
    secondLevelPercentage: inputs.secondLevelPercentage,
    firstLevelPercentage: inputs.firstLevelPercentage,
    defaultPercentage: shop.defaultPercentage,
    rounding: roundingOf(shop.rounding),
  };
}

/**
 * A product's price in a shop — the price of the variant it is sold as — from `shopPricingColumns`
 * and the shop's default percentage and rounding: the one computation the studio, the price
 * pages, the storefront, checkout and the demo seed all show or charge.
 */
export function priceInShop(inputs: ShopPricingInputs, shop: ShopRules): TPrice {
  return priceVariant(inputs.costMinor, rulesOf(inputs, shop), {
    costMinor: inputs.costMinor,
    ownPriceMinor: inputs.ownPriceMinor,
  });
}

/** One variant as it is priced in a shop: its cost and the shop's own prices for it (null: none). */
export interface VariantPricingInputs {
  costMinor: number;
  ownPriceMinor?: number | null | undefined;
  ownCompareAtMinor?: number | null | undefined;
}

/**
 * One of a product's variants priced in a shop (decision 0055): the shop's own price for the
 * variant wins, as is; else the product's inputs (`costMinor` the cost of the variant it is sold
 * as) with the variant's own cost, the creator's own price for the product carried by
 * `variantOverride` (the same profit on every variant). `priceInShop` prices the variant the
 * product is sold as.
 */
export function priceVariantInShop(
  inputs: ShopPricingInputs,
  variant: VariantPricingInputs,
  shop: ShopRules,
): TPrice {
  return priceVariant(inputs.costMinor, rulesOf(inputs, shop), variant);
}

/** A variant's price and the "compare at" price shown next to it (null: none). */
export interface VariantOffer extends TPrice {
  compareAtMinor: number | null;
}

/**
 * A variant's price in a shop (`priceVariantInShop`) and its "compare at" (`compareAtPrice`):
 * its own, else the product's carried by the same difference as the prices; never above what
 * it changes — the buyer pays `sellingMinor` whatever it is.
 */
export function offerInShop(
  inputs: ShopPricingInputs,
  variant: VariantPricingInputs,
  shop: ShopRules,
): VariantOffer {
  const price = priceVariantInShop(inputs, variant, shop);
  const product = priceInShop(inputs, shop);
  return {
    ...price,
    compareAtMinor: compareAtPrice({
      sellingMinor: price.sellingMinor,
      ownCompareAtMinor: variant.ownCompareAtMinor,
      productCompareAtMinor: inputs.compareAtMinor,
      productSellingMinor: product.sellingMinor,
    }),
  };
}

/**
 * For a product on a page (`productId`: the page subquery's id column, joined laterally), its
 * variants on sale as shop `shopId` prices them: how many, their units together, the lowest and
 * highest cost, the lowest and highest cost of those the shop's rules price alone (`plain*`: no
 * own price or compare-at; null when none), and the others with their own prices (`own`, few:
 * only those the creator typed something for). `rangeInShop` prices them.
 */
export function variantPricesOf(db: AppDatabase, shopId: number, productId: AnyColumn | SQL.Aliased<number>) {
  const plain = sql`${shopVariantPrices.variantId} is null`;
  return db
    .select({
      count: sql<number>`count(*)::int`.as('variants_on_sale'),
      stock: sql<number>`coalesce(sum(${productVariants.stock}), 0)::int`.as('variants_stock'),
      minCostMinor: sql<number | null>`min(${productVariants.platformPriceMinor})`.as('min_cost_minor'),
      maxCostMinor: sql<number | null>`max(${productVariants.platformPriceMinor})`.as('max_cost_minor'),
      plainMinCostMinor: sql<
        number | null
      >`min(${productVariants.platformPriceMinor}) filter (where ${plain})`.as('plain_min_cost_minor'),
      plainMaxCostMinor: sql<
        number | null
      >`max(${productVariants.platformPriceMinor}) filter (where ${plain})`.as('plain_max_cost_minor'),
      own: sql<OwnVariantPrice[] | null>`json_agg(json_build_object(
          'costMinor', ${productVariants.platformPriceMinor},
          'ownPriceMinor', ${shopVariantPrices.priceMinor},
          'ownCompareAtMinor', ${shopVariantPrices.compareAtMinor}
        )) filter (where not ${plain})`.as('own_prices'),
    })
    .from(productVariants)
    .leftJoin(
      shopVariantPrices,
      and(eq(shopVariantPrices.shopId, shopId), eq(shopVariantPrices.variantId, productVariants.id)),
    )
    .where(and(eq(productVariants.productId, productId), eq(productVariants.status, 1)))
    .as('variant_prices');
}

/** A variant with the shop's own prices, as `variantPricesOf` lists it. */
export interface OwnVariantPrice {
  costMinor: number;
  ownPriceMinor: number | null;
  ownCompareAtMinor: number | null;
}

/** What `variantPricesOf` selects, read (a product on sale always has a variant on sale). */
export interface VariantPriceTotals {
  plainMinCostMinor: number | null;
  plainMaxCostMinor: number | null;
  own: OwnVariantPrice[];
}

/** The lowest and highest price of a product's variants on sale, and their profits' range. */
export interface PriceRange {
  /** The cheapest variant's offer (of those as cheap, one showing a "compare at" first). */
  lowest: VariantOffer;
  highest: VariantOffer;
  minProfitMinor: number;
  maxProfitMinor: number;
}

/**
 * The range of a product's prices in a shop from `variantPricesOf`. Under the shop's rules alone
 * prices rise with cost (a percentage, a rounding, the product's own price carried as the same
 * profit), so the cheapest and dearest of those variants bound them; a variant with its own
 * prices is priced on its own.
 */
export function rangeInShop(
  inputs: ShopPricingInputs,
  totals: VariantPriceTotals,
  shop: ShopRules,
): PriceRange {
  const candidates: VariantPricingInputs[] = [...totals.own];
  if (totals.plainMinCostMinor !== null) candidates.push({ costMinor: totals.plainMinCostMinor });
  if (totals.plainMaxCostMinor !== null) candidates.push({ costMinor: totals.plainMaxCostMinor });
  // A product on sale is sold as a variant on sale: never empty, but priced as that one if it were.
  if (candidates.length === 0) candidates.push({ costMinor: inputs.costMinor });
  const offers = candidates.map((variant) => offerInShop(inputs, variant, shop));
  const [first] = offers as [VariantOffer, ...VariantOffer[]];
  let lowest = first;
  let highest = first;
  for (const offer of offers) {
    if (
      offer.sellingMinor < lowest.sellingMinor ||
      (offer.sellingMinor === lowest.sellingMinor &&
        (offer.compareAtMinor ?? 0) > (lowest.compareAtMinor ?? 0))
    ) {
      lowest = offer;
    }
    if (offer.sellingMinor > highest.sellingMinor) highest = offer;
  }
  const profits = offers.map((offer) => offer.profitMinor);
  return { lowest, highest, minProfitMinor: Math.min(...profits), maxProfitMinor: Math.max(...profits) };
}

/** The shop's own prices for a variant (null: none). */
export interface OwnPrices {
  ownPriceMinor: number | null;
  ownCompareAtMinor: number | null;
}

/**
 * The shop's own prices, by variant id (only the variants it has some for): of these variants,
 * or (`{ productId }`) of one product's.
 */
export async function ownPricesOf(
  db: AppDatabase,
  shopId: number,
  of: number[] | { productId: number },
): Promise<Map<number, OwnPrices>> {
  if (Array.isArray(of) && of.length === 0) return new Map();
  const columns = {
    variantId: shopVariantPrices.variantId,
    ownPriceMinor: shopVariantPrices.priceMinor,
    ownCompareAtMinor: shopVariantPrices.compareAtMinor,
  };
  const rows = Array.isArray(of)
    ? await db
        .select(columns)
        .from(shopVariantPrices)
        .where(and(eq(shopVariantPrices.shopId, shopId), inArray(shopVariantPrices.variantId, of)))
    : await db
        .select(columns)
        .from(shopVariantPrices)
        .innerJoin(productVariants, eq(productVariants.id, shopVariantPrices.variantId))
        .where(and(eq(shopVariantPrices.shopId, shopId), eq(productVariants.productId, of.productId)));
  return new Map(rows.map(({ variantId, ...prices }) => [variantId, prices]));
}

/** A product a buyer may order in a shop, with the shop's rules for pricing it. */
export interface SellableProduct extends ShopPricingInputs {
  id: number;
  /** The variant sold (`sellingVariant`) and its SKU. */
  variantId: number;
  sku: string;
  /** What one unit of the variant sold weighs packed. */
  weightGrams: number;
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
        weightGrams: sellingVariant.weightGrams,
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
