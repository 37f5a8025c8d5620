import { formatMoney } from '@linkstore/contract';
import { useCallback, useState } from 'react';
import { ApiError, checkoutApi, NETWORK_ERROR } from '../api';
import { LoadError, Loading } from '../components/status';
import { leave } from '../router';
import { useStorefront } from '../storefront-context';
import { useLoad } from '../use-load';

/**
 * The offline sandbox provider's approval page (`/payauth?token=`), standing in for PayPal's:
 * what is being paid, "Approve payment" (back to `/payresult`) or "Cancel" (back to the cart).
 * Approving leaves in place of this page, so Back from the receipt does not come here again; a
 * payment already made (reached by Back all the same, or from another tab) says so and leads to
 * its receipt instead of offering "Approve" again.
 */
export function PayAuthPage() {
  const { t, locale } = useStorefront();
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const fetchApproval = useCallback(() => checkoutApi.sandboxApproval(token), [token]);
  const { data: approval, error: loadError, retry } = useLoad(token ? fetchApproval : null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!token) return <LoadError message={t('payauth.notFound')} />;
  if (!approval) {
    return loadError ? (
      <LoadError message={messageOf(loadError, t('payauth.notFound'))} onRetry={retry} />
    ) : (
      <Loading />
    );
  }

  // Paid already: its receipt, not a second approval.
  const paid = approval.status === 'COMPLETED' ? approval.receiptUrl : null;

  const approve = async () => {
    setBusy(true);
    setError(null);
    try {
      const { redirectTo } = await checkoutApi.sandboxApprove(token);
      leave.replace(redirectTo);
    } catch (e) {
      setError(messageOf(e, t('common.networkError')));
      setBusy(false);
    }
  };

  return (
    <section className="sf-section sf-narrow" aria-labelledby="sf-payauth-title">
      <h1 id="sf-payauth-title">{t('payauth.title')}</h1>
      <p className="sf-note">{t('payauth.sandboxNote')}</p>
      <dl className="sf-facts">
        {approval.shopName && (
          <>
            <dt>{t('payauth.shop')}</dt>
            <dd>{approval.shopName}</dd>
          </>
        )}
        <dt>{t('payauth.amount')}</dt>
        <dd>
          <strong>{formatMoney(approval.amountMinor, approval.currencyCode, locale)}</strong>
        </dd>
        {approval.reference && (
          <>
            <dt>{t('payauth.reference')}</dt>
            <dd>{approval.reference}</dd>
          </>
        )}
      </dl>
      {paid && (
        <p className="sf-note" role="status">
          {t('payauth.paid')}
        </p>
      )}
      {error && (
        <p className="sf-error" role="alert">
          {error}
        </p>
      )}
      {paid ? (
        <button
          type="button"
          className="sf-button sf-button-primary sf-button-wide"
          onClick={() => leave.replace(paid)}
        >
          {t('payauth.toReceipt')}
        </button>
      ) : (
        <>
          <button
            type="button"
            className="sf-button sf-button-primary sf-button-wide"
            disabled={busy}
            onClick={() => void approve()}
          >
            {t('payauth.approve')}
          </button>
          <button
            type="button"
            className="sf-button sf-button-wide"
            disabled={busy}
            onClick={() => leave.to(approval.cancelUrl)}
          >
            {t('payauth.cancel')}
          </button>
        </>
      )}
    </section>
  );
}

/** The server's translated message, or `fallback` when there is none (no answer at all). */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== NETWORK_ERROR && error.message
    ? error.message
    : fallback;
}
