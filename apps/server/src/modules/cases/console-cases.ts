import {
  trackingUrl,
  type TConsoleCase,
  type TConsoleCaseDetail,
  type TConsoleCasePage,
  type TCaseStatus,
  type TCreatorCase,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import type { DownloadFile } from '../../platform/http/routes';
import { readPrivateImage } from '../files/files.api';
import { refundedMinorOf } from '../orders/orders.api';
import { refundedUnitsOf } from '../refunds/refunds.api';
import type { CasesDeps } from './cases-deps';
import {
  findConsoleCase,
  findOwnOrder,
  isPhotoOfCase,
  listCaseEvents,
  listCasesOfOrder,
  pageConsoleCases,
  type CaseRow,
} from './cases.repository';
import { orders } from '../orders/orders.table';
import { eq } from 'drizzle-orm';

type ListedCase = {
  case: CaseRow;
  title: string;
  variantLabel: string;
  quantity: number;
  orderNo: string;
  buyerEmail: string;
  shopName: string;
  photoCount: number;
};

const toConsoleCase = (row: ListedCase): TConsoleCase => ({
  id: String(row.case.id),
  orderNo: row.orderNo,
  shopName: row.shopName,
  buyerEmail: row.buyerEmail,
  title: row.title,
  variantLabel: row.variantLabel,
  quantity: row.quantity,
  reason: row.case.reason,
  status: row.case.status,
  resolution: row.case.resolution,
  photoCount: row.photoCount,
  openedAt: row.case.createdAt.toISOString(),
  updatedAt: row.case.updatedAt.toISOString(),
  resolvedAt: row.case.resolvedAt?.toISOString() ?? null,
});

/** The queue, a page at a time. */
export async function pageCases(
  db: AppDatabase,
  query: {
    status?: TCaseStatus | undefined;
    orderNo?: string | undefined;
    pageNum: number;
    pageSize: number;
  },
): Promise<TConsoleCasePage> {
  const { list, total } = await pageConsoleCases(db, query);
  return { list: list.map(toConsoleCase), total };
}

/** What the order's refunds gave back or are giving back (the payment's refunded amount). */
async function refundedOf(db: AppDatabase, orderId: number): Promise<number> {
  const [row] = await db.select({ refunded: refundedMinorOf() }).from(orders).where(eq(orders.id, orderId));
  return row?.refunded ?? 0;
}

/** One case in full (A0404 when there is none). */
export async function caseDetail(db: AppDatabase, id: number): Promise<TConsoleCaseDetail> {
  const row = await findConsoleCase(db, id);
  if (!row) throw AppError.notFound();
  const { order, item } = row;
  const [events, taken, refundedMinor] = await Promise.all([
    listCaseEvents(db, [id]),
    refundedUnitsOf(db, [order.id]),
    refundedOf(db, order.id),
  ]);
  return {
    ...toConsoleCase(row),
    language: order.language,
    message: row.case.message,
    order: {
      orderNo: order.orderNo,
      status: order.status,
      currencyCode: order.currencyCode,
      totalMinor: order.totalMinor,
      refundedMinor,
      shipment:
        order.carrier && order.trackingNo && order.shippedAt
          ? {
              carrier: order.carrier,
              trackingNo: order.trackingNo,
              trackingUrl: trackingUrl(order.carrier, order.trackingNo),
              shippedAt: order.shippedAt.toISOString(),
            }
          : null,
      deliveryMaxDays: order.deliveryMaxDays,
      shippingAddress: order.shippingAddress,
    },
    line: {
      itemId: String(item.id),
      sku: item.sku,
      quantity: item.quantity,
      sellingUnitMinor: item.sellingPriceMinor,
      refundableUnits: Math.max(0, item.quantity - (taken.get(item.id) ?? 0)),
    },
    events: events.map((event) => ({
      kind: event.kind,
      at: event.createdAt.toISOString(),
      actor: event.byBuyer ? null : event.actor,
      byBuyer: event.byBuyer,
      message: event.message,
      photoIds: event.photoIds,
    })),
    resolutionNote: row.case.resolutionNote,
    resolvedBy: row.resolvedBy,
    refund: row.refund
      ? {
          id: String(row.refund.id),
          amountMinor: row.refund.amountMinor,
          status: row.refund.status,
          profitReversedMinor: row.refund.profitReversedMinor,
        }
      : null,
    reshipOrderNo: row.reshipOrderNo,
  };
}

/** A photo of the case, as its bytes (A0404 unless it is one of this case's). */
export async function casePhoto(deps: CasesDeps, caseId: number, photoId: string): Promise<DownloadFile> {
  if (!(await isPhotoOfCase(deps.db, caseId, photoId))) throw AppError.notFound();
  const image = await readPrivateImage(deps, photoId, 'case');
  if (!image) throw AppError.notFound();
  const ext = image.contentType.split('/')[1] ?? 'img';
  return {
    filename: `case-${caseId}-${photoId}.${ext}`,
    contentType: image.contentType,
    content: image.bytes,
  };
}

/**
 * The cases of one of the caller's own orders (read only): what each is about, how it ended, and
 * its effect on their profit. Another creator's order answers A0404, as one that does not exist.
 * Neither the buyer's words nor their photos: the creator sees the buyer as the order shows them.
 */
export async function creatorCases(
  db: AppDatabase,
  callerId: number,
  orderNo: string,
): Promise<TCreatorCase[]> {
  const order = await findOwnOrder(db, orderNo, callerId);
  if (!order) throw AppError.notFound();
  const rows = await listCasesOfOrder(db, order.id);
  return rows.map((row) => ({
    id: String(row.case.id),
    title: row.title,
    variantLabel: row.variantLabel,
    reason: row.case.reason,
    status: row.case.status,
    resolution: row.case.resolution,
    openedAt: row.case.createdAt.toISOString(),
    resolvedAt: row.case.resolvedAt?.toISOString() ?? null,
    declineReason: row.case.resolution === 'decline' ? row.case.resolutionNote : null,
    refund:
      row.refund && row.refund.amountMinor !== null && row.refund.status !== null
        ? {
            amountMinor: row.refund.amountMinor,
            status: row.refund.status,
            profitReversedMinor: row.refund.profitReversedMinor ?? 0,
            currencyCode: row.refund.currencyCode ?? 'USD',
          }
        : null,
    reshipOrderNo: row.reshipOrderNo,
  }));
}
