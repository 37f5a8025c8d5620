import type { TOrderMoney, TOrderReceipt } from '@linkstore/contract';
import type { OrderRow } from './checkout.repository';

/** What an order froze of its money. */
export type OrderCharges = Pick<
  OrderRow,
  | 'totalMinor'
  | 'discountMinor'
  | 'discountCode'
  | 'discountTaxMinor'
  | 'shippingMinor'
  | 'shippingTaxMinor'
  | 'taxMinor'
  | 'currencyCode'
  | 'taxName'
  | 'taxRateMicros'
  | 'taxInclusive'
  | 'taxScheme'
> &
  /** Absent: read without it (none paid). */
  Partial<Pick<OrderRow, 'creatorShippingMinor'>>;

/** An order's money as its buyer reads it (receipt, mail). */
export function moneyOf(order: OrderCharges): TOrderMoney {
  return {
    itemsMinor: order.totalMinor - order.shippingMinor - order.taxMinor + order.discountMinor,
    discountMinor: order.discountMinor,
    discountCode: order.discountCode,
    discountTaxMinor: order.discountTaxMinor,
    shippingMinor: order.shippingMinor,
    creatorShippingMinor: order.creatorShippingMinor ?? 0,
    shippingTaxMinor: order.shippingTaxMinor,
    taxMinor: order.taxMinor,
    totalMinor: order.totalMinor,
    currencyCode: order.currencyCode,
    tax:
      order.taxName === null
        ? null
        : { name: order.taxName, rateMicros: order.taxRateMicros, inclusive: order.taxInclusive },
    taxScheme: order.taxScheme,
  };
}

/** The shipping method chosen and its delivery estimate; null for an order from before shipping was charged. */
export function shippingOf(
  order: Pick<OrderRow, 'shippingMethod' | 'deliveryMinDays' | 'deliveryMaxDays'>,
): TOrderReceipt['shipping'] {
  if (order.shippingMethod === null) return null;
  return {
    method: order.shippingMethod,
    minDays: order.deliveryMinDays ?? 0,
    maxDays: order.deliveryMaxDays ?? 0,
  };
}
