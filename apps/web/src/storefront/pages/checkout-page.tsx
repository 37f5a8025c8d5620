import { newIdempotencyKey } from '../../shared/idempotency-key';
import { isInfoPageKey } from '@linkstore/contract';
import { Fragment, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError, checkoutApi, NETWORK_ERROR } from '../api';
import { lineKey, lineTitle, PAYING_STORAGE_KEY, totalMinor, useCartLines, type TCartStore } from '../cart';
import { readTrafficSources } from '../events';
import { leave, useRestoreScroll } from '../router';
import { writeStorage } from '../storage';
import { infoHref, shopHref, useStorefront } from '../storefront-context';
import { Totals } from './cart-page';
import {
  countryOptions,
  defaultCountry,
  EMPTY_VALUES,
  toCheckoutRequest,
  recheckField,
  validateCheckout,
  type TCheckoutField,
  type TCheckoutValues,
  type TFieldError,
} from './checkout-form';

/** Where `/payresult` (a page of no shop) sends the buyer back to. */
export const SHOP_PATH_STORAGE_KEY = 'storefrontShopPath';

/** Contact, shipping address and the summary; "Pay with PayPal" places the order and leaves to pay. */
export function CheckoutPage() {
  const { cart, slug } = useStorefront();
  useRestoreScroll(true);
  return cart && slug ? <CheckoutForm cart={cart} slug={slug} /> : <EmptyCart />;
}

function EmptyCart() {
  const { t, basePath } = useStorefront();
  return (
    <section className="sf-section">
      <h1>{t('checkout.title')}</h1>
      <p className="sf-status">{t('cart.empty')}</p>
      <a className="sf-text-link" href={shopHref(basePath)}>
        {t('common.continueShopping')}
      </a>
    </section>
  );
}

function CheckoutForm({ cart, slug }: { cart: TCartStore; slug: string }) {
  const { t, basePath, language, locale, price } = useStorefront();
  const lines = useCartLines(cart);
  const [values, setValues] = useState<TCheckoutValues>(() => ({
    ...EMPTY_VALUES,
    countryCode: defaultCountry(navigator.languages),
  }));
  const [errors, setErrors] = useState<Partial<Record<TCheckoutField, TFieldError>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);
  // One key per attempt: a resent request (lost answer, second tap) gets the order already placed.
  const checkoutKey = useRef(newIdempotencyKey());
  const countries = useMemo(() => countryOptions(locale), [locale]);

  if (lines.length === 0) return <EmptyCart />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const found = validateCheckout(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`sf-${first}`)?.focus();
      return;
    }
    sending.current = true;
    setSubmitting(true);
    setServerError(null);
    try {
      const request = toCheckoutRequest(values, {
        shop: slug,
        lines,
        language,
        sources: readTrafficSources(window.location.search),
        checkoutKey: checkoutKey.current,
      });
      const answer = await checkoutApi.checkout(request);
      // Back from paying, the way to the shop keeps the buyer's language.
      writeStorage(sessionStorage, SHOP_PATH_STORAGE_KEY, `${shopHref(basePath)}?lang=${language}`);
      writeStorage(sessionStorage, PAYING_STORAGE_KEY, answer.orderNo);
      leave.to(answer.approveUrl);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      // Refused by the server: the next try is a new attempt. Lost on the way: it may have been
      // placed, so the same key is sent again and answers that order.
      if (apiError && apiError.code !== NETWORK_ERROR) checkoutKey.current = newIdempotencyKey();
      setServerError(
        apiError && apiError.code !== NETWORK_ERROR && apiError.message
          ? apiError.message
          : t('common.networkError'),
      );
      sending.current = false;
      setSubmitting(false);
    }
  };

  const field = (name: TCheckoutField, type: string, autoComplete: string, required = true) => (
    <TextField
      name={name}
      type={type}
      autoComplete={autoComplete}
      required={required}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => {
        const next = { ...values, [name]: value };
        setValues(next);
        setErrors((current) => recheckField(current, next, name));
      }}
    />
  );

  return (
    <section className="sf-section" aria-labelledby="sf-checkout-title">
      <h1 id="sf-checkout-title">{t('checkout.title')}</h1>
      <form className="sf-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <fieldset>
          <legend>{t('checkout.contact')}</legend>
          {field('email', 'email', 'email')}
        </fieldset>
        <fieldset>
          <legend>{t('checkout.shipping')}</legend>
          {field('name', 'text', 'shipping name')}
          {field('line1', 'text', 'shipping address-line1')}
          {field('line2', 'text', 'shipping address-line2', false)}
          {field('city', 'text', 'shipping address-level2')}
          {field('region', 'text', 'shipping address-level1', false)}
          {field('postalCode', 'text', 'shipping postal-code')}
          <div className="sf-field">
            <label htmlFor="sf-countryCode">{t('checkout.fields.countryCode')}</label>
            <select
              id="sf-countryCode"
              autoComplete="shipping country"
              value={values.countryCode}
              onChange={(event) => setValues((current) => ({ ...current, countryCode: event.target.value }))}
            >
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          </div>
          {field('phone', 'tel', 'shipping tel', false)}
        </fieldset>
        <h2>{t('checkout.summary')}</h2>
        <p>
          {t('checkout.itemCount', { count: lines.reduce((sum, line) => sum + line.quantity, 0) })} ·{' '}
          <a className="sf-text-link" href={shopHref(basePath, '/cart')}>
            {t('checkout.editCart')}
          </a>
        </p>
        <ul className="sf-lines sf-summary" aria-label={t('checkout.summary')}>
          {lines.map((line) => (
            <li key={lineKey(line)}>
              <span>
                {lineTitle(line)}
                <span className="sf-muted"> · {t('checkout.quantity', { quantity: line.quantity })}</span>
              </span>
              <span className="sf-price">{price(line.priceMinor * line.quantity)}</span>
            </li>
          ))}
        </ul>
        <Totals cents={totalMinor(lines)} />
        {serverError && (
          <p className="sf-error" role="alert">
            {serverError}
          </p>
        )}
        <button type="submit" className="sf-button sf-button-primary sf-button-wide" disabled={submitting}>
          {submitting ? t('checkout.redirecting') : t('checkout.pay')}
        </button>
        <p className="sf-muted">{t('checkout.payNote')}</p>
        <AcceptTerms />
      </form>
    </section>
  );
}

function TextField(props: {
  name: TCheckoutField;
  type: string;
  autoComplete: string;
  required: boolean;
  value: string;
  error: TFieldError | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useStorefront();
  const id = `sf-${props.name}`;
  const label = t(`checkout.fields.${props.name}`);
  return (
    <div className="sf-field">
      <label htmlFor={id}>{props.required ? label : t('checkout.optional', { label })}</label>
      <input
        id={id}
        type={props.type}
        autoComplete={props.autoComplete}
        required={props.required}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.error && (
        <p id={`${id}-error`} className="sf-field-error">
          {t(`checkout.errors.${props.error}`)}
        </p>
      )}
    </div>
  );
}

/**
 * "By paying you accept the terms of sale, …" next to the pay button, each page a link. The
 * sentence is translated whole; the links take the places of its slots (`{{terms}}`: an
 * information page, named by `checkout.link.<page>`).
 */
function AcceptTerms() {
  const { t, basePath } = useStorefront();
  const parts = t('checkout.acceptTerms').split(/\{\{\s*(\w+)\s*\}\}/);
  return (
    <p className="sf-muted sf-accept">
      {parts.map((part, index) => {
        if (index % 2 === 0 || !isInfoPageKey(part)) return <Fragment key={index}>{part}</Fragment>;
        return (
          <a key={index} className="sf-text-link" href={infoHref(basePath, part)}>
            {t(`checkout.link.${part}`)}
          </a>
        );
      })}
    </p>
  );
}
