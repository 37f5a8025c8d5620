import { eq, sql } from 'drizzle-orm';
import { users } from './platform/auth/auth.tables';
import { hashPassword } from './platform/auth/passwords';
import type { AppDatabase } from './platform/db/database';
import { withTransaction } from './platform/db/transaction';
import { growCatalogue } from './modules/catalog/scale-catalogue.seed';
import { PAYOUT_RULE_DEFAULTS, type PayoutRules } from './modules/earnings/payout-rules';
import { seedScaleLedger } from './modules/earnings/scale-ledger.seed';
import { recordScaleRefundEvents, seedScaleOrders } from './modules/orders/scale-orders.seed';
import { seedScalePayments } from './modules/payments/scale-payments.seed';
import { seedScalePayouts } from './modules/payouts/scale-payouts.seed';
import { seedScaleRefunds } from './modules/refunds/scale-refunds.seed';
import { seedScaleEvents } from './modules/shop-events/scale-events.seed';
import {
  findScaleCreator,
  SCALE_EMAIL,
  SCALE_SHOP_SLUG,
  seedScaleShop,
} from './modules/shops/scale-shop.seed';

export { SCALE_EMAIL, SCALE_SHOP_SLUG };

/**
 * The "realistic data": a shop of 1,000 products and 100,000 orders; `variants` per
 * generated product (1: without options; 30: Size × Colour, ≈30,000 variants, decision 0055).
 */
export const SCALE_DEFAULTS = { products: 1_000, orders: 100_000, events: 0, seed: 16, variants: 1 } as const;

export interface ScaleSeedOptions {
  products?: number;
  orders?: number;
  /** Variants of each generated product (1–30, 1 by default: products without options). */
  variants?: number;
  /** Storefront events over the past year (raw rows, roll-ups, product counters). */
  events?: number;
  /** The same seed (and `now`) gives the same data. */
  seed?: number;
  /** The scale creator's password (SEED_PASSWORD, or one the caller generated). */
  password: string;
  now?: Date;
  /** The payout rules in force (hold and minimum shape the generated payouts). */
  rules?: PayoutRules;
}

export interface ScaleSeedReport {
  userId: number;
  shopId: number;
  email: string;
  slug: string;
  products: { onSale: number; added: number; hiddenInShop: number };
  /** Variants of the generated products. */
  variants: number;
  orders: number;
  /** Unpaid, paid, completed. */
  byStatus: [number, number, number];
  items: number;
  /** Storefront events written, their roll-up rows, and the ids remembered for deduplication. */
  events: { events: number; rollups: number; ids: number };
  payments: number;
  refunds: number;
  payouts: number;
  ledgerEntries: number;
  ms: number;
  /** Milliseconds per step, in order: where the time goes. */
  steps: Record<string, number>;
}

/** The scale creator exists already: the generator runs once per database. */
export class ScaleSeedExists extends Error {
  constructor() {
    super(
      `The scale shop is already generated in this database (${SCALE_EMAIL}, shop "${SCALE_SHOP_SLUG}"). ` +
        'It is made once per database: use a fresh DATA_DIR (or database) to generate another.',
    );
  }
}

const whole = (value: number, name: string, min: number) => {
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}`);
  return value;
};

/**
 * The scale creator `scale@linkstore.local` with the shop `scale`: `products` products shown
 * (the catalogue grows to that many when smaller) and `orders` orders over the past year with
 * their payments, refunds, payouts and ledger rows — what checkout, shipping, refunds and payouts
 * would have written, so reconciliation finds no difference. Set-based SQL, one transaction; the
 * operator `admin` (when seeded) is who shipped and refunded. Refuses a second run (ScaleSeedExists).
 */
export async function runScaleSeed(db: AppDatabase, options: ScaleSeedOptions): Promise<ScaleSeedReport> {
  const started = Date.now();
  const products = whole(options.products ?? SCALE_DEFAULTS.products, 'products', 1);
  const orders = whole(options.orders ?? SCALE_DEFAULTS.orders, 'orders', 0);
  const events = whole(options.events ?? SCALE_DEFAULTS.events, 'events', 0);
  const variants = whole(options.variants ?? SCALE_DEFAULTS.variants, 'variants', 1);
  const seed = whole(options.seed ?? SCALE_DEFAULTS.seed, 'seed', 0);
  if (seed > 2_000_000_000) throw new Error('seed must be below 2,000,000,000');
  const now = options.now ?? new Date();
  const rules = options.rules ?? PAYOUT_RULE_DEFAULTS;
  if (await findScaleCreator(db)) throw new ScaleSeedExists();
  const passwordHash = await hashPassword(options.password);
  const steps: Record<string, number> = {};
  let last = Date.now();
  const timed = async <T>(step: string, work: Promise<T>): Promise<T> => {
    const value = await work;
    steps[step] = Date.now() - last;
    last = Date.now();
    return value;
  };
  return withTransaction(db, async (tx) => {
    const catalogue = await timed(
      'catalogue',
      growCatalogue(tx, { wanted: products, seed, variantsPerProduct: variants }),
    );
    const shop = await timed('shop', seedScaleShop(tx, { passwordHash, wanted: products, seed, now }));
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin')).limit(1);
    const operatorId = admin?.id ?? null;
    const generated = await timed(
      'orders',
      seedScaleOrders(tx, {
        shop: { id: shop.shopId, ownerUserId: shop.userId, defaultPercentage: 180, rounding: '99' },
        orders,
        seed,
        now,
        shippedBy: operatorId,
      }),
    );
    // Fresh statistics for the next statements' plans (PGlite has no autovacuum to make them).
    await timed('analyze', tx.execute(sql`analyze orders, order_items`));
    const range = { firstId: generated.firstId, lastId: generated.lastId };
    const payments = await timed('payments', seedScalePayments(tx, range));
    const refunds = await timed('refunds', seedScaleRefunds(tx, { ...range, seed, now, operatorId }));
    await timed('refundEvents', recordScaleRefundEvents(tx, range));
    const payouts = await timed(
      'payouts',
      seedScalePayouts(tx, {
        userId: shop.userId,
        shopId: shop.shopId,
        receiverEmail: shop.paypalEmail,
        receiverPayerId: shop.paypalPayerId,
        holdDays: rules.holdDays,
        minimumMinor: rules.minimumMinor,
        now,
      }),
    );
    const ledgerEntries = await timed('ledger', seedScaleLedger(tx, { ...range, userId: shop.userId }));
    const generatedEvents = await timed(
      'events',
      seedScaleEvents(tx, { shopId: shop.shopId, events, seed, now }),
    );
    // And for the app's queries: what autovacuum would do on PostgreSQL after such a load.
    await timed(
      'analyzeAll',
      tx.execute(sql`analyze products, product_images, categories, product_variants, product_options,
        product_option_values, shop_products, shop_product_stats,
        order_events, payments, refunds, payouts, ledger_entries, event_rollups, shop_event_ids`),
    );
    return {
      userId: shop.userId,
      shopId: shop.shopId,
      email: SCALE_EMAIL,
      slug: SCALE_SHOP_SLUG,
      products: { onSale: catalogue.onSale, added: catalogue.added, hiddenInShop: shop.hidden },
      variants: catalogue.variants,
      orders: generated.orders,
      byStatus: generated.byStatus,
      items: generated.items,
      events: generatedEvents,
      payments,
      refunds,
      payouts,
      ledgerEntries,
      ms: Date.now() - started,
      steps,
    };
  });
}
