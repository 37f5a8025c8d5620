import {
  ErrorCode,
  normalizeLanguage,
  type TCaseResolution,
  type TConsoleCaseDetail,
  type TLanguage,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import {
  lockOrderForBuyer,
  placeReshipOrder,
  recordOrderEvent,
  type BuyerLockedOrder,
} from '../orders/orders.api';
import { sendOrRefuse, storeRefund } from '../refunds/refunds.api';
import { composeCaseMail, reasonText, type CaseMailStep } from './case-mail';
import type { CasesDeps } from './cases-deps';
import {
  findCase,
  findOrderForMail,
  insertCaseEvent,
  listOrderLines,
  lockCase,
  updateCase,
  type CaseRow,
} from './cases.repository';
import { caseDetail } from './console-cases';

type OrderLine = Awaited<ReturnType<typeof listOrderLines>>[number];

interface Locked {
  tx: AppDatabase;
  order: BuyerLockedOrder;
  kase: CaseRow;
  line: OrderLine;
}

/**
 * Runs an operator's step on an open case in one transaction: the order's row is locked first,
 * then the case's (the buyer's report and reply lock in the same order), and the case must not be
 * resolved (else CASE_STATE: another operator got there first).
 */
async function onOpenCase<T>(
  deps: CasesDeps,
  caseId: number,
  work: (locked: Locked) => Promise<T>,
): Promise<T> {
  const found = await findCase(deps.db, caseId);
  if (!found) throw AppError.notFound();
  return withTransaction(deps.db, async (tx) => {
    const order = await lockOrderForBuyer(tx, found.orderId);
    const kase = await lockCase(tx, caseId);
    if (!order || !kase) throw AppError.notFound();
    if (kase.status === 'resolved') throw AppError.of(ErrorCode.CASE_STATE, 'cases.resolved');
    const line = (await listOrderLines(tx, order.id)).find((row) => row.id === kase.orderItemId);
    if (!line) throw AppError.notFound();
    return work({ tx, order, kase, line });
  });
}

/** Queues the buyer's mail of this step in the transaction `db` (or at once, outside one). */
async function mailBuyer(
  deps: CasesDeps,
  db: AppDatabase,
  orderId: number,
  line: Pick<OrderLine, 'title' | 'variantLabel'>,
  step: CaseMailStep,
): Promise<void> {
  const mail = await findOrderForMail(db, orderId);
  if (!mail) return;
  const lang = normalizeLanguage(mail.language);
  await deps.mailer.send(
    composeCaseMail(
      mail.buyerEmail,
      {
        lang,
        orderNo: mail.orderNo,
        shopName: mail.shopName,
        title: line.title,
        variantLabel: line.variantLabel,
        orderUrl: deps.orderLinks.urlFor({ id: mail.id, shopSlug: mail.shopSlug, language: mail.language }),
      },
      step,
    ),
    { db },
  );
}

/** The case resolved: its row, its step and the order's history. */
async function resolve(
  { tx, order, kase }: Locked,
  operatorId: number,
  resolution: TCaseResolution,
  values: { note: string; refundId?: number; reshipOrderId?: number; reshipOrderNo?: string },
): Promise<void> {
  await updateCase(tx, kase.id, {
    status: 'resolved',
    resolution,
    resolutionNote: values.note,
    refundId: values.refundId ?? null,
    reshipOrderId: values.reshipOrderId ?? null,
    resolvedBy: operatorId,
    resolvedAt: new Date(),
  });
  await insertCaseEvent(tx, {
    caseId: kase.id,
    kind: resolution === 'refund' ? 'refunded' : resolution === 'reship' ? 'reshipped' : 'declined',
    byBuyer: false,
    actorUserId: operatorId,
    message: values.note,
  });
  await recordOrderEvent(tx, {
    orderId: order.id,
    action: 'case_resolved',
    actorUserId: operatorId,
    detail: {
      caseId: String(kase.id),
      resolution,
      ...(values.refundId === undefined ? {} : { refundId: String(values.refundId) }),
      ...(values.reshipOrderNo === undefined ? {} : { reshipOrderNo: values.reshipOrderNo }),
    },
  });
}

const tooMany = (max: number) => AppError.field('quantity', 'cases.quantityTooMany', { max });

/**
 * Resolves the case by refunding `quantity` units of its line through the refunds (an operator's
 * refund by lines, no restock: the goods did not come back), stored and reserved under the order's
 * lock with the case's resolution; sent to the provider after the commit. Its completion reverses
 * the creator's share of those units (one ledger row) and mails the buyer the refund, as every
 * refund does; the case's own mail says what it refunds. A refusal by the provider fails the
 * refund and opens the case again (a `refund_failed` step), and the operator hears A0674.
 */
export async function refundCase(
  deps: CasesDeps,
  operatorId: number,
  caseId: number,
  input: { quantity: number; note: string },
  lang: TLanguage,
): Promise<TConsoleCaseDetail> {
  const done = await onOpenCase(deps, caseId, async (locked) => {
    const { tx, order, kase, line } = locked;
    if (input.quantity > line.quantity) throw tooMany(line.quantity);
    const refund = await storeRefund(tx, operatorId, {
      orderNo: order.orderNo,
      // Checked under the lock this transaction holds: the case decides, not a version seen.
      version: null,
      amountMinor: null,
      lines: [{ itemId: String(line.id), quantity: input.quantity }],
      restock: false,
      reason: `Case ${kase.id}: ${input.note || reasonText('en', kase.reason)}`.slice(0, 200),
      lang,
    });
    if (!refund) throw new Error('a refund of lines is always stored');
    await resolve(locked, operatorId, 'refund', { note: input.note, refundId: refund.id });
    return { refund, orderNo: order.orderNo, orderId: order.id, line };
  });
  try {
    await sendOrRefuse(deps.refunds, done.refund, done.orderNo);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.REFUND_REFUSED) {
      await withTransaction(deps.db, async (tx) => {
        await updateCase(tx, caseId, {
          status: 'new',
          resolution: null,
          resolvedBy: null,
          resolvedAt: null,
        });
        await insertCaseEvent(tx, {
          caseId,
          kind: 'refund_failed',
          byBuyer: false,
          actorUserId: null,
          message: '',
        });
      });
    }
    throw error;
  }
  // Accepted (or on its way: the follow-up sends it again): the buyer hears what the case refunds.
  await mailBuyer(deps, deps.db, done.orderId, done.line, {
    kind: 'refunded',
    amountMinor: done.refund.amountMinor,
    currencyCode: done.refund.currencyCode,
    quantity: input.quantity,
    note: input.note,
  });
  return caseDetail(deps.db, caseId);
}

/**
 * Resolves the case by sending `quantity` units of its line again: a new zero-price order of the
 * same variant to the order's address (orders face, stock taken as checkout takes it; none left:
 * OUT_OF_STOCK and nothing changes). The buyer is mailed the new order's link.
 */
export async function reshipCase(
  deps: CasesDeps,
  operatorId: number,
  caseId: number,
  input: { quantity: number; note: string },
): Promise<TConsoleCaseDetail> {
  await onOpenCase(deps, caseId, async (locked) => {
    const { tx, order, kase, line } = locked;
    if (input.quantity > line.quantity) throw tooMany(line.quantity);
    const placed = await placeReshipOrder(tx, {
      orderId: order.id,
      itemId: line.id,
      quantity: input.quantity,
      caseId: kase.id,
      operatorId,
    });
    if (placed.kind === 'unknownLine') throw AppError.notFound();
    if (placed.kind === 'noVariant') {
      throw AppError.of(ErrorCode.OUT_OF_STOCK, 'cases.reship.noVariant', { product: placed.title });
    }
    if (placed.kind === 'outOfStock') {
      throw AppError.of(ErrorCode.OUT_OF_STOCK, 'cases.reship.outOfStock', {
        product: placed.title,
        left: placed.left,
      });
    }
    await resolve(locked, operatorId, 'reship', {
      note: input.note,
      reshipOrderId: placed.orderId,
      reshipOrderNo: placed.orderNo,
    });
    const shop = await findOrderForMail(tx, order.id);
    await mailBuyer(deps, tx, order.id, line, {
      kind: 'reshipped',
      quantity: input.quantity,
      newOrderNo: placed.orderNo,
      newOrderUrl: deps.orderLinks.urlFor({
        id: placed.orderId,
        shopSlug: shop?.shopSlug ?? '',
        language: order.language,
      }),
      note: input.note,
    });
  });
  return caseDetail(deps.db, caseId);
}

/** Resolves the case by declining it; the buyer is mailed the reason. */
export async function declineCase(
  deps: CasesDeps,
  operatorId: number,
  caseId: number,
  reason: string,
): Promise<TConsoleCaseDetail> {
  await onOpenCase(deps, caseId, async (locked) => {
    await resolve(locked, operatorId, 'decline', { note: reason });
    await mailBuyer(deps, locked.tx, locked.order.id, locked.line, { kind: 'declined', reason });
  });
  return caseDetail(deps.db, caseId);
}

/** Asks the buyer something (mailed, answered from the order page); the case waits for them. */
export async function askBuyer(
  deps: CasesDeps,
  operatorId: number,
  caseId: number,
  message: string,
): Promise<TConsoleCaseDetail> {
  await onOpenCase(deps, caseId, async ({ tx, order, kase, line }) => {
    await updateCase(tx, kase.id, { status: 'waiting_for_buyer' });
    await insertCaseEvent(tx, {
      caseId: kase.id,
      kind: 'asked',
      byBuyer: false,
      actorUserId: operatorId,
      message,
    });
    await mailBuyer(deps, tx, order.id, line, { kind: 'asked', message });
  });
  return caseDetail(deps.db, caseId);
}
