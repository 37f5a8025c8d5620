import { useStorefront } from '../storefront-context';

/** Five stars filled to the nearest whole star; the exact rating is the accessible name. */
export function Stars({ tenths, count }: { tenths: number | null; count?: number }) {
  const { t, locale } = useStorefront();
  if (tenths === null) return <span className="sf-muted">{t('rating.none')}</span>;
  const rating = (tenths / 10).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const full = Math.round(tenths / 10);
  return (
    <span className="sf-rating">
      <span className="sf-stars" role="img" aria-label={t('rating.label', { rating })}>
        {'★'.repeat(full)}
        <span className="sf-stars-empty">{'★'.repeat(5 - full)}</span>
      </span>
      {count !== undefined && <span className="sf-muted"> ({t('rating.count', { count })})</span>}
    </span>
  );
}
