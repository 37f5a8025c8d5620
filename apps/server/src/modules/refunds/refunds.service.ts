import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  formatMoney,
  normalizeLanguage,
  ORDERS_QUEUE,
  queueOf,
  type TOrderRefundedNews,
  type TConsoleRefund,
  type TLanguage,
  type TOrderEventDetail,
  type ZRefundRequest,
  type ZResolveFlagRequest,
} from '@linkstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { translate } from '../../platform/i18n/translate';
import type { MailMessage, Mailer } from '../../platform/mail/mailer';
import type { Realtime } from '../../platform/realtime/realtime-plugin';
import { returnStock } from '../catalog/catalog.api';
import { reverseSale, saleCreditOf } from '../earnings/earnings.api';
import { markPaid, recordOrderEvent } from '../orders/orders.api';
import type { Payments, RefundEvent } from '../payments/payments.api';
import {
  bumpVersion,
  completedTotal,
  findConsoleRefund,
  findCapturedPayment,
  findForMail,
  findOrderByNo,
  findPaymentByCapture,
  findRefund,
  findRefundByProviderId,
  insertRefund,
  listOrderItemMoves,
  listRetryable,
  lockCapturedPayment,
  lockOrder,
  lockOrderByNo,
  markCompleted,
  markFailed,
  release,
  reserve,
  resolveFlag,
  restockedBefore,
  setProfitReversed,
  setProviderRefundId,
  touchRefund,
  type RefundRow,
} from './refunds.repository';

type RefundRequest = z.output<typeof ZRefundRequest>;
type ResolveFlagRequest = z.output<typeof ZResolveFlagRequest>;

export interface RefundsDeps {
  db: AppDatabase;
  payments: Pick<Payments, 'provider' | 'refund'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Tells the order's creator live (their earnings and Home read again). */
  realtime: Pick<Realtime, 'toUser'>;
}

/** A pending refund without a provider answer is retried once it is this old (same request id). */
export const RETRY_AFTER_MS = 60_000;

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

/** The buyer's "your refund" mail in their language. */
export function composeRefunded(
  to: string,
  input: { lang: TLanguage; orderNo: string; shopName: string; amountMinor: number; currencyCode: string },
): MailMessage {
  const values = {
    orderNo: input.orderNo,
    shop: input.shopName,
    amount: formatMoney(input.amountMinor, input.currencyCode, input.lang),
  };
  return {
    to,
    subject: translate(input.lang, 'mail.orderRefunded.subject', values),
    text: translate(input.lang, 'mail.orderRefunded.body', values),
  };
}

/** What a completion did, for the caller (the mail and the creator's news go out after its commit). */
interface Completed {
  refund: RefundRow;
  news: { ownerUserId: number; body: TOrderRefundedNews };
}

/**
 * Refunds (decision 0027): an operator's refund is reserved on the payment and stored before the
 * provider is called; the provider's answer, its webhook or the follow-up job completes it, exactly
 * once; the completion writes the creator's reversal in the same transaction.
 */
export function createRefundsService(deps: RefundsDeps) {
  const { db, payments, log } = deps;

  /**
   * Completes a pending refund in `tx` (the order and the payment locked first, in that order):
   * only the caller that moves it from pending does the rest — the reversal of the profit share,
   * the stock back, the order's history. Undefined when someone else completed (or failed) it.
   */
  async function completeIn(
    tx: AppDatabase,
    refundId: number,
    providerRefundId: string | undefined,
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
    // The goods came back: their stock returns once per order, and only if the order took it (paid).
    const restocked =
      refund.restock && order.status >= 1 && !(await restockedBefore(tx, order.id, refund.id));
    if (restocked) await returnStock(tx, await listOrderItemMoves(tx, order.id));
    await recordOrderEvent(tx, {
      orderId: order.id,
      action: 'refunded',
      actorUserId: null,
      detail: {
        refundId: String(refund.id),
        amountMinor: refund.amountMinor,
        profitReversedMinor: share,
        restocked,
      },
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
  function announce(done: Completed): void {
    deps.realtime
      .toUser(String(done.news.ownerUserId), queueOf(ORDERS_QUEUE), done.news.body)
      .catch((err: unknown) => {
        log.warn({ err, refundId: done.refund.id }, 'Could not send the live refund news');
      });
  }

  /** Completes our refund (the answer or the webhook, whichever first); the buyer is mailed once. */
  async function complete(refundId: number, providerRefundId: string | undefined): Promise<boolean> {
    const done = await withTransaction(db, (tx) => completeIn(tx, refundId, providerRefundId));
    if (done && done.refund.source === 'operator') mailBuyer(done.refund);
    if (done) announce(done);
    return done !== undefined;
  }

  /** The provider refused: failed, the reservation released, recorded. */
  async function fail(refundId: number, failure: string): Promise<boolean> {
    return withTransaction(db, async (tx) => {
      const pending = await findRefund(tx, refundId);
      if (!pending || pending.status !== 'pending') return false;
      await lockOrder(tx, pending.orderId);
      await lockCapturedPayment(tx, pending.orderId);
      const failed = await markFailed(tx, refundId, failure);
      if (!failed) return false;
      await release(tx, failed.paymentId, failed.amountMinor);
      await recordOrderEvent(tx, {
        orderId: failed.orderId,
        action: 'refund_failed',
        actorUserId: null,
        detail: { refundId: String(failed.id), amountMinor: failed.amountMinor, failure },
      });
      return true;
    });
  }

  /** Calls the provider for a stored pending refund and acts on the answer. */
  async function send(
    refund: RefundRow,
    orderNo: string,
  ): Promise<'completed' | 'pending' | 'refused' | 'unknown'> {
    const outcome = await payments.refund({
      captureId: refund.captureId,
      amount: { currencyCode: refund.currencyCode, valueMinor: refund.amountMinor },
      requestId: refund.requestId,
      customId: String(refund.id),
      note: `Refund for order ${orderNo}`,
    });
    if (outcome.kind === 'completed') {
      await complete(refund.id, outcome.providerRefundId);
      return 'completed';
    }
    if (outcome.kind === 'pending') {
      // The webhook finishes it; it finds the refund by custom_id, or by this id.
      await setProviderRefundId(db, refund.id, outcome.providerRefundId);
      return 'pending';
    }
    if (outcome.kind === 'refused') {
      await fail(refund.id, outcome.reason);
      return 'refused';
    }
    await touchRefund(db, refund.id);
    log.warn({ refundId: refund.id, reason: outcome.reason }, 'Refund outcome unknown; retried later');
    return 'unknown';
  }

  function mailBuyer(refund: RefundRow): void {
    const sendMail = async () => {
      const order = await findForMail(db, refund.orderId);
      if (!order) return;
      await deps.mailer.send(
        composeRefunded(order.buyerEmail, {
          lang: normalizeLanguage(order.language),
          orderNo: order.orderNo,
          shopName: order.shopName,
          amountMinor: refund.amountMinor,
          currencyCode: refund.currencyCode,
        }),
      );
    };
    sendMail().catch((err: unknown) => {
      log.error({ err, refundId: refund.id, mail: 'orderRefunded' }, 'Could not send the refund mail');
    });
  }

  async function toConsoleRefund(id: number): Promise<TConsoleRefund> {
    const row = await findConsoleRefund(db, id);
    if (!row) throw AppError.notFound();
    const { refund: r } = row;
    return {
      id: String(r.id),
      amountCents: r.amountMinor,
      currencyCode: r.currencyCode,
      status: r.status === 'completed' || r.status === 'failed' ? r.status : 'pending',
      source: r.source === 'provider' ? 'provider' : 'operator',
      reason: r.reason,
      restock: r.restock,
      profitReversedCents: r.profitReversedMinor,
      requestedBy: row.requestedBy,
      failure: r.failure,
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
    };
  }

  /**
   * Stores and reserves an operator's refund in one transaction (version checked, the amount
   * reserved with a conditional update, the history recorded, the version bumped). `amount` null:
   * everything still refundable (a flag's refund); answers undefined when nothing is left.
   */
  async function store(
    operatorId: number,
    input: {
      orderNo: string;
      version: number;
      amountMinor: number | null;
      restock: boolean;
      reason: string;
      /** The operator's language: the refusal names the amount left as they read amounts. */
      lang: TLanguage;
    },
  ): Promise<RefundRow | undefined> {
    return withTransaction(db, async (tx) => {
      const order = await lockOrderByNo(tx, input.orderNo);
      if (!order) throw AppError.notFound();
      const payment = await lockCapturedPayment(tx, order.id);
      if (!payment?.captureId) {
        throw AppError.of(ErrorCode.ORDER_NOT_REFUNDABLE, 'refunds.notRefundable', {
          orderNo: order.orderNo,
        });
      }
      const left = (payment.capturedMinor ?? 0) - payment.refundedMinor;
      const amount = input.amountMinor ?? left;
      if (amount <= 0) return undefined;
      if (!(await reserve(tx, payment.id, amount))) {
        const currency = payment.capturedCurrency ?? payment.currencyCode;
        throw AppError.of(ErrorCode.REFUND_TOO_LARGE, 'refunds.tooLarge', {
          left: formatMoney(Math.max(0, left), currency, input.lang),
        });
      }
      // After the amount: of two refunds that together exceed the capture, the second hears why.
      if (order.version !== input.version) {
        throw AppError.of(ErrorCode.ORDER_STALE, 'refunds.stale', { orderNo: order.orderNo });
      }
      const refund = await insertRefund(tx, {
        orderId: order.id,
        paymentId: payment.id,
        provider: payment.provider,
        captureId: payment.captureId,
        requestId: randomUUID(),
        amountMinor: amount,
        currencyCode: payment.capturedCurrency ?? payment.currencyCode,
        status: 'pending',
        source: 'operator',
        reason: input.reason,
        restock: input.restock,
        requestedBy: operatorId,
      });
      await recordOrderEvent(tx, {
        orderId: order.id,
        action: 'refund_requested',
        actorUserId: operatorId,
        detail: {
          refundId: String(refund.id),
          amountMinor: amount,
          restock: input.restock,
          reason: input.reason,
        },
      });
      await bumpVersion(tx, order.id);
      return refund;
    });
  }

  /** Sends a stored refund; a refusal is the operator's A0674 (the refund is failed, released). */
  async function sendOrRefuse(refund: RefundRow, orderNo: string): Promise<void> {
    const result = await send(refund, orderNo);
    if (result === 'refused') {
      const failed = await findRefund(db, refund.id);
      throw AppError.of(ErrorCode.REFUND_REFUSED, 'refunds.refused', { reason: failed?.failure ?? '' });
    }
  }

  return {
    /** `POST /system/orders/refund`. */
    async refund(operatorId: number, body: RefundRequest, lang: TLanguage): Promise<TConsoleRefund> {
      const refund = await store(operatorId, {
        lang,
        orderNo: body.orderNo,
        version: body.version,
        amountMinor: body.amountCents,
        restock: body.restock,
        reason: body.reason,
      });
      if (!refund) throw new Error('a refund of a positive amount is always stored');
      await sendOrRefuse(refund, body.orderNo);
      return toConsoleRefund(refund.id);
    },

    /** `POST /system/orders/resolve-flag`: refund, accept or note; the resolution is recorded. */
    async resolveFlag(operatorId: number, body: ResolveFlagRequest, lang: TLanguage): Promise<null> {
      const order = await findOrderByNo(db, body.orderNo);
      if (!order) throw AppError.notFound();
      const open = () => {
        throw AppError.of(ErrorCode.FLAG_NOT_OPEN, 'refunds.flagNotOpen', { orderNo: body.orderNo });
      };
      if (order.flag === null || order.flagResolvedAt !== null) open();
      if (order.version !== body.version) {
        throw AppError.of(ErrorCode.ORDER_STALE, 'refunds.flagStale', { orderNo: body.orderNo });
      }
      let version = body.version;
      const detail: TOrderEventDetail<'flag_resolved'> = { resolution: body.resolution, note: body.note };
      if (body.resolution === 'refund') {
        // Everything still refundable goes back; a refusal leaves the flag open.
        const refund = await store(operatorId, {
          lang,
          orderNo: body.orderNo,
          version,
          amountMinor: null,
          restock: body.restock,
          reason: body.note,
        });
        if (refund) {
          version += 1;
          detail.refundId = String(refund.id);
          await sendOrRefuse(refund, body.orderNo);
        }
      } else if (
        body.resolution === 'accept' &&
        order.flagReason === 'amount_mismatch' &&
        order.status === 0
      ) {
        // Paid as it is, with the capture recorded; the profit is credited as for any paid order.
        const payment = await findCapturedPayment(db, order.id);
        if (!payment?.captureId) {
          throw AppError.of(ErrorCode.ORDER_NOT_REFUNDABLE, 'refunds.notRefundable', {
            orderNo: body.orderNo,
          });
        }
        detail.paid = await markPaid({ db, mailer: deps.mailer, log }, order.id, {
          status: 'COMPLETED',
          captureId: payment.captureId,
          capturedMinor: payment.capturedMinor ?? 0,
          currencyCode: payment.capturedCurrency ?? payment.currencyCode,
        });
      }
      await withTransaction(db, async (tx) => {
        const locked = await lockOrder(tx, order.id);
        if (!locked || locked.flag === null || locked.flagResolvedAt !== null) open();
        if (locked?.version !== version) {
          throw AppError.of(ErrorCode.ORDER_STALE, 'refunds.flagStale', { orderNo: body.orderNo });
        }
        await resolveFlag(tx, order.id, { resolution: body.resolution, note: body.note, by: operatorId });
        await recordOrderEvent(tx, {
          orderId: order.id,
          action: 'flag_resolved',
          actorUserId: operatorId,
          detail,
        });
      });
      return null;
    },

    /**
     * A PAYMENT.CAPTURE.REFUNDED / REVERSED webhook. Our refund (custom_id, or its provider id) is
     * completed; a refund we did not make on a capture we know (at PayPal, a dispute, a chargeback)
     * is recorded and completed in one transaction; a known provider refund id changes nothing.
     */
    async handleEvent(event: RefundEvent): Promise<string> {
      const { refund } = event;
      if (refund.status === 'FAILED' || refund.status === 'CANCELLED') return 'ignored';
      const known = await findRefundByProviderId(db, payments.provider, refund.providerRefundId);
      const ours =
        known ??
        (refund.customId && /^\d{1,18}$/.test(refund.customId)
          ? await findRefund(db, Number(refund.customId))
          : undefined);
      if (ours && ours.captureId === refund.captureId && ours.provider === payments.provider) {
        if (ours.status !== 'pending') return 'alreadyKnown';
        return (await complete(ours.id, refund.providerRefundId)) ? 'refunded' : 'alreadyKnown';
      }
      const payment = await findPaymentByCapture(db, payments.provider, refund.captureId);
      if (!payment) return 'unknownCapture';
      let completed: Completed | undefined;
      const outcome = await withTransaction(db, async (tx) => {
        await lockOrder(tx, payment.orderId);
        const locked = await lockCapturedPayment(tx, payment.orderId);
        if (!locked) return 'unknownCapture';
        // Checked again under the locks: a concurrent delivery of the same refund recorded it.
        if (await findRefundByProviderId(tx, payments.provider, refund.providerRefundId))
          return 'alreadyKnown';
        const amount = Math.min(refund.amount.valueMinor, (locked.capturedMinor ?? 0) - locked.refundedMinor);
        if (amount <= 0 || !(await reserve(tx, locked.id, amount))) return 'nothingLeft';
        const row = await insertRefund(tx, {
          orderId: locked.orderId,
          paymentId: locked.id,
          provider: locked.provider,
          captureId: refund.captureId,
          requestId: `provider-${randomUUID()}`,
          providerRefundId: refund.providerRefundId,
          amountMinor: amount,
          currencyCode: locked.capturedCurrency ?? locked.currencyCode,
          status: 'pending',
          source: 'provider',
          reason: event.eventType,
        });
        await recordOrderEvent(tx, {
          orderId: locked.orderId,
          action: 'refund_requested',
          actorUserId: null,
          detail: { refundId: String(row.id), amountMinor: amount, eventType: event.eventType },
        });
        await bumpVersion(tx, locked.orderId);
        completed = await completeIn(tx, row.id, refund.providerRefundId);
        return completed ? 'refunded' : 'alreadyKnown';
      });
      if (completed) announce(completed);
      return outcome;
    },

    /**
     * The follow-up job: operator refunds still pending without an answer (a timeout, a 5xx, a
     * crash before the call) are sent again with the same request id. Answers how many it sent.
     */
    async followRefunds(now = new Date()): Promise<number> {
      const due = await listRetryable(db, new Date(now.getTime() - RETRY_AFTER_MS));
      for (const refund of due) {
        const order = await findForMail(db, refund.orderId);
        await send(refund, order?.orderNo ?? '').catch((err: unknown) => {
          log.error({ err, refundId: refund.id }, 'Refund retry failed');
        });
      }
      return due.length;
    },

    complete,
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
