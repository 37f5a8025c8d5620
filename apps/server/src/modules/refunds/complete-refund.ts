import { ORDERS_QUEUE, queueOf, type TOrderRefundedNews } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { returnStock } from '../catalog/catalog.api';
import { reverseSale, saleCreditOf } from '../earnings/earnings.api';
import { recordOrderEvent } from '../orders/orders.api';
import type { RefundsDeps } from './refund-deps';
import { refundedLineOf } from './console-refunds';
import { mailBuyer } from './refund-mail';
import {
  completedTotal,
  findRefund,
  listOrderLines,
  listRefundLines,
  lockCapturedPayment,
  lockOrder,
  markCompleted,
  restockedBefore,
  setProfitReversed,
  type RefundLineRow,
  type RefundRow,
} from './refunds.repository';

/**
 * The profit share a refund takes back, cumulative and exact: the creator keeps
 * round(credit × (captured − refunded) / captured), so this refund reverses
 * round(credit × refundedAfter / captured) − reversedBefore (half up, integer math). A full
 * refund reverses exactly the whole credit; never more than what is left of it, never negative.
 */
export function shareToReverse(input: {
  creditMinor: number;
  reversedMinor: number;
  refundedAfterMinor: number;
  capturedMinor: number;
}): number {
  const { creditMinor, reversedMinor, refundedAfterMinor, capturedMinor } = input;
  if (creditMinor <= 0 || capturedMinor <= 0) return 0;
  const refunded = Math.min(refundedAfterMinor, capturedMinor);
  const target = Number(
    (2n * BigInt(creditMinor) * BigInt(refunded) + BigInt(capturedMinor)) / (2n * BigInt(capturedMinor)),
  );
  return Math.max(0, Math.min(target - reversedMinor, creditMinor - reversedMinor));
}

/**
 * The stock a completed refund with restock returns, per variant: the units of its lines (a
 * refund by lines), else of every line of the order — less what the order's earlier refunds with
 * restock returned, so no unit comes back twice. Undefined when an earlier refund of an amount
 * returned the whole order already. A line of a variant removed before 0031 returns nothing.
 */
async function restockMoves(
  tx: AppDatabase,
  orderId: number,
  refundId: number,
  lines: RefundLineRow[],
): Promise<{ variantId: number; quantity: number }[] | undefined> {
  const before = await restockedBefore(tx, orderId, refundId);
  if (before.whole) return undefined;
  const asked = new Map(lines.map((line) => [line.orderItemId, line.quantity]));
  const byVariant = new Map<number, number>();
  for (const item of await listOrderLines(tx, orderId)) {
    const notBack = item.quantity - (before.units.get(item.id) ?? 0);
    const units = Math.min(notBack, lines.length > 0 ? (asked.get(item.id) ?? 0) : notBack);
    if (item.variantId === null || units <= 0) continue;
    byVariant.set(item.variantId, (byVariant.get(item.variantId) ?? 0) + units);
  }
  return [...byVariant].map(([variantId, quantity]) => ({ variantId, quantity }));
}

/** What a completion did, for the caller (the mail and the creator's news go out after its commit). */
export interface Completed {
  refund: RefundRow;
  news: { ownerUserId: number; body: TOrderRefundedNews };
}

/**
 * Completes a pending refund in `tx` (the order and the payment locked first, in that order):
 * only the caller that moves it from pending does the rest — the reversal of the profit share,
 * the stock back, the order's history, the creator's mail. Undefined when someone else completed
 * (or failed) it.
 */
export async function completeRefundIn(
  tx: AppDatabase,
  refundId: number,
  providerRefundId: string | undefined,
  creatorMails: RefundsDeps['creatorMails'],
): Promise<Completed | undefined> {
  const pending = await findRefund(tx, refundId);
  if (!pending || pending.status !== 'pending') return undefined;
  const order = await lockOrder(tx, pending.orderId);
  const payment = await lockCapturedPayment(tx, pending.orderId);
  if (!order || !payment) return undefined;
  const refund = await markCompleted(tx, refundId, providerRefundId);
  if (!refund) return undefined;
  const { creditMinor, reversedMinor } = await saleCreditOf(tx, order.id);
  const refundedAfterMinor = await completedTotal(tx, payment.id);
  const share = shareToReverse({
    creditMinor,
    reversedMinor,
    refundedAfterMinor,
    capturedMinor: payment.capturedMinor ?? 0,
  });
  await reverseSale(tx, {
    userId: order.ownerUserId,
    shopId: order.shopId,
    orderId: order.id,
    refundId: refund.id,
    amountMinor: share,
    currencyCode: order.currencyCode,
  });
  await setProfitReversed(tx, refund.id, share);
  const lines = await listRefundLines(tx, [refund.id]);
  // The goods came back: the stock of its lines (or of the order) returns, each unit once, and
  // only if the order took it (paid).
  const moves =
    refund.restock && order.status >= 1 ? await restockMoves(tx, order.id, refund.id, lines) : undefined;
  if (moves) await returnStock(tx, moves);
  await recordOrderEvent(tx, {
    orderId: order.id,
    action: 'refunded',
    actorUserId: null,
    detail: {
      refundId: String(refund.id),
      amountMinor: refund.amountMinor,
      profitReversedMinor: share,
      restocked: moves !== undefined,
      ...(lines.length > 0 ? { lines: lines.map(refundedLineOf) } : {}),
    },
  });
  // The creator hears of it by mail when their settings say so, queued only if this commits.
  await creatorMails.queueRefundMail(tx, {
    orderNo: order.orderNo,
    ownerUserId: order.ownerUserId,
    shopId: order.shopId,
    amountMinor: refund.amountMinor,
    profitReversedMinor: share,
    currencyCode: refund.currencyCode,
  });
  return {
    refund: { ...refund, profitReversedMinor: share },
    news: {
      ownerUserId: order.ownerUserId,
      body: {
        kind: 'orderRefunded',
        orderId: String(order.id),
        orderNo: order.orderNo,
        amountMinor: refund.amountMinor,
        profitReversedMinor: share,
        currencyCode: refund.currencyCode,
        fullyRefunded: refundedAfterMinor >= (payment.capturedMinor ?? 0),
      },
    },
  };
}

/** The creator's open studios learn of the refund after its commit; never fails the refund. */
export function announceRefund(deps: Pick<RefundsDeps, 'realtime' | 'log'>, done: Completed): void {
  deps.realtime
    .toUser(String(done.news.ownerUserId), queueOf(ORDERS_QUEUE), done.news.body)
    .catch((err: unknown) => {
      deps.log.warn({ err, refundId: done.refund.id }, 'Could not send the live refund news');
    });
}

/** Completes our refund (the answer or the webhook, whichever first); the buyer is mailed once. */
export async function completeRefund(
  deps: RefundsDeps,
  refundId: number,
  providerRefundId: string | undefined,
): Promise<boolean> {
  const done = await withTransaction(deps.db, (tx) =>
    completeRefundIn(tx, refundId, providerRefundId, deps.creatorMails),
  );
  // PayPal tells the buyer of the refunds it told us of; ours (an operator's, a cancellation's) we mail.
  if (done && done.refund.source !== 'provider') mailBuyer(deps, done.refund);
  if (done) announceRefund(deps, done);
  return done !== undefined;
}
