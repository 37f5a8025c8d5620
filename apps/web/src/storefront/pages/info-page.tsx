import type { TInfoPageKey, TShippingZoneInfo } from '@linkstore/contract';
import { useCallback, useMemo } from 'react';
import { RichTextView } from '../../shared/rich-text/rich-text-view';
import { infoPagesApi } from '../api';
import { LoadError, Loading } from '../components/status';
import { useRestoreScroll } from '../router';
import { useStorefront } from '../storefront-context';
import { useLoad } from '../use-load';

/**
 * One of the platform's information pages (shipping, returns, contact, terms, privacy) as the
 * operators wrote it, in the buyer's language or else in English (said so, and marked `lang`).
 * Its own chunk: the shop page never downloads it.
 */
export function InfoPage({ page }: { page: TInfoPageKey }) {
  const { t, language } = useStorefront();
  const fetchPage = useCallback(() => infoPagesApi.page(page), [page]);
  const { data, error, retry } = useLoad(fetchPage, null);
  useRestoreScroll(data !== null);
  const title = t(`info.${page}`);

  if (error) return <LoadError message={t('info.loadFailed')} onRetry={retry} />;
  if (!data) return <Loading />;
  const fallback = data.lang !== language;
  return (
    <article className="sf-section sf-narrow" aria-labelledby="sf-info-title">
      <h1 id="sf-info-title">{title}</h1>
      {fallback && <p className="sf-muted">{t('info.inEnglish')}</p>}
      <div lang={fallback ? data.lang : undefined}>
        <RichTextView doc={data.doc} className="sf-rich" />
      </div>
      {page === 'shipping' && <ShopFreeShipping />}
      {page === 'shipping' && <ShippingRates />}
    </article>
  );
}

/** "Anna's Picks offers free shipping on orders from $50": the shop's own offer, when it has one. */
function ShopFreeShipping() {
  const { t, page, price } = useStorefront();
  const over = page?.shop.freeShippingOverMinor ?? null;
  if (!page || over === null) return null;
  return <p className="sf-note">{t('freeShipping.offer', { shop: page.shop.name, amount: price(over) })}</p>;
}

/**
 * The shipping page's rates, from the zones and methods checkout charges by (never written twice):
 * each zone's countries named in the buyer's language, its methods with their delivery window,
 * price and free-shipping threshold.
 */
function ShippingRates() {
  const { t, locale, price } = useStorefront();
  const { data: zones } = useLoad(infoPagesApi.shippingZones, null);
  const names = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  if (!zones || zones.length === 0) return null;
  const costOf = (method: TShippingZoneInfo['methods'][number]) =>
    method.kind === 'items'
      ? t('info.rates.perItem', {
          first: price(method.firstItemMinor),
          each: price(method.additionalItemMinor),
        })
      : method.weightBands
          .map((band) => t('info.rates.upTo', { weight: band.upToGrams / 1000, cost: price(band.rateMinor) }))
          .join(' · ');
  return (
    <section aria-labelledby="sf-rates-title">
      <h2 id="sf-rates-title">{t('info.rates.title')}</h2>
      {zones.map((zone) => (
        <div key={zone.id} className="sf-rates-zone">
          <h3>{zone.name}</h3>
          <p className="sf-muted">
            {zone.countries
              .map((code) => names.of(code) ?? code)
              .sort((a, b) => a.localeCompare(b, locale))
              .join(', ')}
          </p>
          <ul className="sf-lines">
            {zone.methods.map((method) => (
              <li key={method.id}>
                <strong>{method.name}</strong> ·{' '}
                {t('checkout.days', { min: method.minDays, max: method.maxDays })}
                <br />
                {costOf(method)}
                {method.freeOverMinor !== null && (
                  <>
                    {' · '}
                    {t('info.rates.freeOver', { amount: price(method.freeOverMinor) })}
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
