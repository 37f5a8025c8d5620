import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { returnStock } from '../catalog/catalog.api';
import type { PaymentRow } from '../payments/payments.api';
import { payments } from '../payments/payments.table';
import type { ShopRow } from '../shops/shops.api';
import { shops } from '../shops/shops.table';
import { orderItems, orders } from './orders.table';
import { stampNow } from '../../platform/db/stamp';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/** What checkout needs of a shop: its owner and pricing rules. */
export type CheckoutShop = Pick<
  ShopRow,
  'id' | 'ownerUserId' | 'slug' | 'name' | 'defaultPercentage' | 'rounding' | 'freeShippingOverMinor'
>;

/** Gives the stock of these orders' items back to the catalogue. */
async function returnStockOf(db: AppDatabase, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const moves = await db
    .select({
      variantId: orderItems.variantId,
      quantity: sql<number>`sum(${orderItems.quantity})::int`.mapWith(Number),
    })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, orderIds), isNotNull(orderItems.variantId)))
    .groupBy(orderItems.variantId);
  await returnStock(
    db,
    moves.flatMap(({ variantId, quantity }) => (variantId === null ? [] : [{ variantId, quantity }])),
  );
}

export async function insertOrder(
  db: AppDatabase,
  order: NewOrder,
  items: NewOrderItem[],
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  if (!row) throw new Error('order not inserted');
  await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row.id })));
  return row;
}

export interface OrderWithPayment {
  order: OrderRow;
  payment: PaymentRow | null;
  shop: { slug: string; name: string };
}

const orderWithPayment = (db: AppDatabase) =>
  db
    .select({ order: orders, payment: payments, shop: { slug: shops.slug, name: shops.name } })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(payments, eq(payments.orderId, orders.id));

/** The order a checkout attempt placed, by the attempt's key. */
export async function findOrderByCheckoutKey(
  db: AppDatabase,
  checkoutKey: string,
): Promise<OrderWithPayment | undefined> {
  const [row] = await orderWithPayment(db).where(eq(orders.checkoutKey, checkoutKey));
  return row;
}

export async function findOrderByNo(db: AppDatabase, orderNo: string): Promise<OrderWithPayment | undefined> {
  const [row] = await orderWithPayment(db).where(eq(orders.orderNo, orderNo));
  return row;
}

export async function findOrderById(db: AppDatabase, orderId: number): Promise<OrderWithPayment | undefined> {
  const [row] = await orderWithPayment(db).where(eq(orders.id, orderId));
  return row;
}

export async function findOrderByProviderOrder(
  db: AppDatabase,
  provider: string,
  providerOrderId: string,
): Promise<OrderWithPayment | undefined> {
  const [row] = await orderWithPayment(db).where(
    and(eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId)),
  );
  return row;
}

export async function listOrderItems(db: AppDatabase, orderId: number): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** The order's row, locked until the transaction ends: payment and the expiry sweep queue on it. */
export async function lockOrder(db: AppDatabase, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** 0 → 1, only from 0: at most one caller ever gets `true`. */
export async function flipToPaid(db: AppDatabase, orderId: number, flag: string | null): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      status: 1,
      paidAt: sql`now()`,
      reservedUntil: null,
      payingSide: null,
      payingSince: null,
      updatedAt: stampNow(),
      // Only a stock shortfall flags an order on its way to paid (see reReserve).
      ...(flag === null ? {} : { ...newFlag('stock_short'), flag }),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 0)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** A claim older than this (a crashed process) may be taken over. */
export const CLAIM_STALE = sql`now() - interval '5 minutes'`;

/**
 * `side` takes the claim on these unpaid orders (who captures a payment for them right now)
 * unless someone holds a fresh one; with `renew`, a fresh claim of `side`'s own is taken again
 * (a buyer's second capture call: the same request id, so never a second charge). Answers the
 * orders claimed.
 */
export async function claimOrders(
  db: AppDatabase,
  orderIds: number[],
  side: 'b' | 'c',
  renew = false,
): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .update(orders)
    .set({ payingSide: side, payingSince: sql`now()` })
    .where(
      and(
        inArray(orders.id, orderIds),
        eq(orders.status, 0),
        or(
          isNull(orders.payingSide),
          lt(orders.payingSince, CLAIM_STALE),
          renew ? eq(orders.payingSide, side) : undefined,
        ),
      ),
    )
    .returning({ id: orders.id });
  return rows.map((row) => row.id);
}

/**
 * Unpaid orders a buyer's capture claimed more than CLAIM_STALE ago and never finished: the API
 * crashed mid-capture and the buyer did not come back (a retry would have finished it). At most
 * `limit`, oldest first.
 */
export async function listStaleBuyerClaims(db: AppDatabase, limit = 100): Promise<OrderWithPayment[]> {
  return orderWithPayment(db)
    .where(and(eq(orders.status, 0), eq(orders.payingSide, 'c'), lt(orders.payingSince, CLAIM_STALE)))
    .orderBy(asc(orders.payingSince))
    .limit(limit);
}

/** Gives up `side`'s claim on these orders (its capture failed or was not approved). */
export async function releaseClaims(db: AppDatabase, orderIds: number[], side: 'b' | 'c'): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(orders)
    .set({ payingSide: null, payingSince: null })
    .where(and(inArray(orders.id, orderIds), eq(orders.status, 0), eq(orders.payingSide, side)));
}

/** The flag a paid order gets when its stock could not be reserved again (see reReserve). */
export const STOCK_SHORT_FLAG = 'paid after its reservation expired; the stock could not be reserved again';

/** Why payments flag an order for a human (the console's flagged queue). */
export type FlagReason = 'amount_mismatch' | 'stock_short';

/** The columns of a new, open flag: an earlier resolution no longer applies. */
const newFlag = (reason: FlagReason) => ({
  flagReason: reason,
  flaggedAt: sql`now()`,
  flagResolution: null,
  flagNote: null,
  flagResolvedBy: null,
  flagResolvedAt: null,
});

export async function setOrderFlag(
  db: AppDatabase,
  orderId: number,
  flag: string,
  reason: FlagReason,
): Promise<void> {
  await db
    .update(orders)
    .set({ ...newFlag(reason), flag, updatedAt: stampNow() })
    .where(eq(orders.id, orderId));
}

/** Clears the reservations `which` selects and gives their stock back, in one transaction. */
async function release(db: AppDatabase, which: SQL | undefined): Promise<number> {
  return withTransaction(db, async (tx) => {
    const released = await tx
      .update(orders)
      .set({ reservedUntil: null, updatedAt: stampNow() })
      .where(and(eq(orders.status, 0), isNotNull(orders.reservedUntil), which))
      .returning({ id: orders.id });
    await returnStockOf(
      tx,
      released.map((r) => r.id),
    );
    return released.length;
  });
}

/** Releases one unpaid order's stock now (its payment could not start); once, like the sweep. */
export async function releaseOrder(db: AppDatabase, orderId: number): Promise<void> {
  await release(db, eq(orders.id, orderId));
}

/**
 * Unpaid orders whose reservation ran out give their stock back. Clearing `reserved_until` in
 * the same statement that selects them makes each release happen once, however many sweeps run.
 */
export async function releaseExpired(db: AppDatabase): Promise<number> {
  return release(db, lt(orders.reservedUntil, sql`now()`));
}
