import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { categories } from '../catalog/catalog.table';
import { shops } from '../shops/shops.table';

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
