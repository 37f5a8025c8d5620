import { STOCK_SHORT_FLAG } from './checkout.repository';
import { count, eq } from 'drizzle-orm';
import type { TOrderStatus } from '@linkstore/contract';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { insertReview, nameVariants } from '../catalog/catalog.api';
import { creditSale } from '../earnings/earnings.api';
import { listSellableProducts, priceInShop } from '../shops/shops.api';
import { shops } from '../shops/shops.table';
import { DEMO_BUYERS, DEMO_REVIEW_BODIES, type DemoBuyer } from './demo-orders.seed-data';
import { orderItems, orders } from './orders.table';

/** Oldest first: completed orders are the oldest, unpaid ones anywhere in the month. */
const STATUSES: readonly TOrderStatus[] = [2, 2, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0];
/** Completed orders that got a verified review from their buyer. */
const REVIEWED = 3;
/** Products the orders are drawn from (the first on sale, by id). */
const PRODUCT_POOL = 60;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** A completed order was delivered this long after payment; its review came a day later. */
const DELIVERY_DAYS = 5;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A product as the demo shop sells it today: prices by the shop's rules (decision 0014). */
export interface DemoProduct {
  id: number;
  variantId: number;
  sku: string;
  /** "XS / Sand" in English, as the titles are ('' without options). */
  variantLabel: string;
  title: string;
  imageUrl: string | null;
  costMinor: number;
  sellingMinor: number;
  profitMinor: number;
}

export interface PlannedOrder {
  orderNo: string;
  status: TOrderStatus;
  buyer: DemoBuyer;
  createdAt: Date;
  paidAt: Date | null;
  completedAt: Date | null;
  lines: { product: DemoProduct; quantity: number }[];
  /** A verified review of the first line, for a few completed orders. */
  review: { rating: number; body: string; createdAt: Date } | null;
  /** Flagged for a human, as payments flag a late payment whose stock was gone (one order). */
  flagged: boolean;
}

export interface DemoOrdersOptions {
  /** The demo creator: their shop, whatever its slug is now, and never another's. */
  ownerEmail: string;
  /** Deterministic in the seed (the catalogue's PRNG), so every install gets the same orders. */
  random: () => number;
  now?: Date;
}

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

/** `LS` + yyMMdd (UTC) + `-` + 8 base32 characters, as checkout numbers orders. */
export function demoOrderNo(random: () => number, at: Date): string {
  const day = at.toISOString().slice(2, 10).replaceAll('-', '');
  const tail = Array.from({ length: 8 }, () => pick(random, [...BASE32])).join('');
  return `LS${day}-${tail}`;
}

/** How many days back an order of this status was placed: completed ones long enough to be delivered. */
function ageInDays(random: () => number, status: TOrderStatus): number {
  if (status === 2) return 10 + Math.floor(random() * 20);
  if (status === 1) return 1 + Math.floor(random() * 9);
  return Math.floor(random() * 30);
}

/** One to three different products, mostly one of each. */
function drawLines(random: () => number, pool: readonly DemoProduct[]): PlannedOrder['lines'] {
  const wanted = Math.min(pool.length, 1 + Math.floor(random() * 3));
  const chosen = new Map<number, DemoProduct>();
  while (chosen.size < wanted) {
    const product = pick(random, pool);
    chosen.set(product.id, product);
  }
  return [...chosen.values()].map((product) => ({
    product,
    quantity: 1 + Math.floor(random() * random() * 3),
  }));
}

/** The demo orders over the 30 days before `now`, oldest first; pure, for the same plan every time. */
export function planDemoOrders(
  random: () => number,
  pool: readonly DemoProduct[],
  now: Date,
): PlannedOrder[] {
  if (pool.length === 0) return [];
  const planned = STATUSES.map((status) => {
    const createdAt = new Date(
      now.getTime() - ageInDays(random, status) * DAY_MS - Math.floor(random() * 1440) * MINUTE_MS,
    );
    const paidAt =
      status > 0 ? new Date(createdAt.getTime() + (3 + Math.floor(random() * 12)) * MINUTE_MS) : null;
    const completedAt = status === 2 && paidAt ? new Date(paidAt.getTime() + DELIVERY_DAYS * DAY_MS) : null;
    return {
      orderNo: demoOrderNo(random, createdAt),
      status,
      buyer: pick(random, DEMO_BUYERS),
      createdAt,
      paidAt,
      completedAt,
      lines: drawLines(random, pool),
      review: null as PlannedOrder['review'],
      flagged: false,
    };
  }).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  planned
    .filter((order) => order.completedAt)
    .slice(0, REVIEWED)
    .forEach((order) => {
      order.review = {
        rating: random() < 0.7 ? 5 : 4,
        body: pick(random, DEMO_REVIEW_BODIES[order.buyer.language]),
        createdAt: new Date((order.completedAt?.getTime() ?? 0) + DAY_MS),
      };
    });
  // The newest paid order waits in the console's flagged queue, so operators meet one at once.
  const flagged = planned.filter((order) => order.status === 1).at(-1);
  if (flagged) flagged.flagged = true;
  return planned;
}

/** Products on sale and shown in the shop, priced by its override, category and default rules. */
async function loadPricedProducts(
  db: AppDatabase,
  shop: { id: number; defaultPercentage: number; rounding: string },
): Promise<DemoProduct[]> {
  const rows = await listSellableProducts(db, shop.id, { lang: 'en', limit: PRODUCT_POOL });
  const labels = new Map(
    (
      await nameVariants(
        db,
        rows.map((row) => row.variantId),
        'en',
      )
    ).map((variant) => [variant.id, variant.label]),
  );
  return rows.map((row) => {
    const price = priceInShop(row, shop);
    return {
      id: row.id,
      variantId: row.variantId,
      sku: row.sku,
      variantLabel: labels.get(row.variantId) ?? '',
      title: row.title,
      imageUrl: row.imageUrl,
      costMinor: price.costMinor,
      sellingMinor: price.sellingMinor,
      profitMinor: price.profitMinor,
    };
  });
}

/** One planned order with its lines, its sale credit once paid, and its verified review. */
async function insertOrder(
  db: AppDatabase,
  shop: { id: number; ownerUserId: number },
  order: PlannedOrder,
): Promise<void> {
  const sum = (of: (line: PlannedOrder['lines'][number]) => number) =>
    order.lines.reduce((total, line) => total + of(line) * line.quantity, 0);
  const totalMinor = sum((line) => line.product.sellingMinor);
  const platformMinor = sum((line) => line.product.costMinor);
  const [row] = await db
    .insert(orders)
    .values({
      orderNo: order.orderNo,
      shopId: shop.id,
      ownerUserId: shop.ownerUserId,
      status: order.status,
      buyerEmail: order.buyer.email,
      shippingAddress: order.buyer.address,
      language: order.buyer.language,
      totalMinor,
      platformMinor,
      profitMinor: totalMinor - platformMinor,
      paidAt: order.paidAt,
      completedAt: order.completedAt,
      ...(order.flagged
        ? { flag: STOCK_SHORT_FLAG, flagReason: 'stock_short', flaggedAt: order.paidAt }
        : {}),
      createdAt: order.createdAt,
      updatedAt: order.completedAt ?? order.paidAt ?? order.createdAt,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('demo order not inserted');
  const items = await db
    .insert(orderItems)
    .values(
      order.lines.map(({ product, quantity }) => ({
        orderId: row.id,
        productId: product.id,
        variantId: product.variantId,
        sku: product.sku,
        variantLabel: product.variantLabel,
        title: product.title,
        imageUrl: product.imageUrl,
        quantity,
        platformPriceMinor: product.costMinor,
        sellingPriceMinor: product.sellingMinor,
        profitMinor: product.profitMinor,
      })),
    )
    .returning({ id: orderItems.id, productId: orderItems.productId });
  if (order.paidAt) {
    await creditSale(db, {
      userId: shop.ownerUserId,
      shopId: shop.id,
      orderId: row.id,
      amountMinor: totalMinor - platformMinor,
      currencyCode: 'USD',
      at: order.paidAt,
    });
  }
  const reviewed = items[0];
  if (order.review && reviewed) {
    await insertReview(db, {
      productId: reviewed.productId,
      orderItemId: reviewed.id,
      authorName: order.buyer.displayName,
      rating: order.review.rating,
      body: order.review.body,
      language: order.buyer.language,
      status: 1,
      createdAt: order.review.createdAt,
      updatedAt: order.review.createdAt,
    });
  }
}

/**
 * A dozen orders in the demo shop over the last 30 days, in every status, priced by the shop's
 * rules as a checkout would freeze them, with the profit of paid ones in the ledger and verified
 * reviews on a few completed ones — so the creator's orders and earnings are not empty at first
 * start. Only while the shop has no order at all; answers how many were inserted.
 */
export async function seedDemoOrders(db: AppDatabase, options: DemoOrdersOptions): Promise<number> {
  const [shop] = await db
    .select({
      id: shops.id,
      ownerUserId: shops.ownerUserId,
      defaultPercentage: shops.defaultPercentage,
      rounding: shops.rounding,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerUserId))
    .where(eq(users.email, options.ownerEmail))
    .limit(1);
  if (!shop) return 0;
  const [existing] = await db.select({ n: count() }).from(orders).where(eq(orders.shopId, shop.id));
  if ((existing?.n ?? 0) > 0) return 0;
  const planned = planDemoOrders(
    options.random,
    await loadPricedProducts(db, shop),
    options.now ?? new Date(),
  );
  for (const order of planned) await insertOrder(db, shop, order);
  return planned.length;
}
