import { z } from 'zod';
import { daysInOrder, ZIsoDay } from '../platform/days';

/**
 * The creator's own orders (`#/order`): what buyers ordered in their shop, with the
 * prices frozen at order time. Amounts are US cents.
 */

/** 0 unpaid, 1 paid / in transit, 2 completed: the statuses the studio's filter shows. */
export const ZOrderStatus = z.literal([0, 1, 2]);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

/** Order numbers as they are issued: `LS261122-K3J9Q2ZD`. */
export const ZOrderNo = z.string().regex(/^[A-Z0-9-]{6,32}$/);

/** The previous page's `nextCursor` of an order list (keyset paging); absent: the newest orders. */
export const ZOrderCursor = z.string().regex(/^[A-Za-z0-9_-]{1,120}$/);

/** The list's filters: what the studio's search sends, to the list and to the export alike. */
const orderFilters = {
  /** Matches the title of any of the order's products. */
  keywords: z.string().trim().max(50).optional(),
  status: z.coerce.number().pipe(ZOrderStatus).optional(),
  /** Orders placed on or after this UTC day. */
  from: ZIsoDay.optional(),
  /** Orders placed on or before this UTC day. */
  to: ZIsoDay.optional(),
};

export const ZOrdersQuery = z
  .object({
    ...orderFilters,
    cursor: ZOrderCursor.optional(),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  })
  .refine(...daysInOrder);
export type TOrdersQuery = z.input<typeof ZOrdersQuery>;

/** The file a studio export answers: CSV (UTF-8 with a BOM) or an Excel workbook. */
export const ZExportFormat = z.enum(['csv', 'xlsx']);
export type TExportFormat = z.infer<typeof ZExportFormat>;

/** The orders export: the list's filters (every page of them) and the file's format. */
export const ZOrdersExportQuery = z.object({ ...orderFilters, format: ZExportFormat }).refine(...daysInOrder);
export type TOrdersExportQuery = z.input<typeof ZOrdersExportQuery>;

export const ZCreatorOrderItem = z.object({
  productId: z.string(),
  title: z.string(),
  /** The variant bought, "M / Black" in the buyer's language as chosen; '' without options. */
  variantLabel: z.string(),
  /** The variant's SKU when it was bought (what is packed). */
  sku: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  /** The platform's price of one unit (the cost). */
  platformUnitMinor: z.number().int(),
  /** The shop's price of one unit (what the buyer paid). */
  sellingUnitMinor: z.number().int(),
  /** Selling − platform, of one unit. */
  profitUnitMinor: z.number().int(),
});
export type TCreatorOrderItem = z.infer<typeof ZCreatorOrderItem>;

/** How a parcel was shipped, on every order an operator shipped (else null). */
export const ZShipment = z.object({
  carrier: z.string(),
  trackingNo: z.string(),
  /** The carrier's tracking page; null for 'other'. */
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
});
export type TShipment = z.infer<typeof ZShipment>;

/** One order in the creator's list. The buyer's email is masked (`a***@example.com`). */
export const ZCreatorOrder = z.object({
  orderNo: z.string(),
  status: ZOrderStatus,
  items: z.array(ZCreatorOrderItem),
  /** Units over all items. */
  quantity: z.number().int(),
  platformMinor: z.number().int(),
  /** What the buyer pays: items − discount + shipping + tax. */
  totalMinor: z.number().int(),
  /** Shipping and tax in the total: the platform's (it ships and owes the tax), never the creator's. */
  shippingMinor: z.number().int(),
  taxMinor: z.number().int(),
  /**
   * What the order earns at its frozen prices (total − shipping − tax − platform): the profit of a
   * buyer's payment.
   */
  profitMinor: z.number().int(),
  currencyCode: z.string(),
  buyerEmail: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** How the platform shipped it (carrier, tracking number and link), once shipped. */
  shipment: ZShipment.nullable(),
  /** 'c': its buyer paid it; 'b': the creator paid it themselves (their purchase, no profit). */
  side: z.enum(['b', 'c']),
  /**
   * What it credited to the creator's earnings less what refunds took back — the ledger's sale and
   * refund entries of this order (decision 0041); 0 while unpaid and for an order paid by the creator.
   */
  earnedMinor: z.number().int(),
  /** What the creator paid for it themselves (the ledger's purchase entry); 0 when its buyer paid. */
  paidByYouMinor: z.number().int(),
  /** Given back to the buyer (refunds done or under way). */
  refundedMinor: z.number().int(),
  /** All of the payment is refunded (or being refunded): shown as Refunded, it will not ship. */
  fullyRefunded: z.boolean(),
});
export type TCreatorOrder = z.infer<typeof ZCreatorOrder>;

/**
 * Counting stops here: a shop with a million orders would spend more on "how many" than on the
 * page (`totalIsCapped`: there are more than `total`).
 */
export const ORDER_COUNT_CAP = 10_000;

/** A page of orders, newest first; `nextCursor` null on the last page. */
export const ZCreatorOrderPage = z.object({
  list: z.array(ZCreatorOrder),
  /** Orders matching the filters, over all pages, counted up to ORDER_COUNT_CAP. */
  total: z.number().int().min(0),
  /** More orders match than `total` (the count stopped at ORDER_COUNT_CAP). */
  totalIsCapped: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type TCreatorOrderPage = z.infer<typeof ZCreatorOrderPage>;

export const ZOrderNoParams = z.object({ orderNo: ZOrderNo });

/**
 * One order in full for the detail drawer. The shipping address is shown to the town: enough to
 * recognise the order in a buyer's message, while the platform, which ships, keeps the street,
 * postal code and phone (decision 0019).
 */
export const ZCreatorOrderDetail = ZCreatorOrder.extend({
  shipTo: z.object({
    name: z.string(),
    city: z.string(),
    region: z.string().nullable(),
    countryCode: z.string(),
  }),
  /** The buyer's language (their mails are written in it). */
  language: z.string(),
  completedAt: z.string().nullable(),
});
export type TCreatorOrderDetail = z.infer<typeof ZCreatorOrderDetail>;
