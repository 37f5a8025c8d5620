import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { inLanguage, textMatches } from '../catalog/catalog.api';
import { products } from '../catalog/catalog.table';
import { orderEarningsOf } from '../earnings/earnings.api';
import { orderItems, orders } from './orders.table';
import { isFullyRefunded, ORDER_ID, refundedMinorOf } from './refund-state';
import { containsPattern } from '../../platform/db/like';

/** Where a page of the newest-first list ends: the last row's exact time and id. */
export interface OrderCursor {
  /** `created_at` in UTC with microseconds, `2026-11-22T08:52:04.123456Z`. */
  at: string;
  id: number;
}

export interface OrderFilter {
  keywords?: string | undefined;
  status?: 0 | 1 | 2 | undefined;
  /** Inclusive lower bound (an instant: the start of a UTC day). */
  since?: Date | undefined;
  /** Exclusive upper bound (the start of the UTC day after the last one asked for). */
  before?: Date | undefined;
}

export type OrderRow = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'orderNo'
  | 'status'
  | 'side'
  | 'buyerEmail'
  | 'shippingAddress'
  | 'language'
  | 'currencyCode'
  | 'totalMinor'
  | 'platformMinor'
  | 'profitMinor'
  | 'shippingMinor'
  | 'taxMinor'
  | 'paidAt'
  | 'completedAt'
  | 'carrier'
  | 'trackingNo'
  | 'shippedAt'
  | 'createdAt'
> & {
  cursorAt: string;
  earnedMinor: number;
  paidByYouMinor: number;
  refundedMinor: number;
  fullyRefunded: boolean;
};

export type OrderItemRow = typeof orderItems.$inferSelect;

/** The order has a line whose frozen title, or its product's title in any language, matches. */
export function hasItemMatching(words: string): SQL {
  const pattern = containsPattern(words);
  return sql`exists (select 1 from ${orderItems}
    left join ${products} on ${products.id} = ${orderItems.productId}
    where ${orderItems.orderId} = ${orders.id}
      and (${orderItems.title} ilike ${pattern} or ${textMatches(products.title, products.titles, pattern)}))`;
}

/** Every condition starts with the owner: a creator's query can only ever reach their orders. */
function conditionsOf(ownerUserId: number, filter: OrderFilter): SQL[] {
  const conditions: SQL[] = [eq(orders.ownerUserId, ownerUserId)];
  if (filter.keywords) conditions.push(hasItemMatching(filter.keywords));
  if (filter.status !== undefined) conditions.push(eq(orders.status, filter.status));
  // Paid, in transit: the orders to ship — one refunded in full is not (decision 0020).
  if (filter.status === 1) conditions.push(sql`not ${isFullyRefunded()}`);
  conditions.push(...placedWithin(filter));
  return conditions;
}

/** Orders placed in [since, before): the creator's list and the console's alike. */
export function placedWithin(range: { since?: Date | undefined; before?: Date | undefined }): SQL[] {
  const conditions: SQL[] = [];
  if (range.since) conditions.push(sql`${orders.createdAt} >= ${range.since.toISOString()}::timestamptz`);
  if (range.before) conditions.push(sql`${orders.createdAt} < ${range.before.toISOString()}::timestamptz`);
  return conditions;
}

const orderColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  status: orders.status,
  side: orders.side,
  buyerEmail: orders.buyerEmail,
  shippingAddress: orders.shippingAddress,
  language: orders.language,
  currencyCode: orders.currencyCode,
  totalMinor: orders.totalMinor,
  platformMinor: orders.platformMinor,
  profitMinor: orders.profitMinor,
  shippingMinor: orders.shippingMinor,
  taxMinor: orders.taxMinor,
  paidAt: orders.paidAt,
  completedAt: orders.completedAt,
  carrier: orders.carrier,
  trackingNo: orders.trackingNo,
  shippedAt: orders.shippedAt,
  createdAt: orders.createdAt,
  earnedMinor: orderEarningsOf(ORDER_ID).earned,
  paidByYouMinor: orderEarningsOf(ORDER_ID).paidByYou,
  refundedMinor: refundedMinorOf(),
  fullyRefunded: isFullyRefunded(),
  // Microseconds, which a JavaScript Date would drop: the cursor must name the row exactly.
  cursorAt: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

/**
 * Up to `limit` of the owner's orders after `cursor`, newest first (time, then id: a keyset, so
 * orders placed while the creator scrolls neither repeat nor go missing).
 */
export function pageOrders(
  db: AppDatabase,
  ownerUserId: number,
  filter: OrderFilter,
  cursor: OrderCursor | undefined,
  limit: number,
): Promise<OrderRow[]> {
  const conditions = conditionsOf(ownerUserId, filter);
  if (cursor) {
    conditions.push(sql`(${orders.createdAt}, ${orders.id}) < (${cursor.at}::timestamptz, ${cursor.id})`);
  }
  return db
    .select(orderColumns)
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/**
 * How many of the owner's orders match, counted up to `cap` + 1 (a bounded index range however
 * many orders the shop has: an exact count of a million took ≈ 160 ms).
 */
export async function countOrders(
  db: AppDatabase,
  ownerUserId: number,
  filter: OrderFilter,
  cap: number,
): Promise<{ total: number; isCapped: boolean }> {
  const matching = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(...conditionsOf(ownerUserId, filter)))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ total: count() }).from(matching);
  const total = row?.total ?? 0;
  return { total: Math.min(total, cap), isCapped: total > cap };
}

/** One of the owner's orders by its number; undefined for anyone else's. */
export async function findOrder(
  db: AppDatabase,
  ownerUserId: number,
  orderNo: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.ownerUserId, ownerUserId), eq(orders.orderNo, orderNo)))
    .limit(1);
  return row;
}

/**
 * The lines of these orders, in the order they were added. A line is titled in `lang` (the
 * reader's) while its product exists; the title frozen at checkout, in the buyer's language,
 * stands in for a product since removed.
 */
export function listOrderItems(db: AppDatabase, orderIds: number[], lang: string): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      ...getTableColumns(orderItems),
      title: sql<string>`coalesce(${inLanguage(products.titles, products.title, lang)}, ${orderItems.title})`,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}
