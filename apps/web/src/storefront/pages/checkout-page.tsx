import { newIdempotencyKey } from '../../shared/idempotency-key';
import {
  isInfoPageKey,
  regionsOf,
  type TRegion,
  shownUnitPrice,
  type TCheckoutQuote,
  type TCheckoutQuoteRequest,
  type TDiscountQuote,
} from '@linkstore/contract';
import { Fragment, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError, checkoutApi, NETWORK_ERROR } from '../api';
import { lineKey, lineTitle, PAYING_STORAGE_KEY, useCartLines, type TCartStore } from '../cart';
import { discountCodeFor, normalizeCode, useKeptCode, type TDiscountCodeStore } from '../discount-code';
import { readTrafficSources } from '../events';
import { leave, useRestoreScroll } from '../router';
import { writeStorage } from '../storage';
import { infoHref, shopHref, useStorefront } from '../storefront-context';
import { keepShipTo, shipToCountry } from '../ship-to';
import { OrderSummary } from '../components/order-summary';
import { MarketingConsent } from '../components/marketing-consent';
import { TextField } from '../components/text-field';
import { Charged } from './cart-page';
import {
  appliedCode,
  countryOptions,
  EMPTY_VALUES,
  quoteEmail,
  toCheckoutRequest,
  recheckField,
  withCountry,
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
    countryCode: shipToCountry(),
  }));
  const [errors, setErrors] = useState<Partial<Record<TCheckoutField, TFieldError>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // "Email me news and offers": unticked until the buyer ticks it.
  const [marketingConsent, setMarketingConsent] = useState(false);
  const sending = useRef(false);
  // One key per attempt: a resent request (lost answer, second tap) gets the order already placed.
  const checkoutKey = useRef(newIdempotencyKey());
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const [methodId, setMethodId] = useState<string | undefined>(undefined);
  const codes = discountCodeFor(slug);
  const kept = useKeptCode(codes)?.code ?? null;
  // The server's reason for refusing the code when the order was placed.
  const [codeError, setCodeError] = useState<string | null>(null);
  const quote = useQuote(slug, lines, values.countryCode, values.region, methodId, {
    discountCode: kept ?? undefined,
    // Only with a code: its uses per email are what the email changes.
    email: kept ? quoteEmail(values.email) : undefined,
  });

  if (lines.length === 0) return <EmptyCart />;
  const notShipped = quote.answer?.shippable === false;
  const regions = regionsOf(values.countryCode);
  // The buyer's pick shows at once (the totals follow when the quote for it is back); a method the
  // address no longer offers gives way to the quote's.
  const chosenMethod = quote.answer?.methods.some((m) => m.methodId === methodId)
    ? methodId
    : (quote.answer?.shippingMethodId ?? undefined);

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
        shippingMethodId: chosenMethod,
        discountCode: appliedCode(quote.answer, kept),
        marketingConsent,
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
      const codeRefused = apiError?.fields.find((f) => f.field === 'discountCode')?.message;
      if (codeRefused) {
        // Refused since the quote (used up meanwhile…): said on the field, the totals asked again.
        setCodeError(codeRefused);
        quote.retry();
        document.getElementById('sf-discountCode')?.focus();
      } else {
        setServerError(
          apiError && apiError.code !== NETWORK_ERROR && apiError.message
            ? apiError.message
            : t('common.networkError'),
        );
      }
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
          <MarketingConsent checked={marketingConsent} onChange={setMarketingConsent} />
        </fieldset>
        <fieldset>
          <legend>{t('checkout.shipping')}</legend>
          {field('name', 'text', 'shipping name')}
          {field('line1', 'text', 'shipping address-line1')}
          {field('line2', 'text', 'shipping address-line2', false)}
          {field('city', 'text', 'shipping address-level2')}
          {regions.length > 0 ? (
            <RegionSelect
              regions={regions}
              value={values.region}
              error={errors.region}
              onChange={(region) => {
                const next = { ...values, region };
                setValues(next);
                setErrors((current) => recheckField(current, next, 'region'));
              }}
            />
          ) : (
            field('region', 'text', 'shipping address-level1', false)
          )}
          {field('postalCode', 'text', 'shipping postal-code')}
          <div className="sf-field">
            <label htmlFor="sf-countryCode">{t('checkout.fields.countryCode')}</label>
            <select
              id="sf-countryCode"
              autoComplete="shipping country"
              value={values.countryCode}
              onChange={(event) => {
                const countryCode = event.target.value;
                keepShipTo(countryCode);
                setValues((current) => withCountry(current, countryCode));
              }}
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
        <ShippingMethods
          quote={quote.answer}
          chosen={chosenMethod}
          country={countries.find((c) => c.code === values.countryCode)?.name ?? values.countryCode}
          onPick={setMethodId}
        />
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
              <span className="sf-price">
                {price(shownUnitPrice(line.priceMinor, quote.answer?.tax ?? null) * line.quantity)}
              </span>
            </li>
          ))}
        </ul>
        <DiscountField
          store={codes}
          kept={kept}
          discount={quote.answer?.discount ?? null}
          error={codeError}
          onChange={() => setCodeError(null)}
        />
        {quote.answer ? (
          <OrderSummary
            money={quote.answer}
            shippingFree={
              quote.answer.methods.find((m) => m.methodId === quote.answer?.shippingMethodId)?.free
            }
          />
        ) : (
          <p className="sf-muted" role="status">
            {quote.failed ? t('checkout.quoteFailed') : t('checkout.quoting')}{' '}
            {quote.failed && (
              <button type="button" className="sf-link-button" onClick={quote.retry}>
                {t('common.retry')}
              </button>
            )}
          </p>
        )}
        {quote.answer && <Charged cents={quote.answer.totalMinor} />}
        {serverError && (
          <p className="sf-error" role="alert">
            {serverError}
          </p>
        )}
        <button
          type="submit"
          className="sf-button sf-button-primary sf-button-wide"
          disabled={submitting || notShipped || !quote.answer}
        >
          {submitting ? t('checkout.redirecting') : t('checkout.pay')}
        </button>
        <p className="sf-muted">{t('checkout.payNote')}</p>
        <AcceptTerms />
      </form>
    </section>
  );
}

/**
 * The checkout's quote for the cart shipped to the country (and region) in the form: asked again
 * whenever they, the cart or the method change (a region being typed waits for a pause); the
 * answer to an older question is dropped.
 */
function useQuote(
  slug: string,
  lines: ReturnType<typeof useCartLines>,
  countryCode: string,
  region: string,
  methodId: string | undefined,
  code: Pick<TCheckoutQuoteRequest, 'discountCode' | 'email'>,
): { answer: TCheckoutQuote | null; failed: boolean; retry: () => void } {
  const [state, setState] = useState<{ answer: TCheckoutQuote | null; failed: boolean }>({
    answer: null,
    failed: false,
  });
  const [attempt, setAttempt] = useState(0);
  const items = lines.map((line) => ({
    productId: line.productId,
    ...(line.variantId ? { variantId: line.variantId } : {}),
    quantity: line.quantity,
  }));
  const question = JSON.stringify({ countryCode, region: region.trim(), items, methodId, ...code });
  useEffect(() => {
    let current = true;
    const asked = JSON.parse(question) as {
      countryCode: string;
      region: string;
      items: TCheckoutQuoteRequest['items'];
      methodId?: string;
      discountCode?: string;
      email?: string;
    };
    const timer = window.setTimeout(() => {
      checkoutApi
        .quote({
          shop: slug,
          countryCode: asked.countryCode,
          ...(asked.region ? { region: asked.region } : {}),
          items: asked.items,
          ...(asked.methodId ? { shippingMethodId: asked.methodId } : {}),
          ...(asked.discountCode ? { discountCode: asked.discountCode } : {}),
          ...(asked.email ? { email: asked.email } : {}),
        })
        .then((answer) => current && setState({ answer, failed: false }))
        // No figures for another address stay on screen (nor let the buyer pay on them).
        .catch(() => current && setState({ answer: null, failed: true }));
    }, 250);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [slug, question, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

/** The methods offered where the order ships, or why nothing ships there. */
function ShippingMethods(props: {
  quote: TCheckoutQuote | null;
  chosen: string | undefined;
  country: string;
  onPick: (methodId: string) => void;
}) {
  const { t, price } = useStorefront();
  const { quote } = props;
  if (quote && !quote.shippable) {
    return (
      <p className="sf-error" role="alert">
        {t('checkout.notShipped', { country: props.country })}
      </p>
    );
  }
  if (!quote || quote.methods.length === 0) return null;
  return (
    <fieldset>
      <legend>{t('checkout.method')}</legend>
      <div className="sf-methods">
        {quote.methods.map((method) => {
          const id = `sf-method-${method.methodId}`;
          const cost = method.costMinor === 0 ? t('money.rows.free') : price(method.costMinor);
          const days = t('checkout.days', { min: method.minDays, max: method.maxDays });
          return (
            <span key={method.methodId} className="sf-choice">
              <input
                type="radio"
                id={id}
                name="sf-method"
                value={method.methodId}
                checked={props.chosen === method.methodId}
                onChange={() => props.onPick(method.methodId)}
              />
              <label htmlFor={id}>
                <span>
                  <strong>{method.name}</strong> <span className="sf-muted">{days}</span>
                </span>
                <span>{cost}</span>
              </label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The discount code: pre-filled with the one kept (a shop's link, an earlier visit), applied for
 * the quote to judge; why it does not apply, or that part of it could not, under it.
 */
function DiscountField(props: {
  store: TDiscountCodeStore;
  kept: string | null;
  discount: TDiscountQuote | null;
  error: string | null;
  onChange: () => void;
}) {
  const { t, price } = useStorefront();
  const { store, kept } = props;
  // What the buyer is typing; null: the field shows the code kept.
  const [draft, setDraft] = useState<string | null>(null);
  const [malformed, setMalformed] = useState(false);
  const text = draft ?? kept ?? '';
  // The quote's answer about the code kept (not an earlier one still on screen).
  const answer = props.discount?.code === kept ? props.discount : null;
  const edit = (next: string | null) => {
    setDraft(next);
    props.onChange();
  };
  const keep = (code: string | null) => {
    store.keep(code);
    edit(null);
  };
  const apply = () => {
    const code = normalizeCode(text);
    setMalformed(code === null);
    if (code) keep(code);
  };
  const error = malformed
    ? t('discount.refusals.unknown')
    : (props.error ??
      (answer?.refusal
        ? t(`discount.refusals.${answer.refusal}`, { amount: price(answer.minOrderMinor ?? 0) })
        : null));
  return (
    <div className="sf-field">
      <label htmlFor="sf-discountCode">{t('discount.label')}</label>
      <div className="sf-search">
        <input
          id="sf-discountCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby="sf-discountCode-status"
          onChange={(event) => {
            setMalformed(false);
            edit(event.target.value);
          }}
          // Enter applies the code; it does not pay.
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            apply();
          }}
        />
        {kept !== null && draft === null ? (
          <button type="button" className="sf-button" onClick={() => keep(null)}>
            {t('discount.remove')}
          </button>
        ) : (
          <button type="button" className="sf-button" disabled={text.trim() === ''} onClick={apply}>
            {t('discount.apply')}
          </button>
        )}
      </div>
      <div id="sf-discountCode-status" aria-live="polite">
        {error && <p className="sf-field-error">{error}</p>}
        {!error && answer?.capped && !answer.refusal && <p className="sf-muted">{t('discount.capped')}</p>}
      </div>
    </div>
  );
}

/** The state, province or territory, from the country's list (its taxes differ by it). */
function RegionSelect(props: {
  regions: readonly TRegion[];
  value: string;
  error: TFieldError | undefined;
  onChange: (region: string) => void;
}) {
  const { t } = useStorefront();
  return (
    <div className="sf-field">
      <label htmlFor="sf-region">{t('checkout.fields.region')}</label>
      <select
        id="sf-region"
        autoComplete="shipping address-level1"
        required
        value={props.value.toUpperCase()}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? 'sf-region-error' : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{t('checkout.chooseRegion')}</option>
        {props.regions.map((region) => (
          <option key={region.code} value={region.code}>
            {region.name}
          </option>
        ))}
      </select>
      {props.error && (
        <p id="sf-region-error" className="sf-field-error">
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
