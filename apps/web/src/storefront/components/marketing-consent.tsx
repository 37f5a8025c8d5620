import { useStorefront } from '../storefront-context';

/**
 * The checkout's "Email me news and offers from <shop>" (issue 35): unticked until the buyer
 * ticks it. The sentence is the server's `checkout.marketingConsent` in the same language — the
 * server keeps that wording with the consent, and a server test holds the two texts equal — and
 * the whole row is the tap target.
 */
export function MarketingConsent(props: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t, page } = useStorefront();
  return (
    <label className="sf-check">
      <input
        id="sf-marketingConsent"
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <span>{t('checkout.marketingConsent', { shop: page?.shop.name ?? '' })}</span>
    </label>
  );
}
