import type { TCreatorOrder } from '@linkstore/contract';
import type { TFunction } from 'i18next';

/**
 * An order's profit as the studio shows it in every list (decision 0041): before it is paid, what
 * it earns when its buyer pays; once paid, what it credited to the earnings less what refunds took
 * back (the ledger's figure, the one Earnings and Home add up); an order the creator paid
 * themselves is their purchase, shown as what they paid.
 */
export function orderProfitText(
  order: Pick<
    TCreatorOrder,
    'status' | 'side' | 'profitMinor' | 'earnedMinor' | 'paidByYouMinor' | 'refundedMinor'
  >,
  format: (cents: number) => string,
  t: TFunction<'orders'>,
): string {
  if (order.side === 'b') return t('orders.money.paidByYou', { amount: format(order.paidByYouMinor) });
  if (order.status === 0) return format(order.profitMinor);
  if (order.refundedMinor > 0) return t('orders.money.afterRefunds', { amount: format(order.earnedMinor) });
  return format(order.earnedMinor);
}
