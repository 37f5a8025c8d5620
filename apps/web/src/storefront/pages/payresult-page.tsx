import { newIdempotencyKey } from '../../shared/idempotency-key';
import { formatMoney, type TOrderReceipt } from '@linkstore/contract';
import { useEffect, useRef, useState } from 'react';
import { checkoutApi } from '../api';
import { cartFor, PAYING_STORAGE_KEY } from '../cart';
import { Loading } from '../components/status';
import { discountCodeFor } from '../discount-code';
import { OrderLines } from '../components/order-lines';
import { OrderSummary } from '../components/order-summary';
import { readStorage, removeStorage } from '../storage';
import { useStorefront } from '../storefront-context';
import { SHOP_PATH_STORAGE_KEY } from './checkout-page';
import { messageOf } from './payauth-page';

type TState =
  { name: 'capturing' } | { name: 'paid'; receipt: TOrderReceipt } | { name: 'failed'; message: string };

/**
 * Where the payment provider sends the buyer back (`/payresult?order=&token=`): captures the
 * payment and shows the receipt, or what went wrong with a retry. Capturing is idempotent on the
 * server; an order found paid already shows its receipt.
 */
export function PayResultPage() {
  const { t } = useStorefront();
  const [{ orderNo, token }] = useState(() => {
    const query = new URLSearchParams(window.location.search);
    return { orderNo: query.get('order') ?? '', token: query.get('token') ?? '' };
  });
  const [state, setState] = useState<TState>(() =>
    orderNo && token ? { name: 'capturing' } : { name: 'failed', message: t('payresult.missing') },
  );
  const started = useRef(false);
  // Back from paying, whatever the outcome: the cart will not say the payment was cancelled.
  useEffect(() => removeStorage(sessionStorage, PAYING_STORAGE_KEY), []);
  // One capture per visit, "Try again" included: its Idempotency-Key.
  const [captureKey] = useState(newIdempotencyKey);

  const capture = async () => {
    try {
      const receipt = await checkoutApi
        .capture({ orderNo, token }, captureKey)
        .catch(async (error: unknown) => {
          // Paid already (a second tab, the webhook first): the receipt says so.
          const known = await checkoutApi.receipt({ orderNo, token }).catch(() => null);
          if (known && known.status > 0) return known;
          throw error;
        });
      cartFor(receipt.shop.slug).clear();
      // The code did its work: the next order does not ask for it again.
      if (receipt.money.discountCode) discountCodeFor(receipt.shop.slug).keep(null);
      setState({ name: 'paid', receipt });
    } catch (error) {
      setState({ name: 'failed', message: messageOf(error, t('common.networkError')) });
    }
  };
  useEffect(() => {
    if (started.current || !orderNo || !token) return;
    started.current = true;
    void capture();
    // Captures once per visit; "Try again" captures again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const retry = () => {
    setState({ name: 'capturing' });
    void capture();
  };

  if (state.name === 'capturing') {
    return (
      <section className="sf-section sf-narrow">
        <h1>{t('payresult.capturing')}</h1>
        <Loading />
      </section>
    );
  }
  if (state.name === 'failed') {
    return (
      <section className="sf-section sf-narrow" aria-labelledby="sf-result-title">
        <h1 id="sf-result-title">{t('payresult.failed')}</h1>
        <p className="sf-error" role="alert">
          {state.message}
        </p>
        {orderNo && token && (
          <button type="button" className="sf-button sf-button-primary sf-button-wide" onClick={retry}>
            {t('common.retry')}
          </button>
        )}
        <BackToShop slug={null} />
      </section>
    );
  }
  return <Receipt receipt={state.receipt} />;
}

function Receipt({ receipt }: { receipt: TOrderReceipt }) {
  const { t, locale } = useStorefront();
  const money = (cents: number) => formatMoney(cents, receipt.currencyCode, locale);
  // Taken but held by the provider (e.g. under review): paid later without the buyer's help.
  const pending = receipt.status === 0;
  return (
    <section className="sf-section sf-narrow" aria-labelledby="sf-result-title">
      <h1 id="sf-result-title">{pending ? t('payresult.pending') : t('payresult.success')}</h1>
      {pending && <p className="sf-note">{t('payresult.pendingNote')}</p>}
      <p>{t('payresult.orderNo', { orderNo: receipt.orderNo, shop: receipt.shop.name })}</p>
      <OrderLines items={receipt.items} tax={receipt.money.tax} format={money} />
      <OrderSummary money={receipt.money} format={money} />
      {receipt.shipping && (
        <p className="sf-muted">
          {t('payresult.delivery', {
            method: receipt.shipping.method,
            days: t('checkout.days', { min: receipt.shipping.minDays, max: receipt.shipping.maxDays }),
          })}
        </p>
      )}
      <p>{t('payresult.emailSent', { email: receipt.email })}</p>
      <BackToShop slug={receipt.shop.slug} />
    </section>
  );
}

/** Back to the shop the buyer came from (remembered at checkout), else the shop's main-host link. */
function BackToShop({ slug }: { slug: string | null }) {
  const { t } = useStorefront();
  const href = readStorage(sessionStorage, SHOP_PATH_STORAGE_KEY) ?? (slug ? `/s/${slug}` : '/');
  // target="_self": a full load, since this page has no shop data to navigate with in place.
  return (
    <a className="sf-button sf-button-wide" href={href} target="_self">
      {t('common.backToShop')}
    </a>
  );
}
