import { shownUnitPrice, type TCheckoutQuote } from '@linkstore/contract';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { checkoutApi } from '../api';
import { countryOptions } from '../pages/checkout-form';
import { keepShipTo, shipToCountry } from '../ship-to';
import { useStorefront } from '../storefront-context';
import { formatRate } from './order-summary';

const neverChanges = () => () => {};
const noCountry = () => null;

/**
 * "Ship to" on a product page: the cheapest way the product ships to the buyer's country, its cost
 * and delivery window, and the price with the tax buyers there see included ("incl. VAT") or
 * that is added at checkout — the server's quote for one unit, the same the checkout charges. Asked
 * in the browser only (the page's first paint has no buyer country to price for).
 */
export function DeliveryEstimate(props: {
  productId: string;
  variantId: string | undefined;
  priceMinor: number;
}) {
  const { slug, t, locale, price } = useStorefront();
  // The kept country in the browser; none while the server renders the page (no buyer to ask).
  const kept = useSyncExternalStore(neverChanges, shipToCountry, noCountry);
  const [picked, setCountry] = useState<string | null>(null);
  const country = picked ?? kept;
  const [quote, setQuote] = useState<TCheckoutQuote | null>(null);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  useEffect(() => {
    if (!slug || !country) return;
    let current = true;
    const item = {
      productId: props.productId,
      quantity: 1,
      ...(props.variantId ? { variantId: props.variantId } : {}),
    };
    checkoutApi
      .quote({ shop: slug, countryCode: country, items: [item] })
      .then((answer) => current && setQuote(answer))
      .catch(() => current && setQuote(null));
    return () => {
      current = false;
    };
  }, [slug, country, props.productId, props.variantId]);
  if (!country) return null;
  const countryName = countries.find((c) => c.code === country)?.name ?? country;
  const method = quote?.methods[0];
  const tax = quote?.tax;
  return (
    <section className="sf-delivery" aria-label={t('delivery.title')}>
      <div className="sf-field">
        <label htmlFor="sf-ship-to">{t('delivery.shipTo')}</label>
        <select
          id="sf-ship-to"
          autoComplete="shipping country"
          value={country}
          onChange={(event) => {
            keepShipTo(event.target.value);
            setCountry(event.target.value);
          }}
        >
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <div aria-live="polite">
        {quote && !quote.shippable && (
          <p className="sf-error">{t('checkout.notShipped', { country: countryName })}</p>
        )}
        {method && (
          <p>
            {t('delivery.estimate', {
              method: method.name,
              cost: method.costMinor === 0 ? t('money.rows.free') : price(method.costMinor),
              min: method.minDays,
              max: method.maxDays,
            })}
          </p>
        )}
        {tax && (
          <p className="sf-muted">
            {tax.inclusive
              ? t('delivery.taxIncluded', {
                  price: price(shownUnitPrice(props.priceMinor, tax)),
                  name: tax.name,
                  rate: formatRate(tax.rateMicros, locale),
                })
              : t('delivery.taxAdded', { name: tax.name, rate: formatRate(tax.rateMicros, locale) })}
          </p>
        )}
      </div>
    </section>
  );
}
