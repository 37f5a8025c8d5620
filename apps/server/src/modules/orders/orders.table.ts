import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  TOrderEvent,
  TOrderStatus,
  TPurchaseStatus,
  TRecordedOrderEvent,
  TShippingAddress,
} from '@linkstore/contract';
import { users } from '../../platform/auth/auth.tables';
import { shops } from '../shops/shops.table';

/**
 * An order in a creator's shop. Status only moves forward: 0 unpaid → 1 paid (in transit, a buyer
 * paid the selling price) → 2 completed. Amounts are integer minor units of `currency_code` (USD:
 * platform prices are kept in US cents), frozen when the order is placed.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The number buyers and creators see and PayPal echoes back as our reference. */
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** The shop's owner at order time: every creator query filters on it. */
    ownerUserId: bigint('owner_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 0 unpaid, 1 paid / in transit, 2 completed; only moves forward (decision 0020). */
    status: smallint('status').$type<TOrderStatus>().notNull().default(0),
    /** 'c': a buyer's checkout in the shop; 'b': an order the creator pays the platform for. */
    side: varchar('side', { length: 1 }).$type<'c' | 'b'>().notNull().default('c'),
    buyerEmail: varchar('buyer_email', { length: 254 }).notNull(),
    shippingAddress: jsonb('shipping_address').$type<TShippingAddress>().notNull(),
    /** The buyer's language when ordering: their confirmation mail is written in it. */
    language: varchar('language', { length: 8 }).notNull().default('en'),
    currencyCode: varchar('currency_code', { length: 3 }).notNull().default('USD'),
    /**
     * What the buyer pays: items (Σ selling price × quantity) − discount + shipping + tax
     * (decision 0056). Before issue 34 the items alone.
     */
    totalMinor: integer('total_minor').notNull(),
    /** Sum of the items' platform prices × quantities: what the platform keeps. */
    platformMinor: integer('platform_minor').notNull(),
    /**
     * items − discount − platform (= total − shipping − tax − platform): the creator's profit,
     * credited to the ledger once the payment is captured. Shipping and tax are never theirs.
     */
    profitMinor: integer('profit_minor').notNull(),
    /** The shop's discount, out of the creator's profit (Σ of the lines' shares). */
    discountMinor: integer('discount_minor').notNull().default(0),
    /** The shop's discount code given (upper-cased; the discounts module keeps its uses). */
    discountCode: varchar('discount_code', { length: 32 }),
    /** The shipping method's price the buyer pays, before its tax. */
    shippingMinor: integer('shipping_minor').notNull().default(0),
    /**
     * The shipping the creator's free-shipping offer paid from their profit (the cheapest method's
     * price, or what of it the buyer's method costs); never the buyer's, never tax.
     */
    creatorShippingMinor: integer('creator_shipping_minor').notNull().default(0),
    /** All tax on the order: Σ the lines' tax + the shipping's (`shipping_tax_minor`). */
    taxMinor: integer('tax_minor').notNull().default(0),
    shippingTaxMinor: integer('shipping_tax_minor').notNull().default(0),
    /** Where prices include tax: the tax the discount took off with it, to show the discount with it. */
    discountTaxMinor: integer('discount_tax_minor').notNull().default(0),
    /** The method chosen (no foreign key: an order outlives a method removed later), frozen. */
    shippingMethodId: bigint('shipping_method_id', { mode: 'number' }),
    shippingMethod: varchar('shipping_method', { length: 60 }),
    deliveryMinDays: smallint('delivery_min_days'),
    deliveryMaxDays: smallint('delivery_max_days'),
    /** The tax charged ('VAT', 'Sales tax'), its rate and whether the buyer's prices showed it. */
    taxName: varchar('tax_name', { length: 40 }),
    /** The jurisdiction whose rate was charged: its country, and its region ('' the whole country's). */
    taxCountry: varchar('tax_country', { length: 2 }),
    taxRegion: varchar('tax_region', { length: 3 }).notNull().default(''),
    taxRateMicros: integer('tax_rate_micros').notNull().default(0),
    taxInclusive: boolean('tax_inclusive').notNull().default(false),
    /**
     * EU imports: 'ioss' — a consignment of goods worth at most €150, its VAT collected at checkout
     * (Import One-Stop Shop); 'import' — worth more, its import VAT and duties paid on delivery,
     * none at checkout. null elsewhere.
     */
    taxScheme: varchar('tax_scheme', { length: 8 }).$type<'ioss' | 'import'>(),
    /** Where the buyer came from (the link's user_source / page_source). */
    userSource: varchar('user_source', { length: 64 }).notNull().default('default'),
    pageSource: varchar('page_source', { length: 64 }).notNull().default(''),
    /** Stock held for an unpaid order until then; released by the expiry sweep if still unpaid. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /**
     * The buyer's checkout attempt (a random key the storefront makes per attempt): the same key
     * again — a resent request, a second tab — answers the order it already placed.
     */
    checkoutKey: varchar('checkout_key', { length: 64 }),
    /** Set when something about the payment needs a human (e.g. captured a different amount). */
    flag: text('flag'),
    /** Why it is flagged: 'amount_mismatch' (captured another amount) or 'stock_short'. */
    flagReason: varchar('flag_reason', { length: 24 }),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    /** How an operator resolved the flag: 'refund', 'accept' or 'note'; null while open. */
    flagResolution: varchar('flag_resolution', { length: 8 }),
    flagNote: text('flag_note'),
    flagResolvedBy: bigint('flag_resolved_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    flagResolvedAt: timestamp('flag_resolved_at', { withTimezone: true }),
    /**
     * Who is capturing a payment for this unpaid order right now: 'c' (its buyer) or 'b' (its
     * creator, paying it themselves), since `paying_since`. Taken with a conditional update just
     * before a capture and released when it fails, so buyer and creator can never both be charged;
     * a claim older than a few minutes (a crashed process) may be taken over.
     */
    payingSide: varchar('paying_side', { length: 1 }),
    payingSince: timestamp('paying_since', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The carrier an operator shipped it with (a key of `SHIPPING_CARRIERS`) and its tracking number. */
    carrier: varchar('carrier', { length: 16 }),
    trackingNo: varchar('tracking_no', { length: 40 }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** The operator who marked it shipped. */
    shippedBy: bigint('shipped_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /**
     * When an operator marked it "in production" (fulfilment started, decision 0058): from then on
     * its buyer can no longer cancel it or change its address. Null while it is not.
     */
    productionAt: timestamp('production_at', { withTimezone: true }),
    productionBy: bigint('production_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /**
     * When its buyer cancelled it (before fulfilment started): it is never shipped, and everything
     * still refundable was refunded through the refunds (source 'buyer') in the same transaction.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Bumped by every change: a ship request names the version the operator saw. */
    version: integer('version').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * When the review invitation job claimed this shipped order (and mailed its buyer a review link
     * per item): set in the transaction that claims it, so each order is invited once.
     */
    reviewInvitedAt: timestamp('review_invited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    uniqueIndex('orders_checkout_key').on(t.checkoutKey),
    index('orders_owner_created_idx').on(t.ownerUserId, t.createdAt),
    index('orders_shop_created_idx').on(t.shopId, t.createdAt),
    /** The dashboard's pending shipment: paid, not shipped (migration 0019). */
    index('orders_shop_in_transit_idx')
      .on(t.shopId)
      .where(sql`${t.status} = 1`),
    /** The console overview's orders paid today (migration 0023). */
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    index('orders_unpaid_reserved_idx')
      .on(t.reservedUntil)
      .where(sql`${t.status} = 0`),
    index('orders_open_flag_idx')
      .on(t.flaggedAt)
      .where(sql`${t.flag} is not null and ${t.flagResolvedAt} is null`),
    index('orders_review_due_idx')
      .on(t.shippedAt)
      .where(sql`${t.status} = 2 and ${t.reviewInvitedAt} is null`),
    check('orders_status_values', sql`${t.status} in (0, 1, 2)`),
    check('orders_side_values', sql`${t.side} in ('b', 'c')`),
    check('orders_tax_scheme_values', sql`${t.taxScheme} is null or ${t.taxScheme} in ('ioss', 'import')`),
    check(
      'orders_amounts',
      sql`${t.totalMinor} >= 0 and ${t.platformMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.shippingMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.shippingTaxMinor} between 0 and ${t.taxMinor} and ${t.discountTaxMinor} >= 0 and ${t.taxRateMicros} between 0 and 1000000 and ${t.creatorShippingMinor} >= 0 and ${t.profitMinor} = ${t.totalMinor} - ${t.shippingMinor} - ${t.taxMinor} - ${t.platformMinor} - ${t.creatorShippingMinor}`,
    ),
  ],
);

/**
 * One product line of an order, with its prices frozen at order time (later price changes never
 * move a placed order). Unit amounts; the line's totals are unit × quantity.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** No foreign key: an order outlives a product the catalogue later removes. */
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    /** The variant bought (no foreign key either); null only for a product removed before 0031. */
    variantId: bigint('variant_id', { mode: 'number' }),
    title: varchar('title', { length: 200 }).notNull(),
    /** The variant's option values as the buyer chose them ("M / Black"); '' without options. */
    variantLabel: varchar('variant_label', { length: 120 }).notNull().default(''),
    sku: varchar('sku', { length: 64 }).notNull().default(''),
    imageUrl: text('image_url'),
    quantity: integer('quantity').notNull(),
    platformPriceMinor: integer('platform_price_minor').notNull(),
    sellingPriceMinor: integer('selling_price_minor').notNull(),
    profitMinor: integer('profit_minor').notNull(),
    /** The line's share of the order's discount (all its units), never more than its profit. */
    discountMinor: integer('discount_minor').notNull().default(0),
    /** The line's tax (all its units), on its price less its discount. */
    taxMinor: integer('tax_minor').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    index('order_items_variant_idx').on(t.variantId),
    check('order_items_quantity', sql`${t.quantity} between 1 and 99`),
    check(
      'order_items_prices',
      sql`${t.platformPriceMinor} >= 0 and ${t.sellingPriceMinor} >= ${t.platformPriceMinor} and ${t.profitMinor} = ${t.sellingPriceMinor} - ${t.platformPriceMinor}`,
    ),
    check(
      'order_items_discount',
      sql`${t.discountMinor} between 0 and ${t.profitMinor} * ${t.quantity} and ${t.taxMinor} >= 0`,
    ),
  ],
);

/**
 * A creator paying the platform for some of their unpaid orders at once (b-side, SPEC §4): one
 * provider payment for the total; on capture every order moves 0 → 2 in one transaction, or none
 * does. `pay_key` is the client's key for the attempt: the same request again answers the same
 * purchase.
 *
 * status: created (provider order made, waiting for the creator's approval) → paid, or cancelled
 * (the creator cancelled, an order was paid by its buyer meanwhile, the capture was refused).
 */
export const orderPurchases = pgTable(
  'order_purchases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    payKey: varchar('pay_key', { length: 64 }).notNull(),
    status: varchar('status', { length: 16 }).$type<TPurchaseStatus>().notNull().default('created'),
    totalMinor: integer('total_minor').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    providerOrderId: varchar('provider_order_id', { length: 64 }),
    approveUrl: text('approve_url'),
    captureId: varchar('capture_id', { length: 64 }),
    /** Why it was cancelled (an error code), or null. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_purchases_pay_key').on(t.ownerUserId, t.payKey),
    uniqueIndex('order_purchases_provider_order_key').on(t.provider, t.providerOrderId),
    index('order_purchases_owner_created_idx').on(t.ownerUserId, t.createdAt),
    check('order_purchases_status_values', sql`${t.status} in ('created', 'paid', 'cancelled')`),
    check('order_purchases_total_positive', sql`${t.totalMinor} > 0`),
  ],
);

/** The orders a purchase pays, each with the platform amount it pays for it (frozen at the start). */
export const orderPurchaseItems = pgTable(
  'order_purchase_items',
  {
    purchaseId: bigint('purchase_id', { mode: 'number' })
      .notNull()
      .references(() => orderPurchases.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.purchaseId, t.orderId] }),
    index('order_purchase_items_order_idx').on(t.orderId),
  ],
);

/**
 * What happened to an order and who did it (the console's status history): shipped, refunded, a
 * flag set or resolved. Placing and paying are the order's own timestamps.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** e.g. 'shipped', 'refund_requested', 'refunded', 'refund_failed', 'flagged', 'flag_resolved'. */
    action: varchar('action', { length: 24 }).$type<TRecordedOrderEvent['action']>().notNull(),
    /** The operator; null for the system (a webhook, a job). */
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** What changed (amounts in minor units, the carrier, the note …). */
    detail: jsonb('detail').$type<TOrderEvent['detail']>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);
