import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { orderItems, orders } from '../orders/orders.table';
import { payments } from '../payments/payments.table';
import { shops } from '../shops/shops.table';
import { marketingConsents, marketingReminders } from './marketing.table';

/** An unpaid order the reminder job claimed, with what its mail needs. */
export interface DueOrder {
  orderId: number;
  orderNo: string;
  email: string;
  language: string;
  totalMinor: number;
  currencyCode: string;
  shopSlug: string;
  shopName: string;
  consentId: number;
}

/**
 * Claims up to `limit` orders due a reminder, in the caller's transaction: a buyer's (side 'c')
 * order still unpaid, placed between `notBefore` and `dueBefore`, whose buyer consented at that
 * very order and is still subscribed, never reminded, whose payment is not pending at the provider,
 * and not followed by a later order of the same buyer in the shop (they came back). The orders' and subscriptions' rows stay locked until
 * the transaction ends — a payment or an unsubscribe waits for it, or, when first, takes the order
 * out of the claim (the conditions are checked again on the rows as they are then) — and rows
 * another process holds are skipped. Each claimed order gets its reminder row here: the unique
 * index makes a second claim of it impossible.
 */
export async function claimDueOrders(
  db: AppDatabase,
  at: { now: Date; dueBefore: Date; notBefore: Date },
  limit: number,
): Promise<DueOrder[]> {
  const due = await db
    .select({
      orderId: orders.id,
      orderNo: orders.orderNo,
      email: orders.buyerEmail,
      language: orders.language,
      totalMinor: orders.totalMinor,
      currencyCode: orders.currencyCode,
      shopSlug: shops.slug,
      shopName: shops.name,
      consentId: marketingConsents.id,
    })
    .from(orders)
    .innerJoin(
      marketingConsents,
      and(eq(marketingConsents.orderId, orders.id), isNull(marketingConsents.unsubscribedAt)),
    )
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(
      and(
        eq(orders.status, 0),
        eq(orders.side, 'c'),
        lte(orders.createdAt, at.dueBefore),
        gt(orders.createdAt, at.notBefore),
        sql`not exists (select 1 from ${marketingReminders} r where r.order_id = ${orders.id})`,
        // Paid, held by the provider for review: the money is on its way, nothing was abandoned.
        sql`not exists (select 1 from ${payments} p where p.order_id = ${orders.id} and p.status = 'PENDING')`,
        sql`not exists (select 1 from ${orders} later
              where later.shop_id = ${orders.shopId} and later.id <> ${orders.id}
                and lower(later.buyer_email) = lower(${orders.buyerEmail})
                and later.created_at > ${orders.createdAt})`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit)
    .for('update', { of: [orders, marketingConsents], skipLocked: true });
  if (due.length === 0) return [];
  const claimed = await db
    .insert(marketingReminders)
    .values(due.map((order) => ({ orderId: order.orderId, consentId: order.consentId, sentAt: at.now })))
    .onConflictDoNothing({ target: marketingReminders.orderId })
    .returning({ orderId: marketingReminders.orderId });
  const ids = new Set(claimed.map((row) => row.orderId));
  return due.filter((order) => ids.has(order.orderId));
}

/** The lines of `orderIds` as frozen, in the order they were bought. */
export function listItems(
  db: AppDatabase,
  orderIds: number[],
): Promise<{ orderId: number; title: string; variantLabel: string; quantity: number }[]> {
  return db
    .select({
      orderId: orderItems.orderId,
      title: orderItems.title,
      variantLabel: orderItems.variantLabel,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}
