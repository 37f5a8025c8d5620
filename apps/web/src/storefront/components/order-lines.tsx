import { shownUnitPrice, type TBuyerOrder, type TOrderMoney } from '@linkstore/contract';
import { useStorefront } from '../storefront-context';

/** One line of a placed order, as its receipt and its page show it. */
export type TOrderLine = TBuyerOrder['items'][number];

/** A placed order's lines: image, title, variant, units, and the price as the shop showed it. */
export function OrderLines({
  items,
  tax,
  format,
}: {
  items: readonly TOrderLine[];
  tax: TOrderMoney['tax'];
  format: (minor: number) => string;
}) {
  const { t } = useStorefront();
  return (
    <ul className="sf-lines">
      {items.map((item, index) => (
        // A product bought in two sizes is two lines.
        <li key={`${item.productId}-${index}`} className="sf-line">
          {item.imageUrl && <img src={item.imageUrl} alt="" width={56} height={56} loading="lazy" />}
          <div className="sf-line-body">
            <span>{item.title}</span>
            {item.variantLabel && <span className="sf-variant-label">{item.variantLabel}</span>}
            <span className="sf-muted">{t('payresult.quantity', { count: item.quantity })}</span>
          </div>
          {/* As the shop showed it: with tax where prices include it. */}
          <span className="sf-price">{format(shownUnitPrice(item.unitMinor, tax) * item.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}
