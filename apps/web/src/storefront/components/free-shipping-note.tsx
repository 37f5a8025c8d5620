import type { TFreeShippingQuote, TOrderMoney } from '@linkstore/contract';
import { useStorefront } from '../storefront-context';

/**
 * The shop's free shipping under an order's summary (decision 0056): that the shop pays the
 * shipping (all of it: "Free shipping from Anna's Picks"; part of it, for a dearer method), or,
 * in a quote, how much more reaches it or that this order does not qualify. Nothing when the
 * shop offers none, or when shipping costs nothing anyway. `shopName` defaults to the shop the
 * page belongs to; without one (a receipt), "the shop".
 */
export function FreeShippingNote({
  money,
  price,
  shopName,
}: {
  money: TOrderMoney & { freeShipping?: TFreeShippingQuote | null | undefined };
  price: (minor: number) => string;
  shopName?: string | undefined;
}) {
  const { t, page } = useStorefront();
  const shop = shopName ?? page?.shop.name;
  const paid = money.creatorShippingMinor ?? 0;
  let note: string | null = null;
  if (paid > 0 && money.shippingMinor === 0) {
    note = shop ? t('freeShipping.applies', { shop }) : t('freeShipping.appliesShop');
  } else if (paid > 0) {
    const amount = price(paid);
    note = shop ? t('freeShipping.reduced', { shop, amount }) : t('freeShipping.reducedShop', { amount });
  } else if (money.freeShipping && money.shippingMinor > 0) {
    const { reason, missingMinor } = money.freeShipping;
    if (reason === 'belowThreshold') note = t('freeShipping.addMore', { amount: price(missingMinor) });
    if (reason === 'profit' && shop) note = t('freeShipping.notThisOrder', { shop });
  }
  if (!note) return null;
  return <p className="sf-muted sf-money-note sf-free-shipping">{note}</p>;
}
