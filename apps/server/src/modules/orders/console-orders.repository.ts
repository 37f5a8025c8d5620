import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TRecordedOrderEvent } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { containsPattern } from '../../platform/db/like';
import { ledgerEntries } from '../earnings/earnings.table';
import { payments } from '../payments/payments.table';
import { shops } from '../shops/shops.table';
import { hasItemMatching, placedWithin, type OrderCursor } from './orders.repository';
import { users } from '../../platform/auth/auth.tables';
import { orderEvents, orderItems, orders } from './orders.table';
import { isFullyRefunded, refundedMinorOf } from './refund-state';
import { stampNow } from '../../platform/db/stamp';

/** The console's filters over every shop's orders (all optional; `contains` matches). */
export interface ConsoleOrderFilter {
  orderNo?: string | undefined;
  buyerEmail?: string | undefined;
  shop?: string | undefined;
  product?: string | undefined;
  status?: 0 | 1 | 2 | undefined;
  /** true: flagged; false: not flagged; 'open': flagged and not resolved (the flagged queue). */
  flagged?: boolean | 'open' | undefined;
  since?: Date | undefined;
  before?: Date | undefined;
}

function conditionsOf(filter: ConsoleOrderFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.orderNo) conditions.push(sql`${orders.orderNo} ilike ${containsPattern(filter.orderNo)}`);
  if (filter.buyerEmail)
    conditions.push(sql`${orders.buyerEmail} ilike ${containsPattern(filter.buyerEmail)}`);
  if (filter.shop) {
    const pattern = containsPattern(filter.shop);
    conditions.push(sql`(${shops.name} ilike ${pattern} or ${shops.slug} ilike ${pattern})`);
  }
  if (filter.product) conditions.push(hasItemMatching(filter.product));
  if (filter.status !== undefined) conditions.push(eq(orders.status, filter.status));
  // Paid, in transit: the orders to ship — one refunded in full is not (decision 0020), nor one
  // its buyer cancelled (decision 0058), even while the cancellation's refund has not gone through.
  if (filter.status === 1) conditions.push(sql`not ${isFullyRefunded()} and ${orders.cancelledAt} is null`);
  if (filter.flagged === true) conditions.push(sql`${orders.flag} is not null`);
  if (filter.flagged === false) conditions.push(sql`${orders.flag} is null`);
  if (filter.flagged === 'open')
    conditions.push(sql`${orders.flag} is not null and ${orders.flagResolvedAt} is null`);
  conditions.push(...placedWithin(filter));
  return conditions;
}

const columns = {
  id: orders.id,
  orderNo: orders.orderNo,
  status: orders.status,
  side: orders.side,
  shopId: orders.shopId,
  shopName: shops.name,
  ownerUserId: orders.ownerUserId,
  buyerEmail: orders.buyerEmail,
  shippingAddress: orders.shippingAddress,
  language: orders.language,
  currencyCode: orders.currencyCode,
  totalMinor: orders.totalMinor,
  platformMinor: orders.platformMinor,
  profitMinor: orders.profitMinor,
  discountMinor: orders.discountMinor,
  discountCode: orders.discountCode,
  discountTaxMinor: orders.discountTaxMinor,
  shippingMinor: orders.shippingMinor,
  creatorShippingMinor: orders.creatorShippingMinor,
  shippingTaxMinor: orders.shippingTaxMinor,
  taxMinor: orders.taxMinor,
  taxName: orders.taxName,
  taxRateMicros: orders.taxRateMicros,
  taxInclusive: orders.taxInclusive,
  taxScheme: orders.taxScheme,
  shippingMethod: orders.shippingMethod,
  deliveryMinDays: orders.deliveryMinDays,
  deliveryMaxDays: orders.deliveryMaxDays,
  flag: orders.flag,
  flagReason: orders.flagReason,
  flaggedAt: orders.flaggedAt,
  flagResolution: orders.flagResolution,
  flagNote: orders.flagNote,
  flagResolvedAt: orders.flagResolvedAt,
  flagResolvedBy: sql<
    string | null
  >`(select ${users.username} from ${users} where ${users.id} = ${orders.flagResolvedBy})`,
  refundedMinor: refundedMinorOf(),
  fullyRefunded: isFullyRefunded(),
  capturedMinor: sql<number>`(select coalesce(sum(${payments.capturedMinor}), 0)::int from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.captureId} is not null)`,
  carrier: orders.carrier,
  trackingNo: orders.trackingNo,
  shippedAt: orders.shippedAt,
  shippedBy: orders.shippedBy,
  productionAt: orders.productionAt,
  cancelledAt: orders.cancelledAt,
  version: orders.version,
  paidAt: orders.paidAt,
  completedAt: orders.completedAt,
  createdAt: orders.createdAt,
  quantity: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
  cursorAt: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

/** Up to `limit` orders of every shop after `cursor`, newest first (created_at, id: a keyset). */
export function pageConsoleOrders(
  db: AppDatabase,
  filter: ConsoleOrderFilter,
  cursor: OrderCursor | undefined,
  limit: number,
) {
  const conditions = conditionsOf(filter);
  if (cursor) {
    conditions.push(sql`(${orders.createdAt}, ${orders.id}) < (${cursor.at}::timestamptz, ${cursor.id})`);
  }
  return db
    .select(columns)
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function countConsoleOrders(db: AppDatabase, filter: ConsoleOrderFilter): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(and(...conditionsOf(filter)));
  return row?.total ?? 0;
}

export async function findConsoleOrder(db: AppDatabase, orderNo: string) {
  const [row] = await db
    .select(columns)
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.orderNo, orderNo))
    .limit(1);
  return row;
}

export function listOrderPayments(db: AppDatabase, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

/** The order's recorded events, oldest first, with the acting operator's username. */
export function listOrderEvents(db: AppDatabase, orderId: number) {
  return db
    .select({
      action: orderEvents.action,
      actor: users.username,
      detail: orderEvents.detail,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorUserId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/** Records what happened to an order and who did it (null: the system), in the caller's transaction. */
export async function recordOrderEvent(
  db: AppDatabase,
  event: { orderId: number; actorUserId: number | null } & TRecordedOrderEvent,
): Promise<void> {
  await db.insert(orderEvents).values({
    orderId: event.orderId,
    action: event.action,
    actorUserId: event.actorUserId,
    detail: event.detail,
  });
}

export function listOrderLedger(db: AppDatabase, orderId: number) {
  return db
    .select({
      id: ledgerEntries.id,
      userId: ledgerEntries.userId,
      kind: ledgerEntries.kind,
      amountMinor: ledgerEntries.amountMinor,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(asc(ledgerEntries.id));
}

/** The orders to ship, locked for the transaction (so a concurrent change waits for it). */
export function lockOrdersByNo(db: AppDatabase, orderNos: string[]) {
  return db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      version: orders.version,
      refunded: isFullyRefunded(),
      cancelledAt: orders.cancelledAt,
      productionAt: orders.productionAt,
    })
    .from(orders)
    .where(inArray(orders.orderNo, orderNos))
    .for('update');
}

/** The orders of these numbers as they are now (read, not locked): what a tracking import checks. */
export function findOrdersByNo(db: AppDatabase, orderNos: string[]) {
  if (orderNos.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderNo: orders.orderNo,
      status: orders.status,
      version: orders.version,
      refunded: isFullyRefunded(),
      cancelledAt: orders.cancelledAt,
    })
    .from(orders)
    .where(inArray(orders.orderNo, orderNos));
}

export interface ShipValues {
  carrier: string;
  trackingNo: string;
  shippedBy: number;
  version: number;
}

/**
 * Marks one paid order shipped and completed, only if still paid, not refunded in full, and at the
 * version the operator saw; answers whether it did.
 */
export async function markShipped(db: AppDatabase, orderId: number, values: ShipValues): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      status: 2,
      carrier: values.carrier,
      trackingNo: values.trackingNo,
      shippedBy: values.shippedBy,
      shippedAt: sql`now()`,
      completedAt: sql`now()`,
      updatedAt: stampNow(),
      version: sql`${orders.version} + 1`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 1),
        eq(orders.version, values.version),
        isNull(orders.cancelledAt),
        sql`not ${isFullyRefunded()}`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** Stamps a locked order in production by `operatorId` and bumps its version; answers the new one. */
export async function markProduction(db: AppDatabase, orderId: number, operatorId: number): Promise<number> {
  const [row] = await db
    .update(orders)
    .set({
      productionAt: sql`now()`,
      productionBy: operatorId,
      version: sql`${orders.version} + 1`,
      updatedAt: stampNow(),
    })
    .where(eq(orders.id, orderId))
    .returning({ version: orders.version });
  if (!row) throw new Error(`order ${orderId} vanished under its lock`);
  return row.version;
}

/** What the shipping mail needs of each order. */
export function findShippedForMail(db: AppDatabase, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      buyerEmail: orders.buyerEmail,
      language: orders.language,
      carrier: orders.carrier,
      trackingNo: orders.trackingNo,
      shopName: shops.name,
      shopSlug: shops.slug,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(inArray(orders.id, orderIds));
}

export type ConsoleOrderRow = Awaited<ReturnType<typeof pageConsoleOrders>>[number];
