import { formatMoney, type TBuyerOrder, type TBuyerOrderStep } from '@linkstore/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiError, call } from '../api';
import { OrderLines } from '../components/order-lines';
import { OrderSummary } from '../components/order-summary';
import { LoadError, Loading } from '../components/status';
import { useRestoreScroll } from '../router';
import { shopHref, useStorefront } from '../storefront-context';
import { useLoad } from '../use-load';
import { ResumePayment } from '../components/resume-payment';
import { CancelOrder, ChangeAddress } from './order-self-service';
import { ReportProblem } from './report-problem';

/** The contract's `ErrorCode.ORDER_LINK_INVALID`, written out as in api.ts (a test checks it). */
export const ORDER_LINK_INVALID = 'A0692';

/**
 * The call of this page (`buyerOrderRoutes.order`; a test checks the path), here rather than in
 * api.ts: only this lazy chunk needs it, not the shop page's first download.
 */
export const orderApi = {
  order: (token: string) =>
    call<TBuyerOrder>('GET', `/api/v1/public/orders/by-link/${encodeURIComponent(token)}`),
};

/**
 * The buyer's order page, opened from the signed link in every buyer mail (no account): where the
 * order is, its steps, what was bought and paid, where it goes. A link that does not verify shows
 * nothing of any order, only the way to ask for a new one.
 */
export function OrderPage({ token }: { token: string }) {
  const { t } = useStorefront();
  const fetchOrder = useCallback(() => orderApi.order(token), [token]);
  const { data: order, error, retry } = useLoad(fetchOrder);
  useRestoreScroll(order !== null || error !== null);

  if (error instanceof ApiError && error.code === ORDER_LINK_INVALID) {
    return <InvalidLink message={error.message || t('order.invalidBody')} />;
  }
  if (error) return <LoadError message={t('order.loadFailed')} onRetry={retry} />;
  if (!order) return <Loading />;
  return <OrderDetails token={token} loaded={order} onReload={retry} />;
}

/** A tampered or expired link: the server's reason and Find my order, which mails a fresh one. */
function InvalidLink({ message }: { message: string }) {
  const { t, basePath } = useStorefront();
  return (
    <section className="sf-section sf-narrow" aria-labelledby="sf-order-title">
      <h1 id="sf-order-title">{t('order.invalid')}</h1>
      <p>{message}</p>
      <a className="sf-button sf-button-primary sf-button-wide" href={shopHref(basePath, '/orders/find')}>
        {t('findOrder.title')}
      </a>
      <a className="sf-button sf-button-wide" href={shopHref(basePath)}>
        {t('common.backToShop')}
      </a>
    </section>
  );
}

/**
 * The order with what its buyer can still do (decision 0058): change the address or cancel, each
 * in a panel opened by its button, only while the server says they may.
 */
function OrderDetails({
  token,
  loaded,
  onReload,
}: {
  token: string;
  loaded: TBuyerOrder;
  onReload: () => void;
}) {
  const { t, locale, basePath } = useStorefront();
  // The address change answers the order as it is now; a cancellation loads it again.
  const [changed, setChanged] = useState<TBuyerOrder | null>(null);
  const order = changed?.orderNo === loaded.orderNo ? changed : loaded;
  const [panel, setPanel] = useState<'address' | 'cancel' | null>(null);
  const [done, setDone] = useState<'address' | null>(null);
  const addressButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const close = (which: 'address' | 'cancel') => {
    setPanel(null);
    // Back to the button that opened it, after React removed the panel.
    requestAnimationFrame(() => (which === 'address' ? addressButton : cancelButton).current?.focus());
  };
  // As charged: the order's own currency, not the buyer's display currency of today.
  const money = (minor: number) => formatMoney(minor, order.currencyCode, locale);
  const day = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }), [locale]);
  const { address } = order;
  const country = useMemo(
    () => new Intl.DisplayNames([locale], { type: 'region' }).of(address.countryCode) ?? address.countryCode,
    [locale, address.countryCode],
  );
  return (
    <section className="sf-section sf-narrow sf-order" aria-labelledby="sf-order-title">
      <h1 id="sf-order-title">{t('order.title', { orderNo: order.orderNo, shop: order.shop.name })}</h1>
      <p className="sf-notice">{t(`order.stage.${order.stage}`)}</p>
      {/* Unpaid (the abandoned-checkout reminder links here): pay now, if the stock can be held again. */}
      {order.stage === 'unpaid' && <ResumePayment token={token} onPaid={onReload} />}

      <h2>{t('order.progress')}</h2>
      <ol className="sf-timeline">
        {order.steps.map((step, index) => (
          // Two refunds may share a kind and a second: the place in the list tells them apart.
          <Step key={`${step.kind}-${index}`} step={step} money={money} />
        ))}
      </ol>

      <h2>{t('order.items')}</h2>
      <OrderLines items={order.items} tax={order.money.tax} format={money} />
      <OrderSummary money={order.money} format={money} />
      {order.refundedMinor > 0 && (
        <dl className="sf-money-rows">
          <div className="sf-money-row sf-money-refunded">
            <dt>{t('order.refunded')}</dt>
            <dd>{`−${money(order.refundedMinor)}`}</dd>
          </div>
        </dl>
      )}

      {/* Once shipped: report a problem with a line, and the buyer's cases (decision 0061). */}
      <ReportProblem token={token} order={order} />

      <h2>{t('order.delivery')}</h2>
      {order.shipping && (
        <p>
          {t('payresult.delivery', {
            method: order.shipping.method,
            days: t('checkout.days', { min: order.shipping.minDays, max: order.shipping.maxDays }),
          })}
        </p>
      )}
      <h3>{t('order.address')}</h3>
      {done === 'address' && (
        <p className="sf-notice" role="status">
          {t('order.changeAddress.done')}
        </p>
      )}
      <address className="sf-address">
        {[
          address.name,
          address.line1,
          address.line2,
          address.city,
          [address.region, address.postalCode].filter(Boolean).join(' '),
          country,
        ]
          .filter(Boolean)
          .map((line, index) => (
            <span key={index}>{line}</span>
          ))}
      </address>
      {order.can.changeAddress && panel !== 'address' && (
        <button
          ref={addressButton}
          type="button"
          className="sf-button sf-button-wide"
          onClick={() => {
            setDone(null);
            setPanel('address');
          }}
        >
          {t('order.changeAddress.open')}
        </button>
      )}
      {order.can.changeAddress && panel === 'address' && (
        <ChangeAddress
          token={token}
          order={order}
          country={country}
          onChanged={(next) => {
            setChanged(next);
            setDone('address');
            close('address');
          }}
          onClose={() => close('address')}
        />
      )}
      <p>{t('order.email', { email: order.email })}</p>

      {order.can.cancel && (
        <>
          <h2>{t('order.cancel.heading')}</h2>
          <p className="sf-muted">{t('order.cancel.hint')}</p>
          {panel === 'cancel' ? (
            <CancelOrder
              token={token}
              refundMinor={order.money.totalMinor - order.refundedMinor}
              format={money}
              onCancelled={onReload}
              onClose={() => close('cancel')}
            />
          ) : (
            <button
              ref={cancelButton}
              type="button"
              className="sf-button sf-button-wide"
              onClick={() => setPanel('cancel')}
            >
              {t('order.cancel.open')}
            </button>
          )}
        </>
      )}

      <p className="sf-muted">
        {t('order.linkExpires', { date: day.format(new Date(order.linkExpiresAt)) })}
      </p>
      <a className="sf-button sf-button-wide" href={shopHref(basePath)}>
        {t('common.backToShop')}
      </a>
    </section>
  );
}

/** One step of the timeline: what happened, when, and for a shipment how to follow it. */
function Step({ step, money }: { step: TBuyerOrderStep; money: (minor: number) => string }) {
  const { t, locale } = useStorefront();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(step.at),
  );
  const pending = step.kind === 'refunded' && step.status === 'pending';
  let title: string;
  if (step.kind === 'shipped') {
    const carrier = step.shipment.carrier;
    const name = t(`order.carriers.${carrier}`);
    // A carrier without a name of its own ('other', or one added later) is left unnamed.
    title =
      name === `order.carriers.${carrier}`
        ? t('order.steps.shippedOther')
        : t('order.steps.shipped', { carrier: name });
  } else if (step.kind === 'refunded') {
    title = t(pending ? 'order.steps.refundPending' : 'order.steps.refunded', {
      amount: money(step.amountMinor),
    });
  } else {
    title = t(`order.steps.${step.kind}`);
  }
  return (
    <li className={pending ? 'sf-step sf-step-pending' : 'sf-step'}>
      <p className="sf-step-title">{title}</p>
      <p className="sf-muted">
        <time dateTime={step.at}>{when}</time>
      </p>
      {step.kind === 'shipped' && (
        <>
          <p>{t('order.trackingNo', { trackingNo: step.shipment.trackingNo })}</p>
          {step.shipment.trackingUrl && (
            <a
              className="sf-text-link"
              href={step.shipment.trackingUrl}
              target="_blank"
              rel="noreferrer noopener"
            >
              {t('order.track')}
              <span className="sf-visually-hidden"> {t('order.newTab')}</span>
            </a>
          )}
        </>
      )}
    </li>
  );
}
