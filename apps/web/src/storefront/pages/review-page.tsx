import type { TReviewInvite, TReviewInviteRequest } from '@linkstore/contract';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { ApiError, call, NETWORK_ERROR } from '../api';
import { LoadError, Loading } from '../components/status';
import { useRestoreScroll } from '../router';
import { shopHref, useStorefront } from '../storefront-context';
import { useLoad } from '../use-load';

/** The contract's `ErrorCode.REVIEW_LINK_INVALID`, written out as in api.ts (a test checks it). */
export const REVIEW_LINK_INVALID = 'A0690';
/** The contract's `ErrorCode.ALREADY_REVIEWED` (a test checks it). */
export const ALREADY_REVIEWED = 'A0691';

const reviewInvitePath = (token: string) => `/api/v1/public/review-invites/${encodeURIComponent(token)}`;

/**
 * The calls of this page (`reviewInvitesRoutes`; a test checks the paths), here rather than in
 * api.ts: only this lazy chunk needs them, not the shop page's first download.
 */
export const reviewApi = {
  invite: (token: string) => call<TReviewInvite>('GET', reviewInvitePath(token)),
  submit: (token: string, review: TReviewInviteRequest) =>
    call<null>('POST', reviewInvitePath(token), review),
};

export const NAME_MAX = 64;
export const BODY_MAX = 2000;

export type TReviewField = 'rating' | 'authorName' | 'body';
export type TReviewError = 'rating' | 'required' | 'tooLong';
export interface TReviewValues {
  rating: number;
  authorName: string;
  body: string;
}

/** What the form refuses before sending, per field (the server checks the same again). */
export function validateReview(values: TReviewValues): Partial<Record<TReviewField, TReviewError>> {
  const errors: Partial<Record<TReviewField, TReviewError>> = {};
  if (!(values.rating >= 1 && values.rating <= 5)) errors.rating = 'rating';
  const name = values.authorName.trim();
  if (name === '') errors.authorName = 'required';
  else if (name.length > NAME_MAX) errors.authorName = 'tooLong';
  const body = values.body.trim();
  if (body === '') errors.body = 'required';
  else if (body.length > BODY_MAX) errors.body = 'tooLong';
  return errors;
}

/**
 * The review page of one order item, opened from the invitation mail's link: the product, 1–5
 * stars, the buyer's name and text. The review waits for moderation, then shows as a verified
 * purchase on the product page.
 */
export function ReviewPage({ token }: { token: string }) {
  const { t } = useStorefront();
  const fetchInvite = useCallback(() => reviewApi.invite(token), [token]);
  const { data: invite, error, retry } = useLoad(fetchInvite);
  const [sent, setSent] = useState(false);
  useRestoreScroll(invite !== null || error !== null);

  if (error instanceof ApiError && error.code === REVIEW_LINK_INVALID) {
    return <ReviewNote title={t('review.invalid')} body={error.message || t('review.invalidBody')} />;
  }
  if (error) return <LoadError message={t('review.loadFailed')} onRetry={retry} />;
  if (!invite) return <Loading />;
  if (sent) return <ReviewNote title={t('review.thanks')} body={t('review.thanksBody')} invite={invite} />;
  if (invite.reviewed) {
    return <ReviewNote title={t('review.already')} body={t('review.alreadyBody')} invite={invite} />;
  }
  return <ReviewForm token={token} invite={invite} onSent={() => setSent(true)} />;
}

/** A page with a heading, a sentence and the ways on: the product (when known) and the shop. */
function ReviewNote({ title, body, invite }: { title: string; body: string; invite?: TReviewInvite }) {
  const { t, basePath } = useStorefront();
  return (
    <section className="sf-section" aria-labelledby="sf-review-title">
      <h1 id="sf-review-title">{title}</h1>
      <p role="status">{body}</p>
      {invite && (
        <p>
          <a className="sf-text-link" href={shopHref(basePath, `/p/${invite.product.id}`)}>
            {t('review.toProduct', { title: invite.product.title })}
          </a>
        </p>
      )}
      <a className="sf-button" href={shopHref(basePath)}>
        {t('common.backToShop')}
      </a>
    </section>
  );
}

function ReviewForm({ token, invite, onSent }: { token: string; invite: TReviewInvite; onSent: () => void }) {
  const { t } = useStorefront();
  const [values, setValues] = useState<TReviewValues>({ rating: 0, authorName: '', body: '' });
  const [errors, setErrors] = useState<Partial<Record<TReviewField, TReviewError>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);

  const change = (next: TReviewValues, field: TReviewField) => {
    setValues(next);
    // A field's error clears as soon as the field is right.
    setErrors((current) => {
      if (!current[field] || validateReview(next)[field]) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const found = validateReview(values);
    setErrors(found);
    const first = (['rating', 'authorName', 'body'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(first === 'rating' ? 'sf-rating-1' : `sf-${first}`)?.focus();
      return;
    }
    sending.current = true;
    setSubmitting(true);
    setServerError(null);
    try {
      await reviewApi.submit(token, {
        rating: values.rating,
        authorName: values.authorName.trim(),
        body: values.body.trim(),
      });
      onSent();
    } catch (error) {
      const apiError = error instanceof ApiError && error.code !== NETWORK_ERROR ? error : null;
      setServerError(apiError?.message || t('common.networkError'));
      // Reviewed already (another tab): nothing more to send from here.
      if (apiError?.code !== ALREADY_REVIEWED) sending.current = false;
      setSubmitting(false);
    }
  };

  const describedBy = (field: TReviewField) => (errors[field] ? `sf-${field}-error` : undefined);
  const fieldError = (field: TReviewField) =>
    errors[field] && (
      <p id={`sf-${field}-error`} className="sf-field-error">
        {t(`review.errors.${errors[field]}`)}
      </p>
    );

  return (
    <section className="sf-section" aria-labelledby="sf-review-title">
      <h1 id="sf-review-title">{t('review.title')}</h1>
      <div className="sf-review-product">
        {invite.product.imageUrl && <img src={invite.product.imageUrl} alt="" width={64} height={64} />}
        <div>
          <p className="sf-review-product-title">{invite.product.title}</p>
          <p className="sf-muted">{t('review.order', { orderNo: invite.orderNo, shop: invite.shop.name })}</p>
        </div>
      </div>
      <form className="sf-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <fieldset aria-describedby={describedBy('rating')}>
          <legend>{t('review.rating')}</legend>
          <div className="sf-star-picker">
            {[1, 2, 3, 4, 5].map((stars) => (
              <label key={stars} className="sf-star-choice">
                <input
                  id={`sf-rating-${stars}`}
                  type="radio"
                  name="rating"
                  className="sf-visually-hidden"
                  value={stars}
                  checked={values.rating === stars}
                  aria-invalid={errors.rating ? true : undefined}
                  onChange={() => change({ ...values, rating: stars }, 'rating')}
                />
                <span aria-hidden="true" className={stars <= values.rating ? 'sf-star-on' : 'sf-star-off'}>
                  {stars <= values.rating ? '★' : '☆'}
                </span>
                <span className="sf-visually-hidden">{t('reviews.stars', { count: stars })}</span>
              </label>
            ))}
          </div>
          {values.rating > 0 && (
            <p className="sf-muted" aria-hidden="true">
              {t('reviews.stars', { count: values.rating })}
            </p>
          )}
          {fieldError('rating')}
        </fieldset>
        <div className="sf-field">
          <label htmlFor="sf-authorName">{t('review.name')}</label>
          <input
            id="sf-authorName"
            type="text"
            autoComplete="given-name"
            maxLength={NAME_MAX}
            value={values.authorName}
            aria-invalid={errors.authorName ? true : undefined}
            aria-describedby={describedBy('authorName')}
            onChange={(event) => change({ ...values, authorName: event.target.value }, 'authorName')}
          />
          {fieldError('authorName')}
        </div>
        <div className="sf-field">
          <label htmlFor="sf-body">{t('review.body')}</label>
          <textarea
            id="sf-body"
            rows={5}
            maxLength={BODY_MAX}
            value={values.body}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={describedBy('body')}
            onChange={(event) => change({ ...values, body: event.target.value }, 'body')}
          />
          {fieldError('body')}
        </div>
        <p className="sf-muted">{t('review.moderated')}</p>
        {serverError && (
          <p className="sf-error" role="alert">
            {serverError}
          </p>
        )}
        <button type="submit" className="sf-button sf-button-primary sf-button-wide" disabled={submitting}>
          {submitting ? t('review.sending') : t('review.submit')}
        </button>
      </form>
    </section>
  );
}
