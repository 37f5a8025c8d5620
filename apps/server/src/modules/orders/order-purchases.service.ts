import { ErrorCode, type TLanguage, type TPurchase, type TPurchaseRequest } from '@linkstore/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { recordPurchase } from '../earnings/earnings.api';
import { claimOrders, releaseClaims, setOrderFlag } from './checkout.repository';
import { reReserve } from './order-payments';
import {
  closePurchase,
  completeByCreator,
  findPurchase,
  findPurchaseByKey,
  insertPurchase,
  listPurchaseOrders,
  lockOwnOrders,
  stampPurchase,
  updatePurchase,
  type PurchaseOrderRow,
  type PurchaseRow,
} from './order-purchases.repository';

/** `app.payments` (modules/payments), reached through the decoration. */
type Payments = FastifyInstance['payments'];

export interface PurchaseDeps {
  db: AppDatabase;
  log: FastifyBaseLogger;
  payments: Payments;
  /** Where PayPal sends the creator back (the web app is served there). */
  publicUrl: string;
}

/** The orders this call claimed; none when it uses the claims of a call already capturing. */
interface Claim {
  ids: number[];
}

/** Thrown inside a transaction to roll it back; never leaves this file. */
class Rollback extends Error {
  constructor(readonly why: 'claimed' | 'notAllMoved') {
    super(why);
  }
}

const notUnpaid = (orderNos: string[]) =>
  AppError.of(
    ErrorCode.ORDERS_NOT_UNPAID,
    'orders.pay.notUnpaid',
    { orders: orderNos.join(', ') },
    { orderNos },
  );

function toAnswer(purchase: PurchaseRow, list: PurchaseOrderRow[]): TPurchase {
  return {
    id: String(purchase.id),
    status: purchase.status === 'paid' ? 'paid' : purchase.status === 'cancelled' ? 'cancelled' : 'created',
    reason: purchase.reason,
    orders: list.map((order) => ({
      orderNo: order.orderNo,
      amountMinor: order.amountMinor,
      status: order.status === 2 ? 2 : order.status === 1 ? 1 : 0,
    })),
    totalMinor: purchase.totalMinor,
    currencyCode: purchase.currencyCode,
    approveUrl: purchase.approveUrl,
  };
}

/**
 * A creator pays the platform for their own unpaid orders (b-side): one provider payment for the
 * orders' frozen platform prices; on capture every order moves 0 → 2 in one transaction, or none
 * does. The orders are claimed (`paying_side = 'b'`) before the capture, so their buyers cannot be
 * charged meanwhile, and an order its buyer paid first is never charged again.
 */
export function createPurchaseService(deps: PurchaseDeps) {
  const { db, payments } = deps;

  async function answer(purchase: PurchaseRow): Promise<TPurchase> {
    return toAnswer(purchase, await listPurchaseOrders(db, purchase.id));
  }

  /** A closed purchase answers as it ended: paid, or the refusal that cancelled it (a replay). */
  async function answerClosed(purchase: PurchaseRow): Promise<TPurchase> {
    const list = await listPurchaseOrders(db, purchase.id);
    if (purchase.status !== 'cancelled') return toAnswer(purchase, list);
    if (purchase.reason === ErrorCode.PAYMENT_DECLINED) {
      throw AppError.of(ErrorCode.PAYMENT_DECLINED, 'orders.pay.declined');
    }
    if (purchase.reason === ErrorCode.PAYMENT_AMOUNT_MISMATCH) {
      throw AppError.of(ErrorCode.PAYMENT_AMOUNT_MISMATCH, 'orders.pay.amountMismatch');
    }
    throw notUnpaid(list.filter((order) => order.status !== 0).map((order) => order.orderNo));
  }

  /** Inserts the purchase of these orders, all the caller's and unpaid, or refuses (nothing written). */
  async function insertOnce(userId: number, form: TPurchaseRequest): Promise<PurchaseRow> {
    try {
      return await withTransaction(db, async (tx) => {
        const rows = await lockOwnOrders(tx, userId, form.orderNos);
        // Someone else's order answers as absent, like one that does not exist.
        if (rows.length !== form.orderNos.length) throw AppError.notFound();
        const taken = rows.filter((row) => row.status !== 0);
        if (taken.length > 0) throw notUnpaid(taken.map((row) => row.orderNo));
        const [first] = rows;
        if (!first || rows.some((row) => row.currencyCode !== first.currencyCode)) {
          throw AppError.field('orderNos', 'validation.invalid');
        }
        return insertPurchase(
          tx,
          {
            ownerUserId: userId,
            shopId: first.shopId,
            payKey: form.payKey,
            totalMinor: rows.reduce((sum, row) => sum + row.platformMinor, 0),
            currencyCode: first.currencyCode,
            provider: payments.provider,
          },
          rows.map((row) => ({ orderId: row.id, amountMinor: row.platformMinor })),
        );
      });
    } catch (error) {
      // The same key twice at once: the unique index let one in; answer the other with it.
      if (!isUniqueViolation(error)) throw error;
      const earlier = await findPurchaseByKey(db, userId, form.payKey);
      if (!earlier) throw error;
      return earlier;
    }
  }

  /** The provider order, request id `purchase:<id>`: a retry (same key) gets the same one. */
  async function startPayment(purchase: PurchaseRow, lang: TLanguage): Promise<PurchaseRow> {
    // The sandbox approves on this server: its addresses stay relative to the creator's host.
    const origin = payments.provider === 'sandbox' ? '' : deps.publicUrl;
    try {
      const created = await payments.createOrder({
        requestId: `purchase:${purchase.id}`,
        amount: { currencyCode: purchase.currencyCode, valueMinor: purchase.totalMinor },
        reference: `purchase:${purchase.id}`,
        language: lang,
        returnUrl: `${origin}/#/order/pay-result?purchase=${purchase.id}`,
        cancelUrl: `${origin}/#/order`,
      });
      await updatePurchase(db, purchase.id, {
        providerOrderId: created.providerOrderId,
        approveUrl: created.approveUrl,
      });
      return { ...purchase, providerOrderId: created.providerOrderId, approveUrl: created.approveUrl };
    } catch (err) {
      // The purchase stays without a payment: the same key again tries again, with the same id.
      deps.log.error({ err, purchaseId: purchase.id }, 'Purchase payment could not be started');
      throw AppError.serviceUnavailable('checkout.paymentNotStarted');
    }
  }

  /**
   * Before the capture, in one transaction: a purchase already closed answers as it ended; an
   * order its buyer paid meanwhile cancels it (nothing charged); otherwise the creator's side
   * claims every order, or none (someone else is paying one right now). Claims already held by
   * this purchase (its capture submitted twice at once) are used as they are: the capture's
   * request id is the same, so the provider charges once.
   */
  async function claim(userId: number, id: number): Promise<Claim | 'closed'> {
    try {
      return await withTransaction(db, async (tx) => {
        const locked = await findPurchase(tx, userId, id, true);
        if (!locked || locked.status !== 'created') return 'closed';
        const list = await listPurchaseOrders(tx, id, true);
        const ids = list.map((order) => order.id);
        if (list.some((order) => order.status !== 0)) {
          await closePurchase(tx, id, { status: 'cancelled', reason: ErrorCode.ORDERS_NOT_UNPAID });
          return 'closed';
        }
        if (list.every((order) => order.heldHere)) return { ids: [] };
        await stampPurchase(tx, id);
        if ((await claimOrders(tx, ids, 'b')).length !== ids.length) throw new Rollback('claimed');
        return { ids };
      });
    } catch (error) {
      if (error instanceof Rollback) throw AppError.of(ErrorCode.ORDERS_NOT_UNPAID, 'orders.pay.beingPaid');
      throw error;
    }
  }

  /** The capture moved the money: every order 0 → 2, the ledger records each, the purchase is paid. */
  async function settle(userId: number, id: number, captureId: string): Promise<void> {
    try {
      await withTransaction(db, async (tx) => {
        const locked = await findPurchase(tx, userId, id, true);
        if (!locked || locked.status !== 'created') return;
        const list = await listPurchaseOrders(tx, id, true);
        const flags: [number, string][] = [];
        for (const order of list) {
          // Its reservation was released by the sweep: take the stock again, as `markPaid` does.
          if (order.status !== 0 || order.reservedUntil !== null) continue;
          const flag = await reReserve(tx, order.id);
          if (flag) flags.push([order.id, flag]);
        }
        const ids = list.map((order) => order.id);
        if ((await completeByCreator(tx, ids)) !== ids.length) throw new Rollback('notAllMoved');
        for (const [orderId, flag] of flags) await setOrderFlag(tx, orderId, flag, 'stock_short');
        for (const order of list) {
          await recordPurchase(tx, {
            userId: order.ownerUserId,
            shopId: order.shopId,
            orderId: order.id,
            paidMinor: order.amountMinor,
            currencyCode: locked.currencyCode,
          });
        }
        await closePurchase(tx, id, { status: 'paid', captureId });
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
      // Only when a claim ran out and a buyer paid first: the creator was charged, a human refunds.
      await closePurchase(db, id, { status: 'cancelled', reason: ErrorCode.ORDERS_NOT_UNPAID, captureId });
      deps.log.error(
        { purchaseId: id, captureId },
        'Purchase captured but an order was paid meanwhile: refund it',
      );
    }
  }

  return {
    async create(userId: number, lang: TLanguage, form: TPurchaseRequest): Promise<TPurchase> {
      const purchase = (await findPurchaseByKey(db, userId, form.payKey)) ?? (await insertOnce(userId, form));
      if (purchase.status !== 'created') return answerClosed(purchase);
      return answer(purchase.approveUrl ? purchase : await startPayment(purchase, lang));
    },

    async detail(userId: number, id: number): Promise<TPurchase> {
      const purchase = await findPurchase(db, userId, id);
      if (!purchase) throw AppError.notFound();
      return answer(purchase);
    },

    /** Idempotent: a paid purchase answers itself, a cancelled one its refusal, without the provider. */
    async capture(userId: number, id: number): Promise<TPurchase> {
      const purchase = await findPurchase(db, userId, id);
      if (!purchase) throw AppError.notFound();
      if (purchase.status !== 'created') return answerClosed(purchase);
      if (!purchase.providerOrderId)
        throw AppError.of(ErrorCode.PAYMENT_NOT_APPROVED, 'orders.pay.notApproved');
      const claimed = await claim(userId, id);
      if (claimed === 'closed') return answerClosed((await findPurchase(db, userId, id)) ?? purchase);
      // Only the call that took the claims gives them up: a second call using them must not.
      const { ids } = claimed;
      const outcome = await payments.capture({
        providerOrderId: purchase.providerOrderId,
        requestId: `capture:purchase:${id}`,
      });
      if (outcome.kind !== 'captured') {
        await releaseClaims(db, ids, 'b');
        if (outcome.kind === 'notApproved') {
          throw AppError.of(ErrorCode.PAYMENT_NOT_APPROVED, 'orders.pay.notApproved');
        }
        deps.log.warn({ purchaseId: id, reason: outcome.reason }, 'Purchase capture failed');
        throw AppError.serviceUnavailable('checkout.captureFailed');
      }
      const { capture } = outcome;
      // Pending: the money may still move, so the claims stay (they lapse after a few minutes).
      if (capture.status === 'PENDING') throw AppError.serviceUnavailable('orders.pay.pending');
      if (capture.status !== 'COMPLETED') {
        await closePurchase(db, id, {
          status: 'cancelled',
          reason: ErrorCode.PAYMENT_DECLINED,
          captureId: capture.captureId,
        });
        await releaseClaims(db, ids, 'b');
        throw AppError.of(ErrorCode.PAYMENT_DECLINED, 'orders.pay.declined');
      }
      if (capture.capturedMinor !== purchase.totalMinor || capture.currencyCode !== purchase.currencyCode) {
        deps.log.error(
          {
            purchaseId: id,
            captured: capture.capturedMinor,
            currency: capture.currencyCode,
            expected: purchase.totalMinor,
          },
          'Purchase captured a different amount',
        );
        await closePurchase(db, id, {
          status: 'cancelled',
          reason: ErrorCode.PAYMENT_AMOUNT_MISMATCH,
          captureId: capture.captureId,
        });
        await releaseClaims(db, ids, 'b');
        throw AppError.of(ErrorCode.PAYMENT_AMOUNT_MISMATCH, 'orders.pay.amountMismatch');
      }
      await settle(userId, id, capture.captureId);
      const settled = await findPurchase(db, userId, id);
      if (!settled || settled.status === 'created')
        throw AppError.serviceUnavailable('checkout.captureFailed');
      return answerClosed(settled);
    },
  };
}
