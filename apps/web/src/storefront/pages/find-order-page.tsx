import type { TFindOrderRequest } from '@linkstore/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, call, NETWORK_ERROR } from '../api';
import { useRestoreScroll } from '../router';
import { shopHref, useStorefront } from '../storefront-context';

/**
 * The call of this page (`buyerOrderRoutes.find`; a test checks the path), here rather than in
 * api.ts: only this lazy chunk needs it, not the shop page's first download.
 */
export const findOrderApi = {
  find: (request: TFindOrderRequest) =>
    call<{ accepted: true }>('POST', '/api/v1/public/orders/find', request),
};

export type TFindOrderField = 'orderNo' | 'email';
export type TFindOrderError = 'required' | 'orderNo' | 'email';

/** The contract's ZOrderNo, in either case: the server upper-cases what the buyer typed. */
const ORDER_NO = /^[A-Za-z0-9-]{6,32}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254;

/** What the form refuses before sending, per field (the server checks the same again). */
export function validateFindOrder(
  values: TFindOrderRequest,
): Partial<Record<TFindOrderField, TFindOrderError>> {
  const errors: Partial<Record<TFindOrderField, TFindOrderError>> = {};
  const orderNo = values.orderNo.trim();
  if (orderNo === '') errors.orderNo = 'required';
  else if (!ORDER_NO.test(orderNo)) errors.orderNo = 'orderNo';
  const email = values.email.trim();
  if (email === '') errors.email = 'required';
  else if (!EMAIL.test(email) || email.length > EMAIL_MAX) errors.email = 'email';
  return errors;
}

const FIELDS: readonly TFindOrderField[] = ['orderNo', 'email'];

/**
 * "Find my order": the order number and the address it was bought with. The order's link is
 * mailed to that address, never shown here, and the answer is the same whether or not such an
 * order exists, so the page tells nobody which orders there are.
 */
export function FindOrderPage() {
  const { t, basePath } = useStorefront();
  const [values, setValues] = useState<TFindOrderRequest>({ orderNo: '', email: '' });
  // Each field's message: the form's own, translated, or the server's for a refused request.
  const [errors, setErrors] = useState<Partial<Record<TFindOrderField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const sending = useRef(false);
  const confirmation = useRef<HTMLParagraphElement>(null);
  useRestoreScroll(true);
  // The form goes once sent: the focus moves to what took its place.
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  const messagesOf = (found: Partial<Record<TFindOrderField, TFindOrderError>>) =>
    Object.fromEntries(
      Object.entries(found).map(([field, error]) => [field, t(`findOrder.errors.${error}`)]),
    ) as Partial<Record<TFindOrderField, string>>;

  const change = (field: TFindOrderField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // A field's error clears as soon as the field is right.
    setErrors((current) => {
      if (!current[field] || validateFindOrder(next)[field]) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const found = validateFindOrder(values);
    setErrors(messagesOf(found));
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`sf-find-${first}`)?.focus();
      return;
    }
    sending.current = true;
    setSubmitting(true);
    setServerError(null);
    try {
      // As typed: the server trims and normalizes the case of both.
      await findOrderApi.find(values);
      setSent(true);
    } catch (error) {
      const apiError = error instanceof ApiError && error.code !== NETWORK_ERROR ? error : null;
      const refused = (apiError?.fields ?? []).filter((f): f is { field: TFindOrderField; message: string } =>
        (FIELDS as readonly string[]).includes(f.field),
      );
      if (refused.length > 0) {
        setErrors(Object.fromEntries(refused.map((f) => [f.field, f.message])));
        document.getElementById(`sf-find-${refused[0]?.field}`)?.focus();
      } else {
        // Asked too often (the server's message says so), or no answer at all.
        setServerError(apiError?.message || t('common.networkError'));
      }
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  const describedBy = (field: TFindOrderField, hint?: string) =>
    [hint, errors[field] ? `sf-find-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: TFindOrderField) =>
    errors[field] && (
      <p id={`sf-find-${field}-error`} className="sf-field-error">
        {errors[field]}
      </p>
    );

  return (
    <section className="sf-section sf-narrow" aria-labelledby="sf-find-title">
      <h1 id="sf-find-title">{t('findOrder.title')}</h1>
      {/* There before the answer, so screen readers announce what comes into it. */}
      <div role="status">
        {sent && (
          <p ref={confirmation} tabIndex={-1} className="sf-notice">
            {t('findOrder.sent')}
          </p>
        )}
      </div>
      {!sent && (
        <>
          <p>{t('findOrder.intro')}</p>
          <form className="sf-form" noValidate onSubmit={(event) => void onSubmit(event)}>
            <div className="sf-field">
              <label htmlFor="sf-find-orderNo">{t('findOrder.orderNo')}</label>
              <input
                id="sf-find-orderNo"
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={32}
                value={values.orderNo}
                aria-invalid={errors.orderNo ? true : undefined}
                aria-describedby={describedBy('orderNo', 'sf-find-orderNo-hint')}
                onChange={(event) => change('orderNo', event.target.value)}
              />
              <p id="sf-find-orderNo-hint" className="sf-muted sf-field-hint">
                {t('findOrder.orderNoHint')}
              </p>
              {fieldError('orderNo')}
            </div>
            <div className="sf-field">
              <label htmlFor="sf-find-email">{t('findOrder.email')}</label>
              <input
                id="sf-find-email"
                type="email"
                inputMode="email"
                autoComplete="email"
                spellCheck={false}
                maxLength={EMAIL_MAX}
                value={values.email}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy('email')}
                onChange={(event) => change('email', event.target.value)}
              />
              {fieldError('email')}
            </div>
            {serverError && (
              <p className="sf-error" role="alert">
                {serverError}
              </p>
            )}
            <button
              type="submit"
              className="sf-button sf-button-primary sf-button-wide"
              disabled={submitting}
            >
              {submitting ? t('findOrder.sending') : t('findOrder.submit')}
            </button>
          </form>
        </>
      )}
      <a className="sf-button sf-button-wide" href={shopHref(basePath)}>
        {t('common.backToShop')}
      </a>
    </section>
  );
}
