import {
  CASE_DEFAULT_DELIVERY_DAYS,
  ErrorCode,
  normalizeLanguage,
  type TBuyerCases,
  type TCaseReason,
  type TCaseRefusal,
} from '@linkstore/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import {
  checkPrivateImages,
  dropPrivateImages,
  putPrivateImages,
  recordPrivateImages,
  type StoredPrivateImage,
} from '../files/files.api';
import { isFullyRefunded, lockOrderForBuyer, recordOrderEvent } from '../orders/orders.api';
import { orders } from '../orders/orders.table';
import { refundedUnitsOf } from '../refunds/refunds.api';
import { composeCaseMail } from './case-mail';
import { CASE_LIMIT_IP, DAY_MS, type CasesDeps } from './cases-deps';
import {
  findOpenCaseOfLine,
  findOrderForMail,
  insertCase,
  insertCaseEvent,
  insertCasePhotos,
  listCaseEvents,
  listCasesOfOrder,
  listOrderLines,
  lockCase,
  updateCase,
} from './cases.repository';

const invalidLink = () => AppError.of(ErrorCode.ORDER_LINK_INVALID, 'orders.linkInvalid');

/** What decides whether a problem can be reported with an order. */
interface OrderState {
  status: number;
  shippedAt: Date | null;
  completedAt: Date | null;
  paidAt: Date | null;
  cancelledAt: Date | null;
  deliveryMaxDays: number | null;
  refunded: boolean;
}

/**
 * Why a problem cannot be reported with the order (null: it can): only once it shipped (status 2
 * or a shipment recorded), and not when it was cancelled or refunded in full.
 */
export function caseRefusal(order: OrderState): TCaseRefusal | null {
  if (order.cancelledAt) return 'cancelled';
  if (order.status === 0) return 'unpaid';
  if (order.status !== 2 && !order.shippedAt) return 'notShipped';
  if (order.refunded) return 'refunded';
  return null;
}

/**
 * From when "not received" may be reported: the shipment plus the delivery estimate's longest time
 * (CASE_DEFAULT_DELIVERY_DAYS when the order had no estimate). Null before it shipped.
 */
export function notReceivedFrom(order: OrderState): Date | null {
  const shipped = order.shippedAt ?? (order.status === 2 ? (order.completedAt ?? order.paidAt) : null);
  if (!shipped) return null;
  return new Date(shipped.getTime() + (order.deliveryMaxDays ?? CASE_DEFAULT_DELIVERY_DAYS) * DAY_MS);
}

async function findBuyerOrder(db: AppDatabase, orderId: number) {
  const [row] = await db
    .select({ order: orders, refunded: isFullyRefunded() })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.side, 'c')));
  return row ? { ...row.order, refunded: row.refunded } : undefined;
}

/** The order page's "Report a problem": the lines, whether and from when, and the order's cases. */
export async function buyerCasesOf(db: AppDatabase, orderId: number): Promise<TBuyerCases> {
  const order = await findBuyerOrder(db, orderId);
  if (!order) throw invalidLink();
  const [lines, cases, taken] = await Promise.all([
    listOrderLines(db, order.id),
    listCasesOfOrder(db, order.id),
    refundedUnitsOf(db, [order.id]),
  ]);
  const events = await listCaseEvents(
    db,
    cases.map((row) => row.case.id),
  );
  const from = notReceivedFrom(order);
  return {
    refusal: caseRefusal(order),
    notReceivedFrom: from?.toISOString() ?? null,
    // A line whose every unit was refunded has nothing left to report.
    lines: lines
      .filter((line) => (taken.get(line.id) ?? 0) < line.quantity)
      .map((line) => {
        const open = cases.find((row) => row.case.orderItemId === line.id && row.case.status !== 'resolved');
        return {
          itemId: String(line.id),
          title: line.title,
          variantLabel: line.variantLabel,
          imageUrl: line.imageUrl,
          quantity: line.quantity,
          openCaseId: open ? String(open.case.id) : null,
        };
      }),
    cases: cases.map((row) => ({
      id: String(row.case.id),
      itemId: String(row.case.orderItemId),
      title: row.title,
      variantLabel: row.variantLabel,
      reason: row.case.reason,
      status: row.case.status,
      resolution: row.case.resolution,
      reshipOrderNo: row.reshipOrderNo,
      openedAt: row.case.createdAt.toISOString(),
      resolvedAt: row.case.resolvedAt?.toISOString() ?? null,
      events: events
        .filter((event) => event.caseId === row.case.id)
        .map((event) => ({
          kind: event.kind,
          at: event.createdAt.toISOString(),
          byBuyer: event.byBuyer,
          message: event.message,
          photoCount: event.photoIds.length,
        })),
    })),
  };
}

/** The buyer's writes per client address (reports and replies): past the limit, A0502. */
async function checkLimit(deps: CasesDeps, ip: string): Promise<void> {
  if ((await deps.limiter.hitSliding(`case-write:ip:${ip}`, CASE_LIMIT_IP.windowMs)) > CASE_LIMIT_IP.max) {
    throw AppError.rateLimited();
  }
}

/**
 * Photos checked (each as every upload is) and put in storage before the transaction; `work`
 * records them with its own rows. If it fails, the stored bytes go again.
 */
async function withPhotos<T>(
  deps: CasesDeps,
  photos: Uint8Array[],
  work: (stored: StoredPrivateImage[]) => Promise<T>,
): Promise<T> {
  const checked = await checkPrivateImages(photos, 'photos');
  const stored = await putPrivateImages(deps, checked, 'case');
  try {
    return await work(stored);
  } catch (error) {
    await dropPrivateImages(deps, stored);
    throw error;
  }
}

const refusalError = (refusal: TCaseRefusal) =>
  AppError.of(ErrorCode.CASE_NOT_OPENABLE, `cases.refusal.${refusal}`);

export interface OpenCaseInput {
  itemId: string;
  reason: TCaseReason;
  message: string;
  photos: Uint8Array[];
}

/**
 * The buyer reports a problem with one line, from the order page. Refused before any photo is
 * read when the link does not verify, the address is past its limit, or the order cannot have a
 * case; then, under the order's lock, checked again with the line: the order's (not refunded in
 * full), without an open case, and "not received" only after the delivery estimate. The case, its
 * first step and photos are written, the order's history records it, and the buyer is mailed.
 */
export async function openCase(
  deps: CasesDeps,
  token: string,
  input: OpenCaseInput,
  ip: string,
  now = new Date(),
): Promise<TBuyerCases> {
  const verified = deps.orderLinks.links.verify(token, now);
  if (!verified) throw invalidLink();
  await checkLimit(deps, ip);
  const before = await findBuyerOrder(deps.db, verified.orderId);
  if (!before) throw invalidLink();
  const early = caseRefusal(before);
  if (early) throw refusalError(early);

  await withPhotos(deps, input.photos, (stored) =>
    withTransaction(deps.db, async (tx) => {
      const order = await lockOrderForBuyer(tx, verified.orderId);
      if (!order) throw invalidLink();
      const refusal = caseRefusal(order);
      if (refusal) throw refusalError(refusal);
      const itemId = Number(input.itemId);
      const line = (await listOrderLines(tx, order.id)).find((row) => row.id === itemId);
      if (!line) throw AppError.field('itemId', 'cases.lineUnknown');
      if (((await refundedUnitsOf(tx, [order.id])).get(line.id) ?? 0) >= line.quantity) {
        throw AppError.of(ErrorCode.CASE_NOT_OPENABLE, 'cases.refusal.lineRefunded');
      }
      if (input.reason === 'not_received') {
        const from = notReceivedFrom(order);
        if (!from || from.getTime() > now.getTime()) {
          throw AppError.of(ErrorCode.CASE_NOT_OPENABLE, 'cases.refusal.tooEarly', {
            date: (from ?? now).toISOString().slice(0, 10),
          });
        }
      }
      // Under the order's lock, so two reports of one line cannot both pass (the index guards too).
      if (await findOpenCaseOfLine(tx, line.id)) {
        throw AppError.of(ErrorCode.CASE_ALREADY_OPEN, 'cases.alreadyOpen');
      }
      const opened = await insertCase(tx, {
        orderId: order.id,
        orderItemId: line.id,
        reason: input.reason,
        message: input.message,
      });
      const eventId = await insertCaseEvent(tx, {
        caseId: opened.id,
        kind: 'opened',
        byBuyer: true,
        actorUserId: null,
        message: input.message,
      });
      await recordPrivateImages(tx, stored);
      await insertCasePhotos(
        tx,
        opened.id,
        eventId,
        stored.map((photo) => photo.id),
      );
      await recordOrderEvent(tx, {
        orderId: order.id,
        action: 'case_opened',
        actorUserId: null,
        detail: { caseId: String(opened.id), itemId: String(line.id), reason: input.reason },
      });
      const mail = await findOrderForMail(tx, order.id);
      if (mail) {
        await deps.mailer.send(
          composeCaseMail(
            mail.buyerEmail,
            {
              lang: normalizeLanguage(mail.language),
              orderNo: mail.orderNo,
              shopName: mail.shopName,
              title: line.title,
              variantLabel: line.variantLabel,
              orderUrl: deps.orderLinks.urlFor({
                id: mail.id,
                shopSlug: mail.shopSlug,
                language: mail.language,
              }),
            },
            { kind: 'opened', reason: input.reason },
          ),
          { db: tx },
        );
      }
    }),
  );
  return buyerCasesOf(deps.db, verified.orderId);
}

/**
 * The buyer answers an operator's question: only on a case of this order waiting for them (else
 * CASE_STATE). The reply and its photos are kept as a step, and the case is the operators' again
 * (new).
 */
export async function replyToCase(
  deps: CasesDeps,
  token: string,
  caseId: number,
  input: { message: string; photos: Uint8Array[] },
  ip: string,
): Promise<TBuyerCases> {
  const verified = deps.orderLinks.links.verify(token);
  if (!verified) throw invalidLink();
  await checkLimit(deps, ip);
  await withPhotos(deps, input.photos, (stored) =>
    withTransaction(deps.db, async (tx) => {
      const order = await lockOrderForBuyer(tx, verified.orderId);
      if (!order) throw invalidLink();
      const locked = await lockCase(tx, caseId);
      // Another order's case is not this link's: as unknown as one that does not exist.
      if (!locked || locked.orderId !== order.id) throw AppError.notFound();
      if (locked.status !== 'waiting_for_buyer') {
        throw AppError.of(ErrorCode.CASE_STATE, 'cases.notWaiting');
      }
      const eventId = await insertCaseEvent(tx, {
        caseId: locked.id,
        kind: 'replied',
        byBuyer: true,
        actorUserId: null,
        message: input.message,
      });
      await recordPrivateImages(tx, stored);
      await insertCasePhotos(
        tx,
        locked.id,
        eventId,
        stored.map((photo) => photo.id),
      );
      await updateCase(tx, locked.id, { status: 'new' });
    }),
  );
  return buyerCasesOf(deps.db, verified.orderId);
}
