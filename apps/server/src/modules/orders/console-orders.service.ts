import { moneyOf, shippingOf } from './order-money';
import {
  ErrorCode,
  normalizeLanguage,
  trackingUrl,
  type TConsoleOrder,
  type TConsoleOrderDetail,
  type TConsoleOrderPage,
  type TConsoleRefund,
  type TLanguage,
  type TOrderEvent,
  type TShipAnswer,
  type ZConsoleOrdersQuery,
  type ZShipRequest,
} from '@linkstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError, type FieldProblem } from '../../platform/errors/app-error';
import { translate } from '../../platform/i18n/translate';
import type { MailMessage, Mailer } from '../../platform/mail/mailer';
import type { Jobs } from '../../platform/jobs/jobs';
import {
  countConsoleOrders,
  findConsoleOrder,
  findShippedForMail,
  listOrderLedger,
  listOrderEvents,
  listOrderPayments,
  lockOrdersByNo,
  recordOrderEvent,
  markProduction,
  markShipped,
  pageConsoleOrders,
  type ConsoleOrderFilter,
  type ConsoleOrderRow,
} from './console-orders.repository';
import { listOrderItems } from './orders.repository';
import { TRACKING_JOB, type TrackingJob } from './shipment-tracking';
import { decodeCursor, encodeCursor, shipmentOf } from './orders.service';
import { utcDayRange } from '../../platform/http/days';
import { orderLinkLine, type OrderLinksHandle } from './order-link';
import { withHtml } from '../../platform/mail/html-mail';

type ConsoleOrdersQuery = z.output<typeof ZConsoleOrdersQuery>;
type ShipRequest = z.output<typeof ZShipRequest>;

export function consoleFilterOf(query: ConsoleOrdersQuery): ConsoleOrderFilter {
  return {
    orderNo: query.orderNo || undefined,
    buyerEmail: query.buyerEmail || undefined,
    shop: query.shop || undefined,
    product: query.product || undefined,
    status: query.status,
    flagged:
      query.flagged === undefined ? undefined : query.flagged === 'open' ? 'open' : query.flagged === 'true',
    ...utcDayRange(query),
  };
}

function toConsoleOrder(row: ConsoleOrderRow): TConsoleOrder {
  return {
    orderNo: row.orderNo,
    status: row.status === 2 ? 2 : row.status === 1 ? 1 : 0,
    side: row.side === 'b' ? 'b' : 'c',
    shopId: String(row.shopId),
    shopName: row.shopName,
    buyerEmail: row.buyerEmail,
    language: row.language,
    quantity: Number(row.quantity),
    totalMinor: row.totalMinor,
    platformMinor: row.platformMinor,
    profitMinor: row.profitMinor,
    currencyCode: row.currencyCode,
    flag: row.flag,
    flagReason:
      row.flagReason === 'amount_mismatch' || row.flagReason === 'stock_short' ? row.flagReason : null,
    flagResolution:
      row.flagResolution === 'refund' || row.flagResolution === 'accept' || row.flagResolution === 'note'
        ? row.flagResolution
        : null,
    refundedMinor: Number(row.refundedMinor),
    fullyRefunded: row.fullyRefunded,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    shipment: shipmentOf(row),
    productionAt: row.productionAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    version: row.version,
  };
}

/** A page of every shop's orders, newest first. */
export async function listConsoleOrders(
  db: AppDatabase,
  query: ConsoleOrdersQuery,
): Promise<TConsoleOrderPage> {
  const filter = consoleFilterOf(query);
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const [rows, total] = await Promise.all([
    pageConsoleOrders(db, filter, cursor, query.pageSize + 1),
    countConsoleOrders(db, filter),
  ]);
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  return {
    list: page.map(toConsoleOrder),
    total,
    nextCursor:
      rows.length > query.pageSize && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/** An order's refunds as the console shows them: the refunds face's read model, given as a port. */
export type OrderRefundsReader = (db: AppDatabase, orderId: number) => Promise<TConsoleRefund[]>;

/**
 * Units of the orders' lines that refunds by lines took (order item id → units, failed refunds
 * left out): the refunds face's, given as a port like `OrderRefundsReader`.
 */
export type RefundedUnitsReader = (db: AppDatabase, orderIds: number[]) => Promise<Map<number, number>>;

/** One order in full: items with frozen prices, the full address, payments, ledger rows, refunds. */
export async function getConsoleOrder(
  db: AppDatabase,
  lang: TLanguage,
  orderNo: string,
  refundsOf: OrderRefundsReader,
): Promise<TConsoleOrderDetail> {
  const row = await findConsoleOrder(db, orderNo);
  if (!row) throw AppError.notFound();
  const [items, paymentRows, ledger, refundRows, events] = await Promise.all([
    listOrderItems(db, [row.id], lang),
    listOrderPayments(db, row.id),
    listOrderLedger(db, row.id),
    refundsOf(db, row.id),
    listOrderEvents(db, row.id),
  ]);
  // Units refunds by lines took of each line (failed ones gave them back).
  const refundedUnits = new Map<string, number>();
  for (const refund of refundRows) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines) {
      refundedUnits.set(line.itemId, (refundedUnits.get(line.itemId) ?? 0) + line.quantity);
    }
  }
  return {
    ...toConsoleOrder(row),
    items: items.map((item) => ({
      id: String(item.id),
      refundedQuantity: refundedUnits.get(String(item.id)) ?? 0,
      discountMinor: item.discountMinor,
      productId: String(item.productId),
      title: item.title,
      variantLabel: item.variantLabel,
      sku: item.sku,
      imageUrl: item.imageUrl,
      quantity: item.quantity,
      platformUnitMinor: item.platformPriceMinor,
      sellingUnitMinor: item.sellingPriceMinor,
      profitUnitMinor: item.profitMinor,
    })),
    shippingAddress: { ...row.shippingAddress },
    money: moneyOf(row),
    shipping: shippingOf(row),
    payments: paymentRows.map((p) => ({
      provider: p.provider,
      providerOrderId: p.providerOrderId,
      status: p.status,
      amountMinor: p.amountMinor,
      currencyCode: p.currencyCode,
      captureId: p.captureId,
      capturedMinor: p.capturedMinor,
      createdAt: p.createdAt.toISOString(),
    })),
    ledger: ledger.map((l) => ({
      id: String(l.id),
      userId: String(l.userId),
      kind: l.kind,
      amountMinor: l.amountMinor,
      createdAt: l.createdAt.toISOString(),
    })),
    shippedBy: row.shippedBy === null ? null : String(row.shippedBy),
    refunds: refundRows,
    refundableMinor: Math.max(0, Number(row.capturedMinor) - Number(row.refundedMinor)),
    flagNote: row.flagNote,
    flagResolvedBy: row.flagResolvedBy,
    flagResolvedAt: row.flagResolvedAt?.toISOString() ?? null,
    history: historyOf(row, events),
  };
}

/** Placed, paid and flagged from the order's own columns, then every recorded event, in time order. */
function historyOf(
  row: ConsoleOrderRow,
  events: Awaited<ReturnType<typeof listOrderEvents>>,
): TConsoleOrderDetail['history'] {
  const history: TConsoleOrderDetail['history'] = [
    { action: 'placed', actor: null, detail: {}, at: row.createdAt.toISOString() },
  ];
  if (row.paidAt) history.push({ action: 'paid', actor: null, detail: {}, at: row.paidAt.toISOString() });
  if (row.flaggedAt && (row.flagReason === 'amount_mismatch' || row.flagReason === 'stock_short')) {
    history.push({
      action: 'flagged',
      actor: null,
      detail: { reason: row.flagReason },
      at: row.flaggedAt.toISOString(),
    });
  }
  for (const event of events) {
    // Written only through `recordOrderEvent`, which takes each action with its own details.
    history.push({
      action: event.action,
      actor: event.actor,
      detail: event.detail,
      at: event.createdAt.toISOString(),
    } as TOrderEvent);
  }
  return history.sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * Marks paid orders shipped and completed, all in one transaction: an order that is missing, not
 * paid (unpaid or already completed) or changed since the operator saw it refuses the whole
 * request, naming each such order, and nothing changes. After the commit each buyer is mailed.
 */
export async function shipOrders(
  deps: {
    db: AppDatabase;
    mailer: Mailer;
    log: FastifyBaseLogger;
    jobs: Pick<Jobs, 'enqueue'>;
    orderLinks: Pick<OrderLinksHandle, 'urlFor'>;
  },
  operatorId: number,
  body: ShipRequest,
): Promise<TShipAnswer> {
  const seen = new Set<string>();
  const duplicates: FieldProblem[] = [];
  body.items.forEach((item, i) => {
    if (seen.has(item.orderNo)) {
      duplicates.push({
        field: `items.${i}.orderNo`,
        key: 'orders.ship.duplicate',
        params: { orderNo: item.orderNo },
      });
    }
    seen.add(item.orderNo);
  });
  if (duplicates.length > 0) throw AppError.fields(duplicates);

  const shippedIds = await withTransaction(deps.db, async (tx) => {
    const found = new Map((await lockOrdersByNo(tx, [...seen])).map((row) => [row.orderNo, row]));
    const refused: FieldProblem[] = [];
    const stale: FieldProblem[] = [];
    body.items.forEach((item, i) => {
      const field = `items.${i}.orderNo`;
      const row = found.get(item.orderNo);
      if (!row) refused.push({ field, key: 'orders.ship.notFound', params: { orderNo: item.orderNo } });
      else if (row.status !== 1) {
        const key = row.status === 0 ? 'orders.ship.unpaid' : 'orders.ship.completed';
        refused.push({ field, key, params: { orderNo: item.orderNo } });
      } else if (row.cancelledAt) {
        refused.push({ field, key: 'orders.ship.cancelled', params: { orderNo: item.orderNo } });
      } else if (row.refunded) {
        refused.push({ field, key: 'orders.ship.refunded', params: { orderNo: item.orderNo } });
      } else if (row.version !== item.version) {
        stale.push({ field, key: 'orders.ship.stale', params: { orderNo: item.orderNo } });
      }
    });
    if (refused.length > 0) throw AppError.fields(refused, ErrorCode.ORDER_NOT_SHIPPABLE);
    if (stale.length > 0) throw AppError.fields(stale, ErrorCode.ORDER_STALE);
    const ids: number[] = [];
    for (const item of body.items) {
      const row = found.get(item.orderNo);
      if (!row) continue;
      const done = await markShipped(tx, row.id, {
        carrier: item.carrier,
        trackingNo: item.trackingNo,
        shippedBy: operatorId,
        version: item.version,
      });
      // Locked above, so this cannot happen; refuse rather than half-ship if it ever does.
      if (!done) throw AppError.of(ErrorCode.ORDER_STALE, 'orders.ship.stale', { orderNo: item.orderNo });
      await recordOrderEvent(tx, {
        orderId: row.id,
        action: 'shipped',
        actorUserId: operatorId,
        detail: { carrier: item.carrier, trackingNo: item.trackingNo },
      });
      // The provider hears the tracking once this commits (decision 0056).
      await deps.jobs.enqueue<TrackingJob>(TRACKING_JOB, { orderNo: item.orderNo }, { db: tx });
      ids.push(row.id);
    }
    return ids;
  });
  sendShippedMails(deps, shippedIds);
  return { shipped: shippedIds.length };
}

/**
 * Marks a paid order "in production" (decision 0058): fulfilment started, so its buyer can no
 * longer cancel it or change its address. Under the order's lock, like shipping: refused while it
 * is not paid, is already in production, shipped, cancelled or refunded in full
 * (ORDER_NOT_SHIPPABLE), or changed since the operator saw it (ORDER_STALE). Answers the new version.
 */
export async function markInProduction(
  db: AppDatabase,
  operatorId: number,
  body: { orderNo: string; version: number },
): Promise<{ version: number }> {
  return withTransaction(db, async (tx) => {
    const [row] = await lockOrdersByNo(tx, [body.orderNo]);
    if (!row) throw AppError.notFound();
    const open = row.status === 1 && !row.refunded && row.cancelledAt === null && row.productionAt === null;
    if (!open) {
      throw AppError.of(ErrorCode.ORDER_NOT_SHIPPABLE, 'orders.production.refused', {
        orderNo: body.orderNo,
      });
    }
    if (row.version !== body.version) {
      throw AppError.of(ErrorCode.ORDER_STALE, 'orders.production.stale', { orderNo: body.orderNo });
    }
    const version = await markProduction(tx, row.id, operatorId);
    await recordOrderEvent(tx, {
      orderId: row.id,
      action: 'in_production',
      actorUserId: operatorId,
      detail: {},
    });
    return { version };
  });
}

export interface ShippedMailInput {
  lang: TLanguage;
  orderNo: string;
  shopName: string;
  carrier: string;
  trackingNo: string;
  /** The buyer's order page. */
  orderUrl: string;
}

/** The buyer's "your order is on its way" mail in their language, with the tracking link. */
export function composeShipped(to: string, input: ShippedMailInput): MailMessage {
  const { lang } = input;
  const url = trackingUrl(input.carrier, input.trackingNo);
  const values = {
    orderNo: input.orderNo,
    shop: input.shopName,
    carrier: translate(lang, `carrier.${input.carrier}` as 'carrier.other'),
    trackingNo: input.trackingNo,
  };
  const link = url ? `\n\n${translate(lang, 'mail.orderShipped.link', { url })}` : '';
  return withHtml(
    {
      to,
      subject: translate(lang, 'mail.orderShipped.subject', values),
      text: `${translate(lang, 'mail.orderShipped.body', values)}${link}\n\n${orderLinkLine(lang, input.orderUrl)}`,
    },
    lang,
    { name: input.shopName },
  );
}

/** Mails each shipped order's buyer in the background; a failure is logged, never undoes. */
function sendShippedMails(
  deps: {
    db: AppDatabase;
    mailer: Mailer;
    log: FastifyBaseLogger;
    orderLinks: Pick<OrderLinksHandle, 'urlFor'>;
  },
  orderIds: number[],
) {
  const send = async () => {
    for (const order of await findShippedForMail(deps.db, orderIds)) {
      if (!order.carrier || !order.trackingNo) continue;
      const message = composeShipped(order.buyerEmail, {
        lang: normalizeLanguage(order.language),
        orderNo: order.orderNo,
        shopName: order.shopName,
        carrier: order.carrier,
        trackingNo: order.trackingNo,
        orderUrl: deps.orderLinks.urlFor({
          id: order.id,
          shopSlug: order.shopSlug,
          language: order.language,
        }),
      });
      await deps.mailer.send(message).catch((err: unknown) => {
        deps.log.error(
          { err, orderNo: order.orderNo, mail: 'orderShipped' },
          'Could not send the shipping mail',
        );
      });
    }
  };
  send().catch((err: unknown) => {
    deps.log.error({ err, orderIds, mail: 'orderShipped' }, 'Could not send the shipping mails');
  });
}
