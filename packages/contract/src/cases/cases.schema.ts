import { z } from 'zod';
import { ZOrderLinkParams } from '../orders/buyer-order.schema';
import { ZShippingAddress } from '../orders/checkout.schema';
import { ZOrderItemId, ZRefundStatus } from '../orders/console-orders.schema';
import { ZOrderStatus, ZShipment } from '../orders/orders.schema';
import { ZPage, ZPageQuery } from '../platform/page';

/*
 * "Report a problem" after shipping and the operators' case queue (issue 35): a buyer reports a
 * problem with one line of a shipped order from the order page (its signed link is the
 * credential); operators resolve it in the console — refund the line, reship it as a new
 * zero-price order, decline with a reason, or ask the buyer — and every step is mailed to the
 * buyer. The creator sees the cases of their own orders, read only.
 */

/** The permission of the console's case queue: reading it and every action on a case. */
export const CASE_PERMISSION = 'sys:order:case';

/** What went wrong with a line: not received (only after the delivery estimate), damaged, wrong item or size. */
export const CASE_REASONS = ['not_received', 'damaged', 'wrong_item', 'wrong_size'] as const;
export const ZCaseReason = z.enum(CASE_REASONS);
export type TCaseReason = z.infer<typeof ZCaseReason>;

/** new (an operator's turn) → waiting_for_buyer (asked; the buyer's reply makes it new again) → resolved. */
export const CASE_STATUSES = ['new', 'waiting_for_buyer', 'resolved'] as const;
export const ZCaseStatus = z.enum(CASE_STATUSES);
export type TCaseStatus = z.infer<typeof ZCaseStatus>;

/** How a resolved case ended: the line refunded, reshipped as a zero-price order, or declined. */
export const CASE_RESOLUTIONS = ['refund', 'reship', 'decline'] as const;
export const ZCaseResolution = z.enum(CASE_RESOLUTIONS);
export type TCaseResolution = z.infer<typeof ZCaseResolution>;

/**
 * Each step of a case: the buyer opened it or replied; an operator asked, refunded, reshipped or
 * declined; the payment provider refused the case's refund (the case is open again).
 */
export const CASE_EVENT_KINDS = [
  'opened',
  'asked',
  'replied',
  'refunded',
  'reshipped',
  'declined',
  'refund_failed',
] as const;
export const ZCaseEventKind = z.enum(CASE_EVENT_KINDS);
export type TCaseEventKind = z.infer<typeof ZCaseEventKind>;

/** The longest message a buyer or an operator writes on a case. */
export const CASE_MESSAGE_MAX = 2000;
/** Photos one message of the buyer may carry (the opening one, each reply). */
export const CASE_PHOTOS_MAX = 3;
/**
 * When an order was shipped without a delivery estimate (before shipping methods), "not received"
 * may be reported this many days after shipping.
 */
export const CASE_DEFAULT_DELIVERY_DAYS = 30;

export const ZCaseId = z.string().regex(/^[1-9]\d{0,14}$/);
export const ZCaseIdParams = z.object({ id: ZCaseId });
export type TCaseIdParams = z.infer<typeof ZCaseIdParams>;

const ZCaseMessage = z.string().trim().min(1, 'validation.required').max(CASE_MESSAGE_MAX);

const isBytes = (value: unknown): boolean => value instanceof Uint8Array;

/**
 * Multipart `photos`: one image part or several under the same name (a browser's FormData with
 * `photos` appended per file), at most CASE_PHOTOS_MAX. A JSON body without photos is accepted too.
 * The server checks each like every upload (size, type by content, re-encoded without metadata).
 */
const ZCasePhotos = z.preprocess(
  (value): unknown[] => (value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value]),
  z
    .array(
      z
        .unknown()
        .refine(isBytes, { error: 'validation.file' })
        .transform((value) => value as Uint8Array),
    )
    .max(CASE_PHOTOS_MAX, 'validation.casePhotos'),
);

/** The buyer reports a problem with one line: why, in their words, with up to 3 photos. */
export const ZOpenCaseRequest = z.object({
  itemId: ZOrderItemId,
  reason: ZCaseReason,
  message: ZCaseMessage,
  photos: ZCasePhotos.optional(),
});
/** What the web sends (multipart when there are photos). */
export type TOpenCaseRequestInput = {
  itemId: string;
  reason: TCaseReason;
  message: string;
  photos?: Blob[];
};

/** The buyer answers an operator's question: a message, with up to 3 photos. */
export const ZCaseReplyRequest = z.object({ message: ZCaseMessage, photos: ZCasePhotos.optional() });
export type TCaseReplyRequestInput = { message: string; photos?: Blob[] };
export const ZCaseReplyParams = ZOrderLinkParams.extend({ caseId: ZCaseId });

/** A step of a case as its buyer sees it: who (the buyer or the shop), when, and what was said. */
export const ZBuyerCaseEvent = z.object({
  kind: ZCaseEventKind,
  at: z.string(),
  /** The buyer's own step (opened, replied); else the shop's (an operator, never named). */
  byBuyer: z.boolean(),
  /** The message, the question asked or the reason given; '' when there is none. */
  message: z.string(),
  /** Photos the buyer sent with it. */
  photoCount: z.number().int().min(0),
});
export type TBuyerCaseEvent = z.infer<typeof ZBuyerCaseEvent>;

/** One case of the order, for its buyer. */
export const ZBuyerCase = z.object({
  id: ZCaseId,
  itemId: z.string(),
  title: z.string(),
  variantLabel: z.string(),
  reason: ZCaseReason,
  status: ZCaseStatus,
  resolution: ZCaseResolution.nullable(),
  /** The replacement order of a reship: its number. */
  reshipOrderNo: z.string().nullable(),
  openedAt: z.string(),
  resolvedAt: z.string().nullable(),
  events: z.array(ZBuyerCaseEvent),
});
export type TBuyerCase = z.infer<typeof ZBuyerCase>;

/** Why a problem cannot be reported (yet): the order did not ship, or was refunded in full or cancelled. */
export const ZCaseRefusal = z.enum(['unpaid', 'notShipped', 'cancelled', 'refunded']);
export type TCaseRefusal = z.infer<typeof ZCaseRefusal>;

/** The order's lines a problem can be reported with, and its cases (the order page's "Report a problem"). */
export const ZBuyerCases = z.object({
  /** Null: a problem can be reported; else why not. */
  refusal: ZCaseRefusal.nullable(),
  /**
   * From when "not received" may be chosen: the shipment plus the delivery estimate's longest
   * time. Null while the order is not shipped.
   */
  notReceivedFrom: z.string().nullable(),
  lines: z.array(
    z.object({
      itemId: z.string(),
      title: z.string(),
      variantLabel: z.string(),
      imageUrl: z.string().nullable(),
      quantity: z.number().int(),
      /** The line's open case (one at a time), if any. */
      openCaseId: ZCaseId.nullable(),
    }),
  ),
  /** Newest first. */
  cases: z.array(ZBuyerCase),
});
export type TBuyerCases = z.infer<typeof ZBuyerCases>;

// ── The console's queue ──────────────────────────────────────────────────────────────────────

export const ZConsoleCasesQuery = ZPageQuery.extend({
  status: ZCaseStatus.optional(),
  orderNo: z.string().trim().toUpperCase().max(32).optional(),
});
export type TConsoleCasesQuery = z.input<typeof ZConsoleCasesQuery>;

/** A case as the queue lists it; the SLA age is counted from `openedAt` (until `resolvedAt`). */
export const ZConsoleCase = z.object({
  id: ZCaseId,
  orderNo: z.string(),
  shopName: z.string(),
  buyerEmail: z.string(),
  title: z.string(),
  variantLabel: z.string(),
  quantity: z.number().int(),
  reason: ZCaseReason,
  status: ZCaseStatus,
  resolution: ZCaseResolution.nullable(),
  photoCount: z.number().int().min(0),
  openedAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type TConsoleCase = z.infer<typeof ZConsoleCase>;
export const ZConsoleCasePage = ZPage(ZConsoleCase);
export type TConsoleCasePage = z.infer<typeof ZConsoleCasePage>;

/** A step of the case's history as operators read it. */
export const ZConsoleCaseEvent = z.object({
  kind: ZCaseEventKind,
  at: z.string(),
  /** The operator's username; null for the buyer's steps. */
  actor: z.string().nullable(),
  byBuyer: z.boolean(),
  message: z.string(),
  /** The photos sent with this step (`GET …/photos/:photoId`). */
  photoIds: z.array(z.uuid()),
});
export type TConsoleCaseEvent = z.infer<typeof ZConsoleCaseEvent>;

/** One case in full: its order and line, the buyer's words and photos, what happened since. */
export const ZConsoleCaseDetail = ZConsoleCase.extend({
  /** The buyer's language: every mail of the case is written in it. */
  language: z.string(),
  message: z.string(),
  order: z.object({
    orderNo: z.string(),
    status: ZOrderStatus,
    currencyCode: z.string(),
    totalMinor: z.number().int(),
    /** Refunded or being refunded so far (all refunds of the order that did not fail). */
    refundedMinor: z.number().int(),
    shipment: ZShipment.nullable(),
    deliveryMaxDays: z.number().int().nullable(),
    shippingAddress: ZShippingAddress,
  }),
  line: z.object({
    itemId: z.string(),
    sku: z.string(),
    quantity: z.number().int(),
    sellingUnitMinor: z.number().int(),
    /** Units of the line refunds did not take yet: the most a refund of the case can take. */
    refundableUnits: z.number().int().min(0),
  }),
  events: z.array(ZConsoleCaseEvent),
  /** The decline's reason, or the note an operator gave with a refund or reship. */
  resolutionNote: z.string(),
  resolvedBy: z.string().nullable(),
  refund: z
    .object({
      id: z.string(),
      amountMinor: z.number().int(),
      status: ZRefundStatus,
      profitReversedMinor: z.number().int(),
    })
    .nullable(),
  reshipOrderNo: z.string().nullable(),
});
export type TConsoleCaseDetail = z.infer<typeof ZConsoleCaseDetail>;

export const ZCasePhotoParams = z.object({ id: ZCaseId, photoId: z.uuid() });

const ZUnits = z.number().int().min(1).max(99);
const ZNote = z.string().trim().max(500).default('');

/** Refund units of the case's line (no restock: the goods did not come back). */
export const ZCaseRefundRequest = z.object({ quantity: ZUnits, note: ZNote });
export type TCaseRefundRequest = z.input<typeof ZCaseRefundRequest>;
/** Send units of the line again: a new zero-price order of the same variant to the same address. */
export const ZCaseReshipRequest = z.object({ quantity: ZUnits, note: ZNote });
export type TCaseReshipRequest = z.input<typeof ZCaseReshipRequest>;
/** Decline the case, with the reason the buyer is mailed. */
export const ZCaseDeclineRequest = z.object({
  reason: z.string().trim().min(1, 'validation.required').max(500),
});
export type TCaseDeclineRequest = z.input<typeof ZCaseDeclineRequest>;
/** Ask the buyer something: mailed to them; the case waits for their reply. */
export const ZCaseAskRequest = z.object({ message: ZCaseMessage });
export type TCaseAskRequest = z.input<typeof ZCaseAskRequest>;

// ── The creator's read-only view ─────────────────────────────────────────────────────────────

/** A case of one of the creator's orders: what it is about and what it did to their profit. */
export const ZCreatorCase = z.object({
  id: ZCaseId,
  title: z.string(),
  variantLabel: z.string(),
  reason: ZCaseReason,
  status: ZCaseStatus,
  resolution: ZCaseResolution.nullable(),
  openedAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** A declined case's reason. */
  declineReason: z.string().nullable(),
  /** A refunded case's refund and the creator's profit share it takes back (once completed). */
  refund: z
    .object({
      amountMinor: z.number().int(),
      status: ZRefundStatus,
      profitReversedMinor: z.number().int(),
      currencyCode: z.string(),
    })
    .nullable(),
  /** A reshipped case's replacement order (zero-price: no effect on the creator's profit). */
  reshipOrderNo: z.string().nullable(),
});
export type TCreatorCase = z.infer<typeof ZCreatorCase>;
export const ZCreatorCases = z.array(ZCreatorCase);
