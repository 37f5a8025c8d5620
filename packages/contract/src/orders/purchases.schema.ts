import { z } from 'zod';
import { ZOrderNo, ZOrderStatus } from './orders.schema';

/**
 * A creator paying the platform for their own unpaid orders (b-side): one payment for the
 * selected orders' platform prices. Amounts are US cents.
 */

/** At most this many orders in one payment. */
export const PURCHASE_MAX_ORDERS = 50;

export const ZPurchaseRequest = z.object({
  orderNos: z
    .array(ZOrderNo)
    .min(1)
    .max(PURCHASE_MAX_ORDERS)
    .refine((nos) => new Set(nos).size === nos.length, { message: 'orders.pay.duplicate' }),
  /** The client's key for this payment attempt: the same key again answers the same purchase. */
  payKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
});
export type TPurchaseRequest = z.infer<typeof ZPurchaseRequest>;

export const ZPurchaseIdParams = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });

/** created: waiting for the creator's approval at the provider; paid; cancelled (see `reason`). */
export const ZPurchaseStatus = z.enum(['created', 'paid', 'cancelled']);
export type TPurchaseStatus = z.infer<typeof ZPurchaseStatus>;

export const ZPurchase = z.object({
  id: z.string(),
  status: ZPurchaseStatus,
  /** Why it was cancelled: an error code (e.g. A0660 when a buyer paid an order meanwhile). */
  reason: z.string().nullable(),
  orders: z.array(
    z.object({
      orderNo: z.string(),
      /** What this payment pays for the order: its platform price, frozen at checkout. */
      amountMinor: z.number().int(),
      status: ZOrderStatus,
    }),
  ),
  totalMinor: z.number().int(),
  currencyCode: z.string(),
  /** Where the creator approves the payment (PayPal or the sandbox's `/payauth`); null until made. */
  approveUrl: z.string().nullable(),
});
export type TPurchase = z.infer<typeof ZPurchase>;

/** `data` of an A0660 refusal: the orders that are no longer unpaid. */
export const ZOrdersNotUnpaid = z.object({ orderNos: z.array(z.string()) });
export type TOrdersNotUnpaid = z.infer<typeof ZOrdersNotUnpaid>;
