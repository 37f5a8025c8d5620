import { z } from 'zod';
import { ZOrderMoney, ZOrderReceipt, ZOrderShipping, ZShippingAddress } from './checkout.schema';
import { ZOrderNo, ZShipment } from './orders.schema';

/*
 * The buyer's order page (issue 35): reached from every buyer mail through a signed link, no
 * account needed (decision 0057). The token carries the order and when the link stops working,
 * signed by the server; the page shows nothing for a token that does not verify.
 */

/** An order link's token: `<payload>.<signature>`, both base64url. */
export const ZOrderLinkToken = z.string().regex(/^[A-Za-z0-9_-]{4,40}\.[A-Za-z0-9_-]{20,64}$/);
export const ZOrderLinkParams = z.object({ token: ZOrderLinkToken });

/** A step of the order's life, oldest first. */
export const ZBuyerOrderStep = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('placed'), at: z.string() }),
  z.object({ kind: z.literal('paid'), at: z.string() }),
  z.object({ kind: z.literal('in_production'), at: z.string() }),
  z.object({ kind: z.literal('cancelled'), at: z.string() }),
  z.object({ kind: z.literal('shipped'), at: z.string(), shipment: ZShipment }),
  z.object({ kind: z.literal('delivered'), at: z.string() }),
  z.object({
    kind: z.literal('refunded'),
    at: z.string(),
    amountMinor: z.number().int(),
    /** 'pending' while the payment provider has not confirmed it yet. */
    status: z.enum(['pending', 'completed']),
  }),
]);
export type TBuyerOrderStep = z.infer<typeof ZBuyerOrderStep>;

/** What the buyer's order page shows. */
export const ZBuyerOrder = z.object({
  orderNo: z.string(),
  /**
   * Where the order is: 'unpaid' (placed, payment not taken), 'paid' (not started yet),
   * 'in_production' (being prepared), 'shipped', 'delivered' (completed), 'cancelled' (by its
   * buyer), 'refunded' (every cent went back).
   */
  stage: z.enum(['unpaid', 'paid', 'in_production', 'shipped', 'delivered', 'cancelled', 'refunded']),
  /**
   * What the buyer can still do themselves (decision 0058): cancel, or change the address within
   * its country and region — both only until fulfilment starts.
   */
  can: z.object({ cancel: z.boolean(), changeAddress: z.boolean() }),
  shop: z.object({ slug: z.string(), name: z.string(), avatarUrl: z.string().nullable() }),
  /** The lines as frozen, as the receipt shows them. */
  items: z.array(ZOrderReceipt.shape.items.element.omit({ lineMinor: true })),
  currencyCode: z.string(),
  /** Items, discount, shipping, tax and total as frozen when the order was placed. */
  money: ZOrderMoney,
  /** What went back to the buyer so far (completed refunds). */
  refundedMinor: z.number().int(),
  shipping: ZOrderShipping.nullable(),
  address: ZShippingAddress,
  /** The buyer's address masked (`a***@example.com`): a forwarded link shows no more than needed. */
  email: z.string(),
  steps: z.array(ZBuyerOrderStep),
  /** When this link stops working (a new one is mailed by "Find my order"). */
  linkExpiresAt: z.string(),
});
export type TBuyerOrder = z.infer<typeof ZBuyerOrder>;

/**
 * "Find my order": the order number and the address it was bought with. The answer is the same
 * whether or not such an order exists; when it does, its link is mailed to that address.
 */
export const ZFindOrderRequest = z.object({
  orderNo: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(ZOrderNo),
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
});
export type TFindOrderRequest = z.input<typeof ZFindOrderRequest>;
export const ZFindOrderAnswer = z.object({ accepted: z.literal(true) });

/** Cancelling from the order page: everything still refundable goes back, the stock returns. */
export const ZCancelOrderAnswer = z.object({
  /** What the refund gives back (0 when nothing was left to refund). */
  refundMinor: z.number().int(),
  currencyCode: z.string(),
});
export type TCancelOrderAnswer = z.infer<typeof ZCancelOrderAnswer>;

/**
 * A new address to ship to, in the same country and region (state, province): those decide the
 * shipping zone and the tax the buyer paid, so moving out of them is refused, never charged.
 */
export const ZChangeAddressRequest = z.object({ address: ZShippingAddress });
export type TChangeAddressRequest = z.input<typeof ZChangeAddressRequest>;
