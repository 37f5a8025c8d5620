import {
  ErrorCode,
  ORDER_COUNT_CAP,
  type TCreatorOrder,
  type TCreatorOrderDetail,
  type TCreatorOrderItem,
  type TCreatorOrderPage,
  type TLanguage,
  type TShipment,
  type ZOrdersQuery,
  trackingUrl,
} from '@linkstore/contract';
import type { z } from 'zod';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import {
  countOrders,
  findOrder,
  listOrderItems,
  pageOrders,
  type OrderCursor,
  type OrderFilter,
  type OrderItemRow,
  type OrderRow,
} from './orders.repository';
import { utcDayRange } from '../../platform/http/days';

/** The list's query as the route hands it over: parsed, with its defaults. */
type OrdersQuery = z.output<typeof ZOrdersQuery>;

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * The buyer's address with the local part cut to its first character: `alice@example.com` →
 * `a***@example.com`. A creator learns an order exists, not a list of emails to harvest.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** The page's last row as an opaque token for the next request. */
export function encodeCursor(cursor: OrderCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

/**
 * The shape alone lets '2026-13-45T…' or '2026-02-30T…' through, which the database would refuse
 * with a 500: the instant must read back as itself.
 */
function isRealInstant(at: string): boolean {
  const ms = Date.parse(at);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === at.slice(0, 19);
}

/** A token from `encodeCursor`; anything else is refused as an invalid field. */
export function decodeCursor(token: string): OrderCursor {
  const [at, id] = Buffer.from(token, 'base64url').toString('utf8').split('|');
  const valid = at && CURSOR_AT.test(at) && isRealInstant(at) && id && /^[1-9]\d{0,14}$/.test(id);
  if (!valid) throw AppError.field('cursor', 'validation.invalid');
  return { at, id: Number(id) };
}

/** The query's UTC days as instants: from the start of `from` to the start of the day after `to`. */
export function filterOf(query: Pick<OrdersQuery, 'keywords' | 'status' | 'from' | 'to'>): OrderFilter {
  return {
    keywords: query.keywords || undefined,
    status: query.status,
    ...utcDayRange(query),
  };
}

/** The order's shipment as creators and operators see it; null until it is shipped. */
export function shipmentOf(row: {
  carrier: string | null;
  trackingNo: string | null;
  shippedAt: Date | null;
}): TShipment | null {
  if (!row.carrier || !row.trackingNo || !row.shippedAt) return null;
  return {
    carrier: row.carrier,
    trackingNo: row.trackingNo,
    trackingUrl: trackingUrl(row.carrier, row.trackingNo),
    shippedAt: row.shippedAt.toISOString(),
  };
}

function toItem(row: OrderItemRow): TCreatorOrderItem {
  return {
    productId: String(row.productId),
    title: row.title,
    variantLabel: row.variantLabel,
    sku: row.sku,
    imageUrl: row.imageUrl,
    quantity: row.quantity,
    platformUnitMinor: row.platformPriceMinor,
    sellingUnitMinor: row.sellingPriceMinor,
    profitUnitMinor: row.profitMinor,
  };
}

function toOrder(row: OrderRow, items: OrderItemRow[]): TCreatorOrder {
  return {
    orderNo: row.orderNo,
    status: row.status === 2 ? 2 : row.status === 1 ? 1 : 0,
    items: items.map(toItem),
    quantity: items.reduce((sum, item) => sum + item.quantity, 0),
    platformMinor: row.platformMinor,
    totalMinor: row.totalMinor,
    shippingMinor: row.shippingMinor,
    taxMinor: row.taxMinor,
    profitMinor: row.profitMinor,
    currencyCode: row.currencyCode,
    buyerEmail: maskEmail(row.buyerEmail),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    shipment: shipmentOf(row),
    side: row.side === 'b' ? 'b' : 'c',
    earnedMinor: row.earnedMinor,
    paidByYouMinor: row.paidByYouMinor,
    refundedMinor: row.refundedMinor,
    fullyRefunded: row.fullyRefunded,
  };
}

function groupByOrder(items: OrderItemRow[]): Map<number, OrderItemRow[]> {
  const groups = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    const lines = groups.get(item.orderId);
    if (lines) lines.push(item);
    else groups.set(item.orderId, [item]);
  }
  return groups;
}

/** A page of the caller's orders (every shop they own, by `orders.owner_user_id`), newest first. */
export async function listMyOrders(
  db: AppDatabase,
  lang: TLanguage,
  userId: number,
  query: OrdersQuery,
): Promise<TCreatorOrderPage> {
  const filter = filterOf(query);
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  // One more than asked tells whether another page follows.
  const [rows, counted] = await Promise.all([
    pageOrders(db, userId, filter, cursor, query.pageSize + 1),
    countOrders(db, userId, filter, ORDER_COUNT_CAP),
  ]);
  const page = rows.slice(0, query.pageSize);
  const items = groupByOrder(
    await listOrderItems(
      db,
      page.map((row) => row.id),
      lang,
    ),
  );
  const last = page.at(-1);
  return {
    list: page.map((row) => toOrder(row, items.get(row.id) ?? [])),
    total: counted.total,
    totalIsCapped: counted.isCapped,
    nextCursor:
      rows.length > query.pageSize && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/**
 * Every one of the caller's orders the list's filters match, newest first, as the list answers
 * them (the same rows, figures and masked buyer); more than `maxRows` is refused (A0445).
 */
export async function listAllMyOrders(
  db: AppDatabase,
  lang: TLanguage,
  userId: number,
  filters: Pick<OrdersQuery, 'keywords' | 'status' | 'from' | 'to'>,
  maxRows: number,
): Promise<TCreatorOrder[]> {
  const filter = filterOf(filters);
  if ((await countOrders(db, userId, filter, maxRows)).isCapped) {
    throw AppError.of(ErrorCode.TOO_MANY_ROWS, 'orders.export.tooMany', { max: maxRows });
  }
  const rows = await pageOrders(db, userId, filter, undefined, maxRows);
  const items = groupByOrder(
    await listOrderItems(
      db,
      rows.map((row) => row.id),
      lang,
    ),
  );
  return rows.map((row) => toOrder(row, items.get(row.id) ?? []));
}

/** One of the caller's orders; someone else's answers as absent, like one that does not exist. */
export async function getMyOrder(
  db: AppDatabase,
  lang: TLanguage,
  userId: number,
  orderNo: string,
): Promise<TCreatorOrderDetail> {
  const row = await findOrder(db, userId, orderNo);
  if (!row) throw AppError.notFound();
  const items = await listOrderItems(db, [row.id], lang);
  const address = row.shippingAddress;
  return {
    ...toOrder(row, items),
    shipTo: {
      name: address.name,
      city: address.city,
      region: address.region ?? null,
      countryCode: address.countryCode,
    },
    language: row.language,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
