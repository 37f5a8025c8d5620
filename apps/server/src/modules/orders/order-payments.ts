import {
  FLAGGED_ORDERS_TOPIC,
  formatMoney,
  ORDERS_QUEUE,
  queueOf,
  type TOrderFlaggedNews,
  type TOrderPaidNews,
} from '@linkstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import type { Mailer } from '../../platform/mail/mailer';
import type { Realtime } from '../../platform/realtime/realtime-plugin';
import { takeStock } from '../catalog/catalog.api';
import { creditSale } from '../earnings/earnings.api';
import { updatePayment } from '../payments/payments.api';
import type { CreatorMailsHandle } from '../creator-mails/creator-mails.api';
import {
  flipToPaid,
  listOrderItems,
  lockOrder,
  setOrderFlag,
  STOCK_SHORT_FLAG,
  type OrderWithPayment,
} from './checkout.repository';
import type { OrderLinksHandle } from './order-link';
import { sendOrderConfirmation } from './order-mail';

/** A capture as the provider reported it (the capture's own status, amount and currency). */
export interface Capture {
  status: string;
  captureId: string;
  capturedMinor: number;
  currencyCode: string;
}

export interface PaymentDeps {
  db: AppDatabase;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /**
   * Live messages to the creator (and to operators for a flagged order), after the commit.
   * Required: whoever marks an order paid tells the creator's open studio.
   */
  realtime: Pick<Realtime, 'toUser' | 'toTopic'>;
  /** The buyer's order page, linked from the confirmation. */
  orderLinks: Pick<OrderLinksHandle, 'urlFor'>;
  /** The creator's mail about the sale (their settings decide), queued in the paying transaction. */
  creatorMails: Pick<CreatorMailsHandle, 'queueSaleMail'>;
}

/** What a capture came to for the order. */
export type Settlement = 'paid' | 'alreadyPaid' | 'pending' | 'declined' | 'mismatch';

/** For the flag an operator reads, in English like the rest of the flag. */
const money = (minor: number, currency: string) => formatMoney(minor, currency, 'en');

class StockShort extends Error {}

/**
 * Takes the order's stock again after the sweep released it. All or nothing (a savepoint): when
 * a product is short, nothing is taken and the answer is the flag to set on the paid order.
 */
export async function reReserve(tx: AppDatabase, orderId: number): Promise<string | null> {
  const items = (await listOrderItems(tx, orderId)).sort((a, b) => (a.variantId ?? 0) - (b.variantId ?? 0));
  try {
    await withTransaction(tx, async (savepoint) => {
      for (const item of items) {
        // A line whose variant the catalogue removed before 0031 has none to take again: short.
        if (item.variantId === null || !(await takeStock(savepoint, item.variantId, item.quantity))) {
          throw new StockShort();
        }
      }
    });
    return null;
  } catch (error) {
    if (!(error instanceof StockShort)) throw error;
    return STOCK_SHORT_FLAG;
  }
}

/**
 * The ONE place an order becomes paid, used by the capture answer and the webhook alike. In one
 * transaction: 0 → 1 only from 0, and only the caller that flipped it credits the profit to the
 * ledger (unique per order as a second guard) and records the capture on the payment. So however
 * often and in whatever order the answers arrive, one state change and one ledger row. The buyer's
 * mail goes out after the commit, only from the flipping call; a mail failure is only logged.
 */
export async function markPaid(deps: PaymentDeps, orderId: number, capture: Capture): Promise<boolean> {
  const flipped = await withTransaction(deps.db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.status !== 0) return undefined;
    // Its reservation was released by the sweep: take the stock again if it is still there.
    const flag = order.reservedUntil === null ? await reReserve(tx, orderId) : null;
    if (!(await flipToPaid(tx, orderId, flag))) return undefined;
    await creditSale(tx, {
      userId: order.ownerUserId,
      shopId: order.shopId,
      orderId: order.id,
      amountMinor: order.profitMinor,
      currencyCode: order.currencyCode,
    });
    await updatePayment(tx, orderId, {
      status: 'COMPLETED',
      captureId: capture.captureId,
      capturedMinor: capture.capturedMinor,
      capturedCurrency: capture.currencyCode,
    });
    if (order.side === 'c') {
      await deps.creatorMails.queueSaleMail(tx, {
        orderNo: order.orderNo,
        ownerUserId: order.ownerUserId,
        shopId: order.shopId,
        totalMinor: order.totalMinor,
        profitMinor: order.profitMinor,
        currencyCode: order.currencyCode,
      });
    }
    return { order, flag };
  });
  if (!flipped) return false;
  sendOrderConfirmation(deps, orderId);
  announcePaid(deps, flipped.order, flipped.flag);
  return true;
}

/** Tells the creator's open studios (and operators, when flagged) after the commit; never fails the payment. */
function announcePaid(
  deps: PaymentDeps,
  order: {
    id: number;
    orderNo: string;
    ownerUserId: number;
    totalMinor: number;
    profitMinor: number;
    currencyCode: string;
  },
  flag: string | null,
): void {
  const news: TOrderPaidNews = {
    kind: 'orderPaid',
    orderId: String(order.id),
    orderNo: order.orderNo,
    totalMinor: order.totalMinor,
    profitMinor: order.profitMinor,
    currencyCode: order.currencyCode,
  };
  const sent = [deps.realtime.toUser(String(order.ownerUserId), queueOf(ORDERS_QUEUE), news)];
  if (flag !== null)
    sent.push(
      deps.realtime.toTopic(FLAGGED_ORDERS_TOPIC, {
        kind: 'orderFlagged',
        orderId: news.orderId,
        orderNo: order.orderNo,
      } satisfies TOrderFlaggedNews),
    );
  void Promise.all(sent).catch((err: unknown) =>
    deps.log.warn({ err, orderId: order.id }, 'Could not send the live order news'),
  );
}

/**
 * Acts on a capture of `found`'s payment. Only a COMPLETED capture of exactly the order's frozen
 * total and currency pays it; any other amount flags the order for a human and pays nothing.
 */
export async function settleCapture(
  deps: PaymentDeps,
  found: OrderWithPayment,
  capture: Capture,
): Promise<Settlement> {
  const { order } = found;
  if (order.status !== 0) return 'alreadyPaid';
  if (capture.status !== 'COMPLETED') {
    await updatePayment(deps.db, order.id, { status: capture.status, captureId: capture.captureId });
    return capture.status === 'PENDING' ? 'pending' : 'declined';
  }
  if (capture.capturedMinor !== order.totalMinor || capture.currencyCode !== order.currencyCode) {
    const captured = money(capture.capturedMinor, capture.currencyCode);
    const expected = money(order.totalMinor, order.currencyCode);
    await setOrderFlag(
      deps.db,
      order.id,
      `captured ${captured} (capture ${capture.captureId}) but the order total is ${expected}`,
      'amount_mismatch',
    );
    await updatePayment(deps.db, order.id, {
      status: 'AMOUNT_MISMATCH',
      captureId: capture.captureId,
      capturedMinor: capture.capturedMinor,
      capturedCurrency: capture.currencyCode,
    });
    deps.log.warn({ orderNo: order.orderNo, captured, expected }, 'Captured amount differs from the order');
    return 'mismatch';
  }
  return (await markPaid(deps, order.id, capture)) ? 'paid' : 'alreadyPaid';
}
