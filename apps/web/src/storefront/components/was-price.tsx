import { useStorefront } from '../storefront-context';

/**
 * A "compare at" (sale) price next to the price (decision 0055): struck through for the eye, read
 * as "Was $40.00" (a screen reader says nothing of a strike). Nothing when there is none.
 */
export function WasPrice({ minor }: { minor: number | null }) {
  const { price, t } = useStorefront();
  if (minor === null) return null;
  return (
    <>
      {' '}
      <s className="sf-was" aria-hidden="true">
        {price(minor)}
      </s>
      <span className="sf-visually-hidden">{t('money.was', { price: price(minor) })}</span>
    </>
  );
}
