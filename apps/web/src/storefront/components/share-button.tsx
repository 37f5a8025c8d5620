import { useState } from 'react';
import { useStorefront } from '../storefront-context';

/**
 * One "Share" button for the page the buyer is on: the phone's share sheet (Web Share API) when
 * the browser has one, else the link copied, said in a status message ("Link copied.").
 */
export function ShareButton({ title, productId }: { title: string; productId?: string }) {
  const { t, events } = useStorefront();
  const [feedback, setFeedback] = useState('');
  const url = window.location.origin + window.location.pathname;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setFeedback(t('shop.copied'));
    } catch {
      setFeedback(t('shop.copyFailed', { url }));
    }
  };
  const share = async () => {
    events?.record('click', productId);
    if (typeof navigator.share !== 'function') return copy();
    try {
      await navigator.share({ title, url });
    } catch {
      // Closed the share sheet: nothing to say.
    }
  };

  return (
    <div className="sf-share">
      <button type="button" className="sf-button" onClick={() => void share()}>
        {t('shop.share')}
      </button>
      <p className="sf-feedback" role="status">
        {feedback}
      </p>
    </div>
  );
}
