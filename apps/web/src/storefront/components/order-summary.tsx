import {
  orderMoneyRows,
  type TFreeShippingQuote,
  type TOrderMoney,
  type TMoneyRow,
} from '@linkstore/contract';
import { useStorefront } from '../storefront-context';
import { FreeShippingNote } from './free-shipping-note';

/** "19 %" as the buyer's language writes a percentage (a display figure, never money). */
export function formatRate(rateMicros: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(
    rateMicros / 1_000_000,
  );
}

/**
 * Items, discount, shipping, tax and total, the one way checkout and receipt show them
 * (`orderMoneyRows`): tax on its own row where prices exclude it, "includes VAT" under the total
 * where they include it. An EU import says under them whether anything is left to pay on
 * delivery (IOSS: nothing; over €150: import VAT and duties, collected by the carrier). The
 * shop's free shipping is said under them too (`FreeShippingNote`).
 */
export function OrderSummary({
  money,
  shippingFree,
  format,
}: {
  /** A quote's money also says how the shop's free shipping stands (`FreeShippingNote`). */
  money: TOrderMoney & { freeShipping?: TFreeShippingQuote | null | undefined };
  shippingFree?: boolean | undefined;
  /** How amounts are written: the buyer's currency (an approximation) unless given, e.g. as charged. */
  format?: ((minor: number) => string) | undefined;
}) {
  const { t, locale, price: shown } = useStorefront();
  const price = format ?? shown;
  const tax = { name: money.tax?.name ?? '', rate: formatRate(money.tax?.rateMicros ?? 0, locale) };
  const label = (row: TMoneyRow) => {
    if (row.kind === 'tax' || row.kind === 'taxIncluded') return t(`money.rows.${row.kind}`, tax);
    // "Discount (SPRING20)": the code it came with.
    if (row.kind === 'discount' && money.discountCode) {
      return t('money.rows.discountCode', { code: money.discountCode });
    }
    return t(`money.rows.${row.kind}`);
  };
  const amount = (row: TMoneyRow) => {
    // Free by the method's own threshold, or paid all of it by the shop (its free shipping).
    const shopPaid = (money.creatorShippingMinor ?? 0) > 0;
    if (row.kind === 'shipping' && row.minor === 0 && (shippingFree || shopPaid)) return t('money.rows.free');
    return row.kind === 'discount' ? `−${price(row.minor)}` : price(row.minor);
  };
  return (
    <>
      <dl className="sf-money-rows">
        {orderMoneyRows(money).map((row) => (
          <div key={row.kind} className={`sf-money-row sf-money-${row.kind}`}>
            <dt>{label(row)}</dt>
            <dd>{row.kind === 'total' ? <strong>{amount(row)}</strong> : amount(row)}</dd>
          </div>
        ))}
      </dl>
      <FreeShippingNote money={money} price={price} />
      {money.taxScheme && <p className="sf-muted sf-money-note">{t(`ioss.${money.taxScheme}`)}</p>}
    </>
  );
}
