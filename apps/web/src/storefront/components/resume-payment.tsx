import type { TCheckoutAnswer, TResumeRefusal } from '@linkstore/contract';
import { useRef, useState } from 'react';
import { ApiError, call, NETWORK_ERROR } from '../api';
import { PAYING_STORAGE_KEY } from '../cart';
import { SHOP_PATH_STORAGE_KEY } from '../pages/checkout-page';
import { leave } from '../router';
import { writeStorage } from '../storage';
import { shopHref, useStorefront } from '../storefront-context';

/** The contract's `ErrorCode.ORDER_NOT_RESUMABLE`, written out as in api.ts (a test checks it). */
export const ORDER_NOT_RESUMABLE = 'A0695';
/** The contract's `ErrorCode.ORDERS_NOT_UNPAID`: paid meanwhile (or being paid by the shop). */
export const ORDERS_NOT_UNPAID = 'A0660';
/** How long the renewed hold lasts: the server's RESUME_HOLD_MS (resume-payment.ts). */
export const RESUME_HOLD_MINUTES = 30;

/**
 * The call of this component (`resumePaymentRoutes.resume`; a test checks the path), here rather
 * than in api.ts: only the order page's lazy chunk needs it.
 */
export const resumeApi = {
  resume: (token: string) =>
    call<TCheckoutAnswer>('POST', `/api/v1/public/orders/by-link/${encodeURIComponent(token)}/resume`),
};

/** The products of a refusal, when the server sent them in the shape the contract gives. */
function productsOf(error: ApiError): TResumeRefusal['products'] {
  const products = (error.data as { products?: unknown } | null)?.products;
  if (!Array.isArray(products)) return [];
  return products.filter(
    (p): p is TResumeRefusal['products'][number] =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as { url?: unknown }).url === 'string' &&
      typeof (p as { title?: unknown }).title === 'string',
  );
}

type TState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'failed'; message: string }
  | { kind: 'refused'; message: string; products: TResumeRefusal['products'] };

/**
 * "Complete payment" for an unpaid order, on its page (issue 35: the abandoned-checkout reminder
 * links there). The server renews the stock hold and answers where to approve the payment; the
 * buyer goes there as from the checkout, and comes back to `/payresult` the same way. When the
 * hold cannot be renewed (sold out, too old) the server's reason is shown with a link to each
 * product, to order it again; when the order was paid meanwhile, `onPaid` lets the page reload.
 */
export function ResumePayment({ token, onPaid }: { token: string; onPaid?: () => void }) {
  const { t, basePath, language } = useStorefront();
  const [state, setState] = useState<TState>({ kind: 'idle' });
  const sending = useRef(false);

  const resume = async () => {
    if (sending.current) return;
    sending.current = true;
    setState({ kind: 'sending' });
    try {
      const answer = await resumeApi.resume(token);
      // As the checkout does: /payresult's way back to the shop, and "paying" for the cart page.
      writeStorage(sessionStorage, SHOP_PATH_STORAGE_KEY, `${shopHref(basePath)}?lang=${language}`);
      writeStorage(sessionStorage, PAYING_STORAGE_KEY, answer.orderNo);
      leave.to(answer.approveUrl);
    } catch (error) {
      sending.current = false;
      const apiError = error instanceof ApiError ? error : null;
      const message =
        apiError && apiError.code !== NETWORK_ERROR && apiError.message
          ? apiError.message
          : t('common.networkError');
      if (apiError?.code === ORDER_NOT_RESUMABLE) {
        setState({ kind: 'refused', message, products: productsOf(apiError) });
        return;
      }
      setState({ kind: 'failed', message });
      if (apiError?.code === ORDERS_NOT_UNPAID) onPaid?.();
    }
  };

  if (state.kind === 'refused') {
    return (
      <div className="sf-resume">
        <p className="sf-error" role="alert">
          {state.message}
        </p>
        {state.products.length > 0 && (
          <>
            <h3>{t('resume.again')}</h3>
            <ul className="sf-resume-products">
              {state.products.map((product) => (
                <li key={product.productId}>
                  <a className="sf-text-link" href={product.url}>
                    {product.title}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    );
  }
  return (
    <div className="sf-resume">
      <button
        type="button"
        className="sf-button sf-button-primary sf-button-wide"
        disabled={state.kind === 'sending'}
        onClick={() => void resume()}
      >
        {state.kind === 'sending' ? t('checkout.redirecting') : t('resume.pay')}
      </button>
      <p className="sf-muted">{t('resume.note', { minutes: RESUME_HOLD_MINUTES })}</p>
      {state.kind === 'failed' && (
        <p className="sf-error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
