import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { orderItems, orders } from '../orders/orders.table';
import { payments } from '../payments/payments.table';
import { shops } from '../shops/shops.table';
import { refundLines, refunds } from './refunds.table';
import { stampNow } from '../../platform/db/stamp';

export type RefundRow = typeof refunds.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** A capture money can go back from: captured (paid, or captured with another amount and flagged). */
const hasCapture = sql`${payments.captureId} is not null and coalesce(${payments.capturedMinor}, 0) > 0
  and ${payments.status} in ('COMPLETED', 'AMOUNT_MISMATCH')`;

/** The order by number, locked for the transaction (orders first, then payments: one lock order). */
export async function lockOrderByNo(db: AppDatabase, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
  return row;
}

export async function lockOrder(db: AppDatabase, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function findOrderByNo(db: AppDatabase, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row;
}

/** The order's payment with a capture to refund from, locked; undefined without one. */
export async function lockCapturedPayment(db: AppDatabase, orderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), hasCapture))
    .for('update');
  return row;
}

export async function findCapturedPayment(db: AppDatabase, orderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), hasCapture));
  return row;
}

/** The payment of a provider's capture (a refund webhook names the capture). */
export async function findPaymentByCapture(
  db: AppDatabase,
  provider: string,
  captureId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.captureId, captureId)));
  return row;
}

export async function insertRefund(db: AppDatabase, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(values).returning();
  if (!row) throw new Error('refund not inserted');
  return row;
}

export async function findRefund(db: AppDatabase, id: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export async function findRefundByProviderId(
  db: AppDatabase,
  provider: string,
  providerRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId)));
  return row;
}

/** pending → completed, only from pending: of any number of callers exactly one gets the row. */
export async function markCompleted(
  db: AppDatabase,
  id: number,
  providerRefundId: string | undefined,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({
      status: 'completed',
      completedAt: sql`now()`,
      updatedAt: stampNow(),
      ...(providerRefundId
        ? { providerRefundId: sql`coalesce(${refunds.providerRefundId}, ${providerRefundId})` }
        : {}),
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** pending → failed, only from pending. */
export async function markFailed(
  db: AppDatabase,
  id: number,
  failure: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ status: 'failed', failure: failure.slice(0, 500), updatedAt: stampNow() })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** The provider took the refund but has not finished it: its id, for the webhook to find. */
export async function setProviderRefundId(
  db: AppDatabase,
  id: number,
  providerRefundId: string,
): Promise<void> {
  await db
    .update(refunds)
    .set({ providerRefundId, updatedAt: stampNow() })
    .where(and(eq(refunds.id, id), isNull(refunds.providerRefundId)));
}

export async function setProfitReversed(db: AppDatabase, id: number, minor: number): Promise<void> {
  await db.update(refunds).set({ profitReversedMinor: minor }).where(eq(refunds.id, id));
}

/** Σ of the payment's completed refunds. */
export async function completedTotal(db: AppDatabase, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ minor: sql<number>`coalesce(sum(${refunds.amountMinor}), 0)::bigint`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'completed')));
  return row?.minor ?? 0;
}

/**
 * What the order's other completed refunds with restock already returned: everything (a refund
 * of an amount returned the whole order's stock), or the units of each line (refunds by lines).
 */
export async function restockedBefore(
  db: AppDatabase,
  orderId: number,
  refundId: number,
): Promise<{ whole: boolean; units: Map<number, number> }> {
  const rows = await db
    .select({ refundId: refunds.id, orderItemId: refundLines.orderItemId, quantity: refundLines.quantity })
    .from(refunds)
    .leftJoin(refundLines, eq(refundLines.refundId, refunds.id))
    .where(
      and(
        eq(refunds.orderId, orderId),
        ne(refunds.id, refundId),
        eq(refunds.status, 'completed'),
        eq(refunds.restock, true),
      ),
    );
  const units = new Map<number, number>();
  let whole = false;
  for (const row of rows) {
    if (row.orderItemId === null) whole = true;
    else units.set(row.orderItemId, (units.get(row.orderItemId) ?? 0) + (row.quantity ?? 0));
  }
  return { whole, units };
}

/** An order's lines as a refund reads them (a line of a variant removed before 0031 has no variant). */
export function listOrderLines(db: AppDatabase, orderId: number) {
  return db
    .select({
      id: orderItems.id,
      variantId: orderItems.variantId,
      title: orderItems.title,
      variantLabel: orderItems.variantLabel,
      sku: orderItems.sku,
      quantity: orderItems.quantity,
      sellingPriceMinor: orderItems.sellingPriceMinor,
      discountMinor: orderItems.discountMinor,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}
export type OrderLine = Awaited<ReturnType<typeof listOrderLines>>[number];

/**
 * Units of each line of the orders that their refunds by lines took, failed ones left out: order
 * item id → units (a line no refund took is absent).
 */
export async function refundedUnitsOf(db: AppDatabase, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderItemId: refundLines.orderItemId,
      quantity: sql<number>`sum(${refundLines.quantity})::int`.mapWith(Number),
    })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(and(inArray(refunds.orderId, orderIds), ne(refunds.status, 'failed')))
    .groupBy(refundLines.orderItemId);
  return new Map(rows.map((row) => [row.orderItemId, row.quantity]));
}

export async function insertRefundLines(
  db: AppDatabase,
  rows: (typeof refundLines.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(refundLines).values(rows);
}

/** The lines of refunds, with the order line as it was bought; by refund, then by the order's line order. */
export function listRefundLines(db: AppDatabase, refundIds: number[]) {
  if (refundIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      refundId: refundLines.refundId,
      orderItemId: refundLines.orderItemId,
      variantId: orderItems.variantId,
      title: orderItems.title,
      variantLabel: orderItems.variantLabel,
      sku: orderItems.sku,
      quantity: refundLines.quantity,
      amountMinor: refundLines.amountMinor,
    })
    .from(refundLines)
    .innerJoin(orderItems, eq(orderItems.id, refundLines.orderItemId))
    .where(inArray(refundLines.refundId, refundIds))
    .orderBy(asc(refundLines.refundId), asc(refundLines.orderItemId));
}
export type RefundLineRow = Awaited<ReturnType<typeof listRefundLines>>[number];

/** Operator refunds still pending without a provider answer, last touched before `before`: to retry. */
export function listRetryable(db: AppDatabase, before: Date, limit = 50) {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        sql`${refunds.updatedAt} < ${before.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

/** Marks a retry, so the next run waits again. */
export async function touchRefund(db: AppDatabase, id: number): Promise<void> {
  await db.update(refunds).set({ updatedAt: stampNow() }).where(eq(refunds.id, id));
}

/** What the buyer's refund mail needs. */
export async function findForMail(db: AppDatabase, orderId: number) {
  const [row] = await db
    .select({
      orderNo: orders.orderNo,
      buyerEmail: orders.buyerEmail,
      language: orders.language,
      shopName: shops.name,
      shopSlug: shops.slug,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.id, orderId));
  return row;
}
