import { useStorefront } from '../storefront-context';

/** Stars drawn for a rating in tenths, to the nearest half: full, half and empty ones (5 in all). */
export function starShapes(tenths: number): { full: number; half: number; empty: number } {
  const halves = Math.min(10, Math.max(0, Math.round(tenths / 5)));
  const full = Math.floor(halves / 2);
  const half = halves % 2;
  return { full, half, empty: 5 - full - half };
}

/**
 * Five stars filled to the nearest half star, the empty ones as outlines (☆: told apart by shape
 * too); the exact rating is the accessible name.
 */
export function Stars({ tenths, count }: { tenths: number | null; count?: number }) {
  const { t, locale } = useStorefront();
  if (tenths === null) return <span className="sf-muted">{t('rating.none')}</span>;
  const rating = (tenths / 10).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const { full, half, empty } = starShapes(tenths);
  return (
    <span className="sf-rating">
      <span className="sf-stars" role="img" aria-label={t('rating.label', { rating })}>
        {'★'.repeat(full)}
        {half > 0 && <span className="sf-star-half">★</span>}
        <span className="sf-stars-empty">{'☆'.repeat(empty)}</span>
      </span>
      {count !== undefined && <span className="sf-muted"> ({t('rating.count', { count })})</span>}
    </span>
  );
}
