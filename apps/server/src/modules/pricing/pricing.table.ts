import { priceProduct, ROUNDINGS, type TRounding } from '@linkstore/contract';
import { and, eq, sql } from 'drizzle-orm';
import { alias, bigint, check, integer, pgTable, primaryKey, type PgSelect } from 'drizzle-orm/pg-core';
import { categories, products } from '../catalog/catalog.table';
import { shopProducts, shops } from '../shops/shops.table';

/**
 * A shop's selling-price percentage for a first- or second-level category (150 = 150% of cost).
 * Precedence (DESIGN.md §3): product override > second-level > first-level > shop default.
 */
export const shopCategoryPrices = pgTable(
  'shop_category_prices',
  {
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    percentage: integer('percentage').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.categoryId] }),
    check('shop_category_prices_min', sql`${t.percentage} >= 100`),
  ],
);

/** As `joinShopPricing` joins them: a product's (second-level) category and its parent… */
export const productCategory = alias(categories, 'category');
export const parentCategory = alias(categories, 'parent');
/** …and the shop's percentages for each (a row only where the shop set one). */
export const secondLevelPrice = alias(shopCategoryPrices, 'second_level');
export const firstLevelPrice = alias(shopCategoryPrices, 'first_level');

/**
 * What prices a product in a shop, to select next to `joinShopPricing` and hand to the contract's
 * `priceProduct`: the platform price and the shop's rules (null where the shop has none).
 */
export const shopPricingColumns = {
  costCents: products.platformPriceCents,
  overridePriceCents: sql<number | null>`${shopProducts.overridePriceCents}`,
  secondLevelPercentage: sql<number | null>`${secondLevelPrice.percentage}`,
  firstLevelPercentage: sql<number | null>`${firstLevelPrice.percentage}`,
};

/**
 * Joins onto a `from(products)` query everything that prices a product in shop `shopId`, in one
 * place for every list, page, checkout and seed that prices: the product's category and its
 * parent (`productCategory`, `parentCategory`), the shop's own row for the product
 * (`shopProducts`: override, visibility, place) and the shop's percentages for both categories.
 */
export function joinShopPricing<T extends PgSelect>(query: T, shopId: number) {
  return query
    .innerJoin(productCategory, eq(productCategory.id, products.categoryId))
    .innerJoin(parentCategory, eq(parentCategory.id, productCategory.parentId))
    .leftJoin(shopProducts, and(eq(shopProducts.shopId, shopId), eq(shopProducts.productId, products.id)))
    .leftJoin(
      secondLevelPrice,
      and(eq(secondLevelPrice.shopId, shopId), eq(secondLevelPrice.categoryId, products.categoryId)),
    )
    .leftJoin(
      firstLevelPrice,
      and(eq(firstLevelPrice.shopId, shopId), eq(firstLevelPrice.categoryId, productCategory.parentId)),
    );
}

/** What `shopPricingColumns` selects: a product's platform price and the shop's rules for it. */
export interface ShopPricingInputs {
  costCents: number;
  overridePriceCents: number | null;
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
  return priceProduct(inputs.costCents, {
    overrideCents: inputs.overridePriceCents,
    secondLevelPercentage: inputs.secondLevelPercentage,
    firstLevelPercentage: inputs.firstLevelPercentage,
    defaultPercentage: shop.defaultPercentage,
    rounding: roundingOf(shop.rounding),
  });
}
