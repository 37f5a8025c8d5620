import { useStorefront } from '../storefront-context';

/** A page still loading, announced politely. */
export function Loading() {
  const { t } = useStorefront();
  return (
    <p className="sf-status" role="status">
      {t('common.loading')}
    </p>
  );
}

/** A failed load with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useStorefront();
  return (
    <div className="sf-status" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="sf-button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
