import { z } from 'zod';
import { daysInOrder, ZIsoDay } from '../platform/days';
import { ZCreatorOrderItem, ZOrderCursor, ZOrderNo, ZOrderStatus, ZShipment } from './orders.schema';
import { ZOrderMoney, ZOrderShipping, ZShippingAddress } from './checkout.schema';

/**
 * The console's orders (`commerce/orders`): every order of every shop, and fulfilment — an
 * operator marks paid orders shipped with a carrier and tracking number, which completes them
 * (1 → 2, decision 0020) and so starts the creator's payout hold (decision 0025).
 */

/** The carriers an operator can ship with; 'other' is any carrier not listed. */
export const SHIPPING_CARRIERS = [
  'usps',
  'ups',
  'fedex',
  'dhl',
  'royal-mail',
  'canada-post',
  'china-post',
  'correos',
  'la-poste',
  'other',
] as const;
export const ZShippingCarrier = z.enum(SHIPPING_CARRIERS);
export type TShippingCarrier = z.infer<typeof ZShippingCarrier>;

/**
 * A pragmatic shape of each carrier's tracking numbers (upper case, no spaces): enough to catch a
 * number typed into the wrong carrier or a pasted sentence, not a check-digit validation.
 */
export const TRACKING_FORMATS: Record<TShippingCarrier, RegExp> = {
  usps: /^(\d{20,22}|9\d{15,25}|[A-Z]{2}\d{9}US)$/,
  ups: /^(1Z[A-Z0-9]{16}|\d{9,12}|T\d{10})$/,
  fedex: /^(\d{12}|\d{15}|\d{20}|\d{22})$/,
  dhl: /^(\d{10,11}|JJD\d{15,20}|[A-Z]{3}\d{7,20}|[A-Z]{2}\d{9}[A-Z]{2})$/,
  'royal-mail': /^([A-Z]{2}\d{9}GB|[A-Z0-9]{11,16})$/,
  'canada-post': /^(\d{12}|\d{16}|[A-Z]{2}\d{9}CA)$/,
  'china-post': /^[A-Z]{2}\d{9}CN$/,
  correos: /^([A-Z]{2}\d{9}ES|P[A-Z0-9]{15,22})$/,
  'la-poste': /^([A-Z0-9]{11,15}|[A-Z]{2}\d{9}FR)$/,
  other: /^[A-Z0-9-]{4,40}$/,
};

/** Where a buyer follows a parcel; `{no}` is the tracking number. */
export const TRACKING_URLS: Record<TShippingCarrier, string | null> = {
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={no}',
  ups: 'https://www.ups.com/track?tracknum={no}',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr={no}',
  dhl: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={no}',
  'royal-mail': 'https://www.royalmail.com/track-your-item#/tracking-results/{no}',
  'canada-post': 'https://www.canadapost-postescanada.ca/track-reperage/en#/details/{no}',
  'china-post': 'https://track.chinapost.com.cn/?trackNumber={no}',
  correos: 'https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number={no}',
  'la-poste': 'https://www.laposte.fr/outils/suivre-vos-envois?code={no}',
  other: null,
};

/** The tracking page of a shipment, or null for a carrier without one ('other'). */
export function trackingUrl(carrier: string, trackingNo: string): string | null {
  const template = (TRACKING_URLS as Record<string, string | null | undefined>)[carrier];
  return template ? template.replace('{no}', encodeURIComponent(trackingNo)) : null;
}

/** Whether a tracking number has the carrier's shape (already trimmed and upper-cased). */
export function isTrackingNo(carrier: TShippingCarrier, trackingNo: string): boolean {
  return TRACKING_FORMATS[carrier].test(trackingNo);
}

/** Why payments flagged an order: captured another amount, or its stock was short when paid late. */
export const ZFlagReason = z.enum(['amount_mismatch', 'stock_short']);
export type TFlagReason = z.infer<typeof ZFlagReason>;

/**
 * How an operator resolves a flag: 'refund' (the captured amount goes back to the buyer),
 * 'accept' (keep it: a mismatched amount pays the order as it is; short stock was found), or
 * 'note' (recorded only, the flag leaves the queue).
 */
export const ZFlagResolution = z.enum(['refund', 'accept', 'note']);
export type TFlagResolution = z.infer<typeof ZFlagResolution>;

// ── The list ────────────────────────────────────────────────────────────────────────────────

export const ZConsoleOrdersQuery = z
  .object({
    /** The order number (contains). */
    orderNo: z.string().trim().max(32).optional(),
    /** The buyer's email (contains). */
    buyerEmail: z.string().trim().max(254).optional(),
    /** The shop's name or slug (contains). */
    shop: z.string().trim().max(100).optional(),
    /** The title of any of the order's products (contains). */
    product: z.string().trim().max(50).optional(),
    status: z.coerce.number().pipe(ZOrderStatus).optional(),
    /**
     * Only orders flagged for a human ('true'), only unflagged ones ('false'), or the flagged
     * queue: flags no operator resolved yet ('open').
     */
    flagged: z.enum(['true', 'false', 'open']).optional(),
    from: ZIsoDay.optional(),
    to: ZIsoDay.optional(),
    cursor: ZOrderCursor.optional(),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine(...daysInOrder);
export type TConsoleOrdersQuery = z.input<typeof ZConsoleOrdersQuery>;

export const ZConsoleOrder = z.object({
  orderNo: z.string(),
  status: ZOrderStatus,
  side: z.enum(['b', 'c']),
  shopId: z.string(),
  shopName: z.string(),
  /** The buyer's full email: operators contact buyers. */
  buyerEmail: z.string(),
  language: z.string(),
  quantity: z.number().int(),
  totalMinor: z.number().int(),
  platformMinor: z.number().int(),
  profitMinor: z.number().int(),
  currencyCode: z.string(),
  flag: z.string().nullable(),
  flagReason: ZFlagReason.nullable(),
  /** How an operator resolved the flag; null while it is open (or there is none). */
  flagResolution: ZFlagResolution.nullable(),
  /** Refunded so far (completed and pending refunds), in the order's currency. */
  refundedMinor: z.number().int(),
  /** Its whole capture is refunded (or being refunded): shown as Refunded, never shipped. */
  fullyRefunded: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  shipment: ZShipment.nullable(),
  /** When an operator marked it in production (decision 0058); null while not. */
  productionAt: z.string().nullable(),
  /** When its buyer cancelled it; a cancelled order is never shipped. */
  cancelledAt: z.string().nullable(),
  /** The token a ship request must name: the order changed since if it no longer matches. */
  version: z.number().int(),
});
export type TConsoleOrder = z.infer<typeof ZConsoleOrder>;

export const ZConsoleOrderPage = z.object({
  list: z.array(ZConsoleOrder),
  total: z.number().int().min(0),
  nextCursor: z.string().nullable(),
});
export type TConsoleOrderPage = z.infer<typeof ZConsoleOrderPage>;

// ── The detail ──────────────────────────────────────────────────────────────────────────────

export const ZConsoleOrderPayment = z.object({
  provider: z.string(),
  providerOrderId: z.string().nullable(),
  status: z.string(),
  amountMinor: z.number().int(),
  currencyCode: z.string(),
  captureId: z.string().nullable(),
  capturedMinor: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TConsoleOrderPayment = z.infer<typeof ZConsoleOrderPayment>;

export const ZConsoleLedgerRow = z.object({
  id: z.string(),
  userId: z.string(),
  kind: z.string(),
  amountMinor: z.number().int(),
  createdAt: z.string(),
});
export type TConsoleLedgerRow = z.infer<typeof ZConsoleLedgerRow>;

export const ZRefundStatus = z.enum(['pending', 'completed', 'failed']);
export type TRefundStatus = z.infer<typeof ZRefundStatus>;
/**
 * Who asked for a refund: 'operator' (the console), 'provider' (a refund, dispute or chargeback
 * PayPal told us of) or 'buyer' (the buyer cancelled the order from its page, decision 0058).
 */
export const ZRefundSource = z.enum(['operator', 'provider', 'buyer']);
export type TRefundSource = z.infer<typeof ZRefundSource>;

/**
 * One order line a refund gave back (or is giving back): the line as it was bought (title, variant
 * label, SKU, frozen with the order), how many of its units, and its share of the refund in the
 * refund's currency (the capture's).
 */
export const ZRefundedLine = z.object({
  itemId: z.string(),
  title: z.string(),
  variantLabel: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  amountMinor: z.number().int(),
});
export type TRefundedLine = z.infer<typeof ZRefundedLine>;

/** A refund of the order's capture, asked for by an operator or told by the provider. */
export const ZConsoleRefund = z.object({
  id: z.string(),
  amountMinor: z.number().int(),
  currencyCode: z.string(),
  status: ZRefundStatus,
  source: ZRefundSource,
  reason: z.string(),
  restock: z.boolean(),
  /** The creator's profit share this refund took back. */
  profitReversedMinor: z.number().int(),
  /** The operator's username, or null (the provider, the buyer). */
  requestedBy: z.string().nullable(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The lines it refunds, in the order asked; empty for a refund of an amount (or the provider's). */
  lines: z.array(ZRefundedLine),
});
export type TConsoleRefund = z.infer<typeof ZConsoleRefund>;

/** Who did it (null: the system) and when: every line of the order's history has these. */
const ZOrderEventBase = z.object({ actor: z.string().nullable(), at: z.string() });

/**
 * One line of the order's history: what happened (`action`), with the details of that action
 * (`detail`, as stored with the event). Placed, paid and flagged come from the order's own columns.
 */
export const ZOrderEvent = z.discriminatedUnion('action', [
  ZOrderEventBase.extend({ action: z.literal(['placed', 'paid']), detail: z.object({}) }),
  ZOrderEventBase.extend({ action: z.literal('flagged'), detail: z.object({ reason: ZFlagReason }) }),
  ZOrderEventBase.extend({
    action: z.literal('shipped'),
    detail: z.object({ carrier: z.string(), trackingNo: z.string() }),
  }),
  ZOrderEventBase.extend({
    action: z.literal('refund_requested'),
    detail: z.object({
      refundId: z.string(),
      amountMinor: z.number().int(),
      /** Asked for by an operator: whether the stock goes back, and why. */
      restock: z.boolean().optional(),
      reason: z.string().optional(),
      /** Told by the provider: its event (a refund, dispute or chargeback). */
      eventType: z.string().optional(),
      /** A refund by lines: which, how many units and each one's share. */
      lines: z.array(ZRefundedLine).optional(),
    }),
  }),
  ZOrderEventBase.extend({
    action: z.literal('refunded'),
    detail: z.object({
      refundId: z.string(),
      amountMinor: z.number().int(),
      profitReversedMinor: z.number().int(),
      restocked: z.boolean(),
      /** A refund by lines: which, how many units and each one's share. */
      lines: z.array(ZRefundedLine).optional(),
    }),
  }),
  /** An operator marked it in production: its buyer can no longer cancel it or change its address. */
  ZOrderEventBase.extend({ action: z.literal('in_production'), detail: z.object({}) }),
  /** Its buyer cancelled it from the order page; `refundId` the refund of everything left, if any. */
  ZOrderEventBase.extend({
    action: z.literal('cancelled'),
    detail: z.object({ refundId: z.string().optional() }),
  }),
  /** Its buyer changed the address to ship to (the country and region stay): the one before. */
  ZOrderEventBase.extend({
    action: z.literal('address_changed'),
    detail: z.object({ previous: ZShippingAddress }),
  }),
  ZOrderEventBase.extend({
    action: z.literal('refund_failed'),
    detail: z.object({ refundId: z.string(), amountMinor: z.number().int(), failure: z.string() }),
  }),
  ZOrderEventBase.extend({
    action: z.literal('flag_resolved'),
    detail: z.object({
      resolution: ZFlagResolution,
      note: z.string(),
      /** The refund that resolved it (`refund`). */
      refundId: z.string().optional(),
      /** Whether accepting marked the order paid (`accept` of an amount mismatch). */
      paid: z.boolean().optional(),
    }),
  }),
  /** Its buyer reported a problem with a line (a case, issue 35): the case and why. */
  ZOrderEventBase.extend({
    action: z.literal('case_opened'),
    detail: z.object({ caseId: z.string(), itemId: z.string(), reason: z.string() }),
  }),
  /** An operator resolved a case of it: refunded the line, reshipped it (the new order) or declined. */
  ZOrderEventBase.extend({
    action: z.literal('case_resolved'),
    detail: z.object({
      caseId: z.string(),
      resolution: z.enum(['refund', 'reship', 'decline']),
      refundId: z.string().optional(),
      reshipOrderNo: z.string().optional(),
    }),
  }),
  /** A zero-price order placed to send a line of another order again (a case's reship). */
  ZOrderEventBase.extend({
    action: z.literal('reship_placed'),
    detail: z.object({ caseId: z.string(), fromOrderNo: z.string() }),
  }),
]);
export type TOrderEvent = z.infer<typeof ZOrderEvent>;
export type TOrderEventAction = TOrderEvent['action'];
/** The details of one action of the order's history. */
export type TOrderEventDetail<A extends TOrderEventAction> = Extract<TOrderEvent, { action: A }>['detail'];
/** An action recorded as an event of the order (placed, paid and flagged come from the order itself), with its details. */
export type TRecordedOrderEvent = {
  [A in Exclude<TOrderEventAction, 'placed' | 'paid' | 'flagged'>]: {
    action: A;
    detail: TOrderEventDetail<A>;
  };
}[Exclude<TOrderEventAction, 'placed' | 'paid' | 'flagged'>];

/** An order line as the console shows it: its id (a refund by lines names it) and what refunds took. */
export const ZConsoleOrderItem = ZCreatorOrderItem.extend({
  id: z.string(),
  /** Units refunds by lines took (pending and completed; failed ones gave them back). */
  refundedQuantity: z.number().int(),
  /** The line's share of the order's discount code, all units (a refund by lines gives back less). */
  discountMinor: z.number().int(),
});
export type TConsoleOrderItem = z.infer<typeof ZConsoleOrderItem>;

export const ZConsoleOrderDetail = ZConsoleOrder.extend({
  items: z.array(ZConsoleOrderItem),
  /** The full address: the platform ships. */
  shippingAddress: z.record(z.string(), z.unknown()),
  /** Items, discount, shipping, tax and total as frozen; the method and its estimate (null before 0036). */
  money: ZOrderMoney,
  shipping: ZOrderShipping.nullable(),
  payments: z.array(ZConsoleOrderPayment),
  ledger: z.array(ZConsoleLedgerRow),
  shippedBy: z.string().nullable(),
  refunds: z.array(ZConsoleRefund),
  /** What may still be refunded: captured less refunded (pending refunds included). */
  refundableMinor: z.number().int(),
  flagNote: z.string().nullable(),
  flagResolvedBy: z.string().nullable(),
  flagResolvedAt: z.string().nullable(),
  history: z.array(ZOrderEvent),
});
export type TConsoleOrderDetail = z.infer<typeof ZConsoleOrderDetail>;

// ── Shipping ────────────────────────────────────────────────────────────────────────────────

export const ZShipItem = z
  .object({
    orderNo: ZOrderNo,
    carrier: ZShippingCarrier,
    trackingNo: z
      .string()
      .trim()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().min(1, 'validation.required').max(40)),
    version: z.number().int().min(0),
  })
  .superRefine((item, ctx) => {
    if (!isTrackingNo(item.carrier, item.trackingNo)) {
      ctx.addIssue({ code: 'custom', path: ['trackingNo'], message: 'validation.trackingNo' });
    }
  });
export type TShipItem = z.input<typeof ZShipItem>;

export const ZShipRequest = z.object({ items: z.array(ZShipItem).min(1).max(200) });
export type TShipRequest = z.input<typeof ZShipRequest>;

export const ZShipAnswer = z.object({ shipped: z.number().int() });
export type TShipAnswer = z.infer<typeof ZShipAnswer>;

/**
 * Marks a paid order "in production" (decision 0058): fulfilment started, so its buyer can no
 * longer cancel it or change its address. Names the version the operator saw, as shipping does.
 */
export const ZProductionRequest = z.object({ orderNo: ZOrderNo, version: z.number().int().min(0) });
export type TProductionRequest = z.input<typeof ZProductionRequest>;
export const ZProductionAnswer = z.object({ version: z.number().int() });

/** A bulk tracking import (.xlsx: order number, carrier, tracking number per row), read, not applied. */
export const ZShipImportRequest = z.object({
  file: z
    .unknown()
    .refine((value) => value instanceof Uint8Array, { error: 'validation.file' })
    .transform((value) => value),
});
export type TShipImportRequestInput = { file: Blob };

/**
 * What the sheet says: the rows that can be shipped as they are (with the version read now, ready
 * for a ship request the operator confirms) and, per refused row, its row number and why.
 */
export const ZShipImportAnswer = z.object({
  items: z.array(
    z.object({
      orderNo: z.string(),
      carrier: ZShippingCarrier,
      trackingNo: z.string(),
      version: z.number().int(),
    }),
  ),
  messageList: z.array(z.object({ row: z.number().int().min(1), message: z.string() })),
});
export type TShipImportAnswer = z.infer<typeof ZShipImportAnswer>;

// ── Refunds and flags ───────────────────────────────────────────────────────────────────────

/** An order line's id on the wire: a digit string (the table's bigint), a safe integer. */
export const ZOrderItemId = z.string().regex(/^[1-9]\d{0,14}$/);

/** Units of one order line to refund (at most what earlier refunds left of it: A0400 per line). */
export const ZRefundLineRequest = z.object({
  itemId: ZOrderItemId,
  quantity: z.number().int().min(1).max(99),
});
export type TRefundLineRequest = z.input<typeof ZRefundLineRequest>;

/**
 * An operator's refund: of an amount (a goodwill refund, as typed), or of order lines — then the
 * server computes the amount, each line's paid value as a share of the capture
 * (`refundLineAmounts`), and `restock` returns only those lines' units. One or the other.
 */
export const ZRefundRequest = z
  .object({
    orderNo: ZOrderNo,
    /** Without `lines`: in the capture's minor units; at most what is still refundable. */
    amountMinor: z.number().int().min(1).max(100_000_000).optional(),
    /** Instead of an amount: the lines and units to refund, each line once. */
    lines: z.array(ZRefundLineRequest).min(1).max(100).optional(),
    /** The goods came back: return the stock (of the lines named, else of the order) when it completes. */
    restock: z.boolean().default(false),
    reason: z.string().trim().min(1, 'validation.required').max(200),
    /** The version the operator saw: a changed order refuses the refund (A0671). */
    version: z.number().int().min(0),
  })
  .superRefine((request, ctx) => {
    if (request.lines === undefined && request.amountMinor === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amountMinor'], message: 'validation.required' });
    }
    if (request.lines !== undefined && request.amountMinor !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['amountMinor'], message: 'validation.refundAmountWithLines' });
    }
    const seen = new Set<string>();
    request.lines?.forEach((line, i) => {
      if (seen.has(line.itemId)) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'itemId'], message: 'validation.refundLineTwice' });
      }
      seen.add(line.itemId);
    });
  });
export type TRefundRequest = z.input<typeof ZRefundRequest>;

export const ZResolveFlagRequest = z.object({
  orderNo: ZOrderNo,
  resolution: ZFlagResolution,
  note: z.string().trim().min(1, 'validation.required').max(500),
  /** With 'refund': the goods came back. */
  restock: z.boolean().default(false),
  version: z.number().int().min(0),
});
export type TResolveFlagRequest = z.input<typeof ZResolveFlagRequest>;
