import { useState } from 'react';
import { useStorefront } from '../storefront-context';

/**
 * "Share" for the page the buyer is on — the phone's share sheet (Web Share API) when the browser
 * has one, else the link copied — and, with `withCopy`, a "Copy link" button too; the outcome is
 * said in a status message ("Link copied."). Each share or copy is a click event (of `productId`
 * on a product page). The address is read when tapped: the page may be rendered on the server,
 * which has no `window`.
 */
export function ShareButton({
  title,
  productId,
  withCopy = false,
}: {
  title: string;
  productId?: string;
  withCopy?: boolean;
}) {
  const { t, events } = useStorefront();
  const [feedback, setFeedback] = useState('');
  const pageUrl = () => window.location.origin + window.location.pathname;

  const copy = async () => {
    events?.record('click', productId);
    const url = pageUrl();
    try {
      await navigator.clipboard.writeText(url);
      setFeedback(t('shop.copied'));
    } catch {
      setFeedback(t('shop.copyFailed', { url }));
    }
  };
  const share = async () => {
    if (typeof navigator.share !== 'function') return copy();
    events?.record('click', productId);
    try {
      await navigator.share({ title, url: pageUrl() });
    } catch {
      // Closed the share sheet: nothing to say.
    }
  };

  return (
    <div className="sf-share">
      <button type="button" className="sf-button" onClick={() => void share()}>
        {t('shop.share')}
      </button>
      {withCopy && (
        <button type="button" className="sf-button sf-button-quiet" onClick={() => void copy()}>
          {t('shop.copyLink')}
        </button>
      )}
      <p className="sf-feedback" role="status">
        {feedback}
      </p>
    </div>
  );
}
