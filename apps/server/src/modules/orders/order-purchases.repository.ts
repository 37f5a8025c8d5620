import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { CLAIM_STALE } from './checkout.repository';
import { orderPurchaseItems, orderPurchases, orders } from './orders.table';
import { stampNow } from '../../platform/db/stamp';

export type PurchaseRow = typeof orderPurchases.$inferSelect;
export type NewPurchase = typeof orderPurchases.$inferInsert;

/** An order of a purchase with what the purchase pays for it. */
export interface PurchaseOrderRow {
  id: number;
  orderNo: string;
  status: number;
  shopId: number;
  ownerUserId: number;
  amountMinor: number;
  reservedUntil: Date | null;
  payingSide: string | null;
  payingSince: Date | null;
  /** Claimed by this purchase's capture (the claim's instant is the purchase's last stamp). */
  heldHere: boolean;
}

/** The owner's orders with these numbers, locked until the transaction ends, in id order. */
export function lockOwnOrders(db: AppDatabase, ownerUserId: number, orderNos: string[]) {
  return db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      shopId: orders.shopId,
      platformMinor: orders.platformMinor,
      currencyCode: orders.currencyCode,
    })
    .from(orders)
    .where(and(eq(orders.ownerUserId, ownerUserId), inArray(orders.orderNo, orderNos)))
    .orderBy(asc(orders.id))
    .for('update');
}

export async function findPurchaseByKey(
  db: AppDatabase,
  ownerUserId: number,
  payKey: string,
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(orderPurchases)
    .where(and(eq(orderPurchases.ownerUserId, ownerUserId), eq(orderPurchases.payKey, payKey)));
  return row;
}

/** One of the owner's purchases; anyone else's answers as absent. `lock`: for update. */
export async function findPurchase(
  db: AppDatabase,
  ownerUserId: number,
  id: number,
  lock = false,
): Promise<PurchaseRow | undefined> {
  const query = db
    .select()
    .from(orderPurchases)
    .where(and(eq(orderPurchases.id, id), eq(orderPurchases.ownerUserId, ownerUserId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertPurchase(
  db: AppDatabase,
  purchase: NewPurchase,
  items: { orderId: number; amountMinor: number }[],
): Promise<PurchaseRow> {
  const [row] = await db.insert(orderPurchases).values(purchase).returning();
  if (!row) throw new Error('purchase not inserted');
  await db.insert(orderPurchaseItems).values(items.map((item) => ({ ...item, purchaseId: row.id })));
  return row;
}

/** The purchase's orders in id order; `lock` locks them (for update) until the transaction ends. */
export async function listPurchaseOrders(
  db: AppDatabase,
  purchaseId: number,
  lock = false,
): Promise<PurchaseOrderRow[]> {
  const query = db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      shopId: orders.shopId,
      ownerUserId: orders.ownerUserId,
      amountMinor: orderPurchaseItems.amountMinor,
      reservedUntil: orders.reservedUntil,
      payingSide: orders.payingSide,
      payingSince: orders.payingSince,
      heldHere: sql<boolean>`coalesce(${orders.payingSide} = 'b'
        and ${orders.payingSince} = ${orderPurchases.updatedAt}
        and ${orders.payingSince} >= ${CLAIM_STALE}, false)`,
    })
    .from(orderPurchaseItems)
    .innerJoin(orders, eq(orders.id, orderPurchaseItems.orderId))
    .innerJoin(orderPurchases, eq(orderPurchases.id, orderPurchaseItems.purchaseId))
    .where(eq(orderPurchaseItems.purchaseId, purchaseId))
    .orderBy(asc(orders.id));
  return lock ? query.for('update', { of: orders }) : query;
}

export async function updatePurchase(
  db: AppDatabase,
  id: number,
  values: Partial<Pick<PurchaseRow, 'providerOrderId' | 'approveUrl'>>,
): Promise<void> {
  await db
    .update(orderPurchases)
    .set({ ...values, updatedAt: stampNow() })
    .where(eq(orderPurchases.id, id));
}

/**
 * Marks the purchase as being captured now: its `updated_at` becomes this transaction's `now()`,
 * the same instant its orders' claims carry, which is how a second capture call of the same
 * purchase recognises the claims as its own.
 */
export async function stampPurchase(db: AppDatabase, id: number): Promise<Date> {
  const [row] = await db
    .update(orderPurchases)
    .set({ updatedAt: stampNow() })
    .where(eq(orderPurchases.id, id))
    .returning({ at: orderPurchases.updatedAt });
  if (!row) throw new Error('purchase not found');
  return row.at;
}

/** created → paid or cancelled, only from created: at most one caller moves it. */
export async function closePurchase(
  db: AppDatabase,
  id: number,
  values: { status: 'paid' | 'cancelled'; reason?: string | null; captureId?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(orderPurchases)
    .set({ ...values, updatedAt: stampNow() })
    .where(and(eq(orderPurchases.id, id), eq(orderPurchases.status, 'created')))
    .returning({ id: orderPurchases.id });
  return rows.length === 1;
}

/** Every order 0 → 2 paid by its creator (b-side), only from 0; answers how many moved. */
export async function completeByCreator(db: AppDatabase, orderIds: number[]): Promise<number> {
  const rows = await db
    .update(orders)
    .set({
      status: 2,
      side: 'b',
      paidAt: sql`now()`,
      completedAt: sql`now()`,
      reservedUntil: null,
      payingSide: null,
      payingSince: null,
      updatedAt: stampNow(),
    })
    .where(and(inArray(orders.id, orderIds), eq(orders.status, 0)))
    .returning({ id: orders.id });
  return rows.length;
}
