import type { TCaseEventKind, TCaseStatus } from '@linkstore/contract';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { stampNow } from '../../platform/db/stamp';
import { orderItems, orders } from '../orders/orders.table';
import { refunds } from '../refunds/refunds.table';
import { shops } from '../shops/shops.table';
import { orderCaseEvents, orderCasePhotos, orderCases } from './cases.table';

export type CaseRow = typeof orderCases.$inferSelect;
export type CaseEventRow = typeof orderCaseEvents.$inferSelect;

export async function findCase(db: AppDatabase, id: number): Promise<CaseRow | undefined> {
  const [row] = await db.select().from(orderCases).where(eq(orderCases.id, id));
  return row;
}

/** The case, locked for the transaction (after its order: one lock order, order then case). */
export async function lockCase(db: AppDatabase, id: number): Promise<CaseRow | undefined> {
  const [row] = await db.select().from(orderCases).where(eq(orderCases.id, id)).for('update');
  return row;
}

/** The line's open case (one at most), if any. */
export async function findOpenCaseOfLine(db: AppDatabase, itemId: number): Promise<CaseRow | undefined> {
  const [row] = await db
    .select()
    .from(orderCases)
    .where(and(eq(orderCases.orderItemId, itemId), ne(orderCases.status, 'resolved')));
  return row;
}

export async function insertCase(db: AppDatabase, values: typeof orderCases.$inferInsert): Promise<CaseRow> {
  const [row] = await db.insert(orderCases).values(values).returning();
  if (!row) throw new Error('case not inserted');
  return row;
}

/** Moves a case on (status, resolution …); `updated_at` follows. */
export async function updateCase(
  db: AppDatabase,
  id: number,
  values: Partial<Omit<typeof orderCases.$inferInsert, 'id' | 'orderId' | 'orderItemId' | 'createdAt'>>,
): Promise<void> {
  await db
    .update(orderCases)
    .set({ ...values, updatedAt: stampNow() })
    .where(eq(orderCases.id, id));
}

/** Records one step of a case; answers its id (photos name it). */
export async function insertCaseEvent(
  db: AppDatabase,
  event: {
    caseId: number;
    kind: TCaseEventKind;
    byBuyer: boolean;
    actorUserId: number | null;
    message: string;
  },
): Promise<number> {
  const [row] = await db.insert(orderCaseEvents).values(event).returning({ id: orderCaseEvents.id });
  if (!row) throw new Error('case event not inserted');
  return row.id;
}

export async function insertCasePhotos(
  db: AppDatabase,
  caseId: number,
  eventId: number,
  fileIds: string[],
): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .insert(orderCasePhotos)
    .values(fileIds.map((fileId, position) => ({ fileId, caseId, eventId, position })));
}

/** The lines of an order, in its line order. */
export function listOrderLines(db: AppDatabase, orderId: number) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** A case with its line as bought, newest first. */
const caseWithLine = {
  case: orderCases,
  title: orderItems.title,
  variantLabel: orderItems.variantLabel,
  quantity: orderItems.quantity,
};

const reshipOrders = alias(orders, 'reship_orders');

/** An order's cases with their lines and reship order numbers, newest first. */
export function listCasesOfOrder(db: AppDatabase, orderId: number) {
  return db
    .select({
      ...caseWithLine,
      reshipOrderNo: reshipOrders.orderNo,
      refund: {
        amountMinor: refunds.amountMinor,
        status: refunds.status,
        profitReversedMinor: refunds.profitReversedMinor,
        currencyCode: refunds.currencyCode,
      },
    })
    .from(orderCases)
    .innerJoin(orderItems, eq(orderItems.id, orderCases.orderItemId))
    .leftJoin(reshipOrders, eq(reshipOrders.id, orderCases.reshipOrderId))
    .leftJoin(refunds, eq(refunds.id, orderCases.refundId))
    .where(eq(orderCases.orderId, orderId))
    .orderBy(desc(orderCases.createdAt), desc(orderCases.id));
}

/** The steps of these cases, oldest first, with the operator's username and the photos of each. */
export async function listCaseEvents(db: AppDatabase, caseIds: number[]) {
  if (caseIds.length === 0) return [];
  const events = await db
    .select({ event: orderCaseEvents, actor: users.username })
    .from(orderCaseEvents)
    .leftJoin(users, eq(users.id, orderCaseEvents.actorUserId))
    .where(inArray(orderCaseEvents.caseId, caseIds))
    .orderBy(asc(orderCaseEvents.id));
  const photos = await db
    .select({ fileId: orderCasePhotos.fileId, eventId: orderCasePhotos.eventId })
    .from(orderCasePhotos)
    .where(inArray(orderCasePhotos.caseId, caseIds))
    .orderBy(asc(orderCasePhotos.eventId), asc(orderCasePhotos.position));
  return events.map(({ event, actor }) => ({
    ...event,
    actor,
    photoIds: photos.filter((photo) => photo.eventId === event.id).map((photo) => photo.fileId),
  }));
}

/** Whether `fileId` is a photo of case `caseId`. */
export async function isPhotoOfCase(db: AppDatabase, caseId: number, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ fileId: orderCasePhotos.fileId })
    .from(orderCasePhotos)
    .where(and(eq(orderCasePhotos.caseId, caseId), eq(orderCasePhotos.fileId, fileId)));
  return row !== undefined;
}

const photoCount = sql<number>`(select count(*)::int from ${orderCasePhotos}
  where ${orderCasePhotos.caseId} = ${orderCases.id})`.mapWith(Number);

const resolver = alias(users, 'resolver');

/** The queue's columns: the case, its order, shop and line. */
const consoleColumns = {
  ...caseWithLine,
  orderNo: orders.orderNo,
  buyerEmail: orders.buyerEmail,
  shopName: shops.name,
  photoCount,
};

/**
 * The queue: open cases oldest first (the longest waiting on top), then resolved ones, latest
 * resolved first. Filtered by status and by order number.
 */
export async function pageConsoleCases(
  db: AppDatabase,
  query: {
    status?: TCaseStatus | undefined;
    orderNo?: string | undefined;
    pageNum: number;
    pageSize: number;
  },
) {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orderCases.status, query.status));
  if (query.orderNo) filters.push(eq(orders.orderNo, query.orderNo));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const list = await db
    .select(consoleColumns)
    .from(orderCases)
    .innerJoin(orders, eq(orders.id, orderCases.orderId))
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .innerJoin(orderItems, eq(orderItems.id, orderCases.orderItemId))
    .where(where)
    .orderBy(
      sql`(${orderCases.status} = 'resolved')`,
      sql`case when ${orderCases.status} = 'resolved' then null else ${orderCases.createdAt} end asc nulls last`,
      desc(orderCases.resolvedAt),
      asc(orderCases.id),
    )
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
    .from(orderCases)
    .innerJoin(orders, eq(orders.id, orderCases.orderId))
    .where(where);
  return { list, total: count?.total ?? 0 };
}

/** One case with everything the console's detail shows of its order, line, refund and reship. */
export async function findConsoleCase(db: AppDatabase, id: number) {
  const [row] = await db
    .select({
      ...consoleColumns,
      order: orders,
      item: orderItems,
      resolvedBy: resolver.username,
      reshipOrderNo: reshipOrders.orderNo,
      refund: {
        id: refunds.id,
        amountMinor: refunds.amountMinor,
        status: refunds.status,
        profitReversedMinor: refunds.profitReversedMinor,
      },
    })
    .from(orderCases)
    .innerJoin(orders, eq(orders.id, orderCases.orderId))
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .innerJoin(orderItems, eq(orderItems.id, orderCases.orderItemId))
    .leftJoin(resolver, eq(resolver.id, orderCases.resolvedBy))
    .leftJoin(reshipOrders, eq(reshipOrders.id, orderCases.reshipOrderId))
    .leftJoin(refunds, eq(refunds.id, orderCases.refundId))
    .where(eq(orderCases.id, id));
  return row;
}

/** An order of `ownerUserId`'s by number (a buyer's or their own purchase); undefined if not theirs. */
export async function findOwnOrder(db: AppDatabase, orderNo: string, ownerUserId: number) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.ownerUserId, ownerUserId)));
  return row;
}

/** The order a case is about, for its mails: buyer, language, shop. */
export async function findOrderForMail(db: AppDatabase, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      buyerEmail: orders.buyerEmail,
      language: orders.language,
      currencyCode: orders.currencyCode,
      shopName: shops.name,
      shopSlug: shops.slug,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.id, orderId));
  return row;
}

/** Cases waiting for an operator (new), for a count on the console. */
export async function countOpenCases(db: AppDatabase): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(orderCases)
    .where(eq(orderCases.status, 'new'));
  return row?.n ?? 0;
}
