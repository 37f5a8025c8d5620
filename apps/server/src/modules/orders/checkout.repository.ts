import { and, asc, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TLanguage } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { inLanguage, productImages, products } from '../catalog/catalog.table';
import { ledgerEntries } from '../earnings/earnings.table';
import {
  joinShopPricing,
  parentCategory,
  productCategory,
  shopPricingColumns,
} from '../pricing/pricing.table';
import { shopProducts, shops } from '../shops/shops.table';
import { orderItems, orders, payments, webhookEvents } from './orders.table';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/** What checkout needs of a shop: its owner and pricing rules. */
export interface CheckoutShop {
  id: number;
  ownerUserId: number;
  slug: string;
  name: string;
  defaultPercentage: number;
  rounding: string;
}

export async function findShopBySlug(db: AppDatabase, slug: string): Promise<CheckoutShop | undefined> {
  const [row] = await db
    .select({
      id: shops.id,
      ownerUserId: shops.ownerUserId,
      slug: shops.slug,
      name: shops.name,
      defaultPercentage: shops.defaultPercentage,
      rounding: shops.rounding,
    })
    .from(shops)
    .where(eq(shops.slug, slug));
  return row;
}

/** A product a buyer may order in a shop, with the shop's rules for pricing it. */
export interface SellableProduct {
  id: number;
  title: string;
  imageUrl: string | null;
  costCents: number;
  overridePriceCents: number | null;
  secondLevelPercentage: number | null;
  firstLevelPercentage: number | null;
}

/**
 * Of `ids`, the products the shop sells now: active, in an active category under an active one,
 * and not hidden by the shop. Titles in the buyer's language (English when missing).
 */
export async function listSellableProducts(
  db: AppDatabase,
  shopId: number,
  ids: number[],
  lang: TLanguage,
): Promise<SellableProduct[]> {
  const query = db
    .select({
      id: products.id,
      title: inLanguage(products.titles, products.title, lang),
      imageUrl: sql<string | null>`(select ${productImages.url} from ${productImages}
        where ${productImages.productId} = ${products.id}
        order by ${productImages.sort}, ${productImages.id} limit 1)`,
      ...shopPricingColumns,
    })
    .from(products)
    .$dynamic();
  return joinShopPricing(query, shopId).where(
    and(
      inArray(products.id, ids),
      eq(products.status, 1),
      eq(productCategory.status, 1),
      eq(parentCategory.status, 1),
      sql`coalesce(${shopProducts.visible}, 1) = 1`,
    ),
  );
}

/** Takes `quantity` from the stock only if that many are there; false when short. */
export async function takeStock(db: AppDatabase, productId: number, quantity: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.id, productId), sql`${products.stock} >= ${quantity}`))
    .returning({ id: products.id });
  return rows.length === 1;
}

export async function stockOf(db: AppDatabase, productId: number): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? 0;
}

/** Puts an order's quantities back (a product the catalogue removed since is skipped). */
async function returnStock(db: AppDatabase, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const ofOrders = inArray(orderItems.orderId, orderIds);
  await db
    .update(products)
    .set({
      stock: sql`${products.stock} + (select sum(${orderItems.quantity}) from ${orderItems}
        where ${orderItems.productId} = ${products.id} and ${ofOrders})`,
    })
    .where(inArray(products.id, db.select({ id: orderItems.productId }).from(orderItems).where(ofOrders)));
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

export async function insertPayment(db: AppDatabase, payment: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(payment);
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
      updatedAt: sql`now()`,
      ...(flag === null ? {} : { flag }),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 0)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

export async function setOrderFlag(db: AppDatabase, orderId: number, flag: string): Promise<void> {
  await db
    .update(orders)
    .set({ flag, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** The sale's profit, credited once per order (unique kind + order). */
export async function creditSale(db: AppDatabase, order: OrderRow): Promise<void> {
  await db
    .insert(ledgerEntries)
    .values({
      userId: order.ownerUserId,
      shopId: order.shopId,
      kind: 'sale',
      amountMinor: order.profitMinor,
      currencyCode: order.currencyCode,
      orderId: order.id,
    })
    .onConflictDoNothing({ target: [ledgerEntries.kind, ledgerEntries.orderId] });
}

export async function updatePayment(
  db: AppDatabase,
  orderId: number,
  values: Pick<Partial<PaymentRow>, 'status' | 'captureId' | 'capturedMinor' | 'capturedCurrency'>,
): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(payments.orderId, orderId));
}

/** Clears the reservations `which` selects and gives their stock back, in one transaction. */
async function release(db: AppDatabase, which: SQL | undefined): Promise<number> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDatabase;
    const released = await tx
      .update(orders)
      .set({ reservedUntil: null, updatedAt: sql`now()` })
      .where(and(eq(orders.status, 0), isNotNull(orders.reservedUntil), which))
      .returning({ id: orders.id });
    await returnStock(
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

/** Records a webhook event once; false when it was recorded before (a redelivery). */
export async function recordWebhookEvent(
  db: AppDatabase,
  event: { provider: string; eventId: string; eventType: string },
): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values({ ...event, outcome: 'received' })
    .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventId] })
    .returning({ eventId: webhookEvents.eventId });
  return rows.length === 1;
}

export async function setWebhookOutcome(
  db: AppDatabase,
  provider: string,
  eventId: string,
  outcome: string | null,
): Promise<void> {
  const where = and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId));
  // No outcome: handling failed, so the event is forgotten and the provider's redelivery retries it.
  if (outcome === null) await db.delete(webhookEvents).where(where);
  else await db.update(webhookEvents).set({ outcome }).where(where);
}
