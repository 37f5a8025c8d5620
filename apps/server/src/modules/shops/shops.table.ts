import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';
import { categories, products, productVariants } from '../catalog/catalog.table';

/** A creator's shop (one per creator). Its public link is `/s/<slug>`. */
export const shops = pgTable(
  'shops',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-case letters, digits and single hyphens. */
    slug: varchar('slug', { length: 40 }).notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    description: text('description').notNull().default(''),
    bannerUrl: text('banner_url'),
    /** Also the page icon of the shop. */
    imageUrl: text('image_url'),
    /** Where the creator's profit is paid out (PayPal Payouts receiver); null until they set it. */
    paypalEmail: varchar('paypal_email', { length: 254 }),
    /**
     * PayPal's payer id of the account the creator connected with "Log in with PayPal"; with it,
     * `paypal_email` is that account's verified email. Null: no account, or a typed email from
     * before the binding (shown as not verified; payouts need a connected account).
     */
    paypalPayerId: varchar('paypal_payer_id', { length: 64 }),
    /** When the creator connected the account (PayPal verified it). */
    paypalVerifiedAt: timestamp('paypal_verified_at', { withTimezone: true }),
    /** The creator asked for an automatic weekly payout of the available balance. */
    autoPayout: boolean('auto_payout').notNull().default(false),
    /** An operator stopped this creator's payouts (the reason they gave); null: not held. */
    payoutsHeldReason: text('payouts_held_reason'),
    payoutsHeldBy: bigint('payouts_held_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    payoutsHeldAt: timestamp('payouts_held_at', { withTimezone: true }),
    /**
     * An operator suspended the shop (the reason they gave): its storefront shows "unavailable" and
     * checkout is refused; its existing orders continue. Null: open.
     */
    suspendedReason: text('suspended_reason'),
    suspendedBy: bigint('suspended_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** First save on the price adjustment pages (quick start step 3). */
    pricesSavedAt: timestamp('prices_saved_at', { withTimezone: true }),
    /** First time the creator copied, shared or downloaded the QR code of the link (step 4). */
    linkSharedAt: timestamp('link_shared_at', { withTimezone: true }),
    /** Selling price as a percentage of cost where no category or product rule applies. */
    defaultPercentage: integer('default_percentage').notNull().default(200),
    /** none | 99 | 95 | whole: how computed selling prices are rounded (up, never below cost). */
    rounding: varchar('rounding', { length: 8 }).notNull().default('none'),
    /**
     * The creator's free shipping: an order whose items less its discount reach this amount (US
     * cents) ships free by its cheapest method, paid from the creator's profit; null: not offered.
     */
    freeShippingOverMinor: integer('free_shipping_over_minor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shops_owner_key').on(t.ownerUserId),
    uniqueIndex('shops_slug_key').on(t.slug),
    check('shops_default_percentage_min', sql`${t.defaultPercentage} >= 100`),
    check(
      'shops_free_shipping_over',
      sql`${t.freeShippingOverMinor} is null or ${t.freeShippingOverMinor} between 1 and 10000000`,
    ),
  ],
);

/** Slugs a shop had before a rename: old links keep working by redirecting to the current one. */
export const shopSlugHistory = pgTable('shop_slug_history', {
  slug: varchar('slug', { length: 40 }).primaryKey(),
  shopId: bigint('shop_id', { mode: 'number' })
    .notNull()
    .references(() => shops.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The shop's own banners, in the order the creator dragged them into. */
export const shopBanners = pgTable(
  'shop_banners',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url'),
    title: varchar('title', { length: 120 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index().on(t.shopId, t.sort)],
);

/**
 * A shop's settings for one product: shown or hidden, its place, an optional selling price
 * override (US cents, never below the platform price: the price of the variant the product is
 * sold as, decision 0055) and an optional "compare at" (sale) price shown struck through. No row
 * means: shown, default place, no override, no compare-at.
 */
export const shopProducts = pgTable(
  'shop_products',
  {
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    overridePriceMinor: integer('override_price_minor'),
    compareAtMinor: integer('compare_at_minor'),
    visible: smallint('visible').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.productId] }),
    check('shop_products_compare_at_positive', sql`${t.compareAtMinor} > 0`),
  ],
);

/**
 * A shop's own prices for one variant (migration 0034, decision 0055), US cents: `priceMinor`
 * wins over the shop's rules and the product's own price (used as is, never below the variant's
 * cost); `compareAtMinor` is its "compare at" (sale) price. Null: none; no row: neither.
 */
export const shopVariantPrices = pgTable(
  'shop_variant_prices',
  {
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    variantId: bigint('variant_id', { mode: 'number' })
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    priceMinor: integer('price_minor'),
    compareAtMinor: integer('compare_at_minor'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.variantId] }),
    index('shop_variant_prices_variant_idx').on(t.variantId),
    check('shop_variant_prices_price_positive', sql`${t.priceMinor} > 0`),
    check('shop_variant_prices_compare_at_positive', sql`${t.compareAtMinor} > 0`),
  ],
);

/**
 * The creator's order of categories in their shop (drag-sort). No row: the platform's order,
 * after the categories the creator placed.
 */
export const shopCategories = pgTable(
  'shop_categories',
  {
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.categoryId] })],
);

/**
 * How often a product was shown in the shop and opened from it: the creator's clicks and
 * click-through rate (clicks / views). Counted by the storefront; no row means never shown.
 */
export const shopProductStats = pgTable(
  'shop_product_stats',
  {
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    /** Times a buyer put it in the cart. */
    addToCarts: integer('add_to_carts').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.productId] }),
    check('shop_product_stats_counts', sql`${t.views} >= 0 and ${t.clicks} >= 0 and ${t.addToCarts} >= 0`),
  ],
);

/**
 * A shop's selling-price percentage for a first- or second-level category (150 = 150% of cost).
 * Precedence: product override > second-level > first-level > shop default.
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

/** What operators did to a shop and its creator, with who and why: suspend, lift, hold, release. */
export const shopActions = pgTable(
  'shop_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** 'suspend', 'lift', 'hold_payouts', 'release_payouts'. */
    action: varchar('action', { length: 24 }).notNull(),
    reason: text('reason').notNull().default(''),
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shop_actions_shop_idx').on(t.shopId, t.createdAt)],
);
