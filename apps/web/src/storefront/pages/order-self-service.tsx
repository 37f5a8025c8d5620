import type { TBuyerOrder, TCancelOrderAnswer, TShippingAddress } from '@linkstore/contract';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, call, NETWORK_ERROR } from '../api';
import { TextField } from '../components/text-field';
import { useStorefront } from '../storefront-context';
import {
  EMPTY_VALUES,
  recheckField,
  validateCheckout,
  type TCheckoutField,
  type TCheckoutValues,
  type TFieldError,
} from './checkout-form';

/**
 * The calls of the order page's self-service (`buyerOrderRoutes.cancel` and `.changeAddress`; a
 * test checks the paths), in this lazy chunk with the page that uses them.
 */
export const selfServiceApi = {
  cancel: (token: string) =>
    call<TCancelOrderAnswer>('POST', `/api/v1/public/orders/by-link/${encodeURIComponent(token)}/cancel`),
  changeAddress: (token: string, address: TShippingAddress) =>
    call<TBuyerOrder>('POST', `/api/v1/public/orders/by-link/${encodeURIComponent(token)}/address`, {
      address,
    }),
};

/** The fields a buyer may change: the country and the region stay (they decide shipping and tax). */
const EDITABLE = ['name', 'line1', 'line2', 'city', 'postalCode', 'phone'] as const;
type TEditable = (typeof EDITABLE)[number];

const AUTOCOMPLETE: Record<TEditable, [type: string, autoComplete: string, required: boolean]> = {
  name: ['text', 'shipping name', true],
  line1: ['text', 'shipping address-line1', true],
  line2: ['text', 'shipping address-line2', false],
  city: ['text', 'shipping address-level2', true],
  postalCode: ['text', 'shipping postal-code', true],
  phone: ['tel', 'shipping tel', false],
};

const valuesOf = (address: TShippingAddress): TCheckoutValues => ({
  ...EMPTY_VALUES,
  name: address.name,
  line1: address.line1,
  line2: address.line2 ?? '',
  city: address.city,
  region: address.region ?? '',
  postalCode: address.postalCode,
  countryCode: address.countryCode,
  phone: address.phone ?? '',
});

/** The address to send: the country and region as they were, optional fields left empty not sent. */
function addressOf(values: TCheckoutValues, before: TShippingAddress): TShippingAddress {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    name: values.name.trim(),
    line1: values.line1.trim(),
    line2: optional(values.line2),
    city: values.city.trim(),
    region: before.region,
    postalCode: values.postalCode.trim(),
    countryCode: before.countryCode,
    phone: optional(values.phone),
  };
}

/** The editable fields' problems only (the form has no email, and the region is not asked). */
function problemsOf(values: TCheckoutValues): Partial<Record<TCheckoutField, TFieldError>> {
  const all = validateCheckout({ ...values, email: 'buyer@example.com' });
  return Object.fromEntries(EDITABLE.flatMap((field) => (all[field] ? [[field, all[field]]] : [])));
}

const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code !== NETWORK_ERROR && error.message ? error.message : fallback;

/**
 * Changing the address before fulfilment starts (decision 0058): the street, city, postal code,
 * name and phone; the country and region are shown, not asked, since moving out of them could
 * change what the buyer paid. Answers the order as it is now.
 */
export function ChangeAddress({
  token,
  order,
  country,
  onChanged,
  onClose,
}: {
  token: string;
  order: TBuyerOrder;
  country: string;
  onChanged: (order: TBuyerOrder) => void;
  onClose: () => void;
}) {
  const { t } = useStorefront();
  const [values, setValues] = useState(() => valuesOf(order.address));
  const [errors, setErrors] = useState<Partial<Record<TCheckoutField, TFieldError>>>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);
  const sending = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const problems = problemsOf(values);
    setErrors(problems);
    const first = EDITABLE.find((field) => problems[field]);
    if (first) {
      document.getElementById(`sf-${first}`)?.focus();
      return;
    }
    sending.current = true;
    setSaving(true);
    setServerError('');
    try {
      onChanged(await selfServiceApi.changeAddress(token, addressOf(values, order.address)));
    } catch (error) {
      setServerError(serverMessage(error, t('common.networkError')));
      sending.current = false;
      setSaving(false);
    }
  };

  const region = order.address.region ? `${order.address.region}, ${country}` : country;
  return (
    <form className="sf-form sf-self-service" onSubmit={submit} noValidate aria-labelledby="sf-address-title">
      <h3 id="sf-address-title">{t('order.changeAddress.title')}</h3>
      <p className="sf-muted">{t('order.changeAddress.stays', { region })}</p>
      {EDITABLE.map((name) => {
        const [type, autoComplete, required] = AUTOCOMPLETE[name];
        return (
          <TextField
            key={name}
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
      })}
      {serverError && (
        <p className="sf-error" role="alert">
          {serverError}
        </p>
      )}
      <button type="submit" className="sf-button sf-button-primary sf-button-wide" disabled={saving}>
        {saving ? t('order.changeAddress.saving') : t('order.changeAddress.save')}
      </button>
      <button type="button" className="sf-button sf-button-wide" onClick={onClose}>
        {t('order.changeAddress.keep')}
      </button>
    </form>
  );
}

/**
 * Cancelling before fulfilment starts: asked once more with what goes back, then done. The page
 * loads the order again afterwards, to show it cancelled with its refund.
 */
export function CancelOrder({
  token,
  refundMinor,
  format,
  onCancelled,
  onClose,
}: {
  token: string;
  /** What is left to refund: the whole total less earlier refunds. */
  refundMinor: number;
  format: (minor: number) => string;
  onCancelled: () => void;
  onClose: () => void;
}) {
  const { t } = useStorefront();
  const [serverError, setServerError] = useState('');
  const [sending, setSending] = useState(false);
  const confirm = async () => {
    if (sending) return;
    setSending(true);
    setServerError('');
    try {
      await selfServiceApi.cancel(token);
      onCancelled();
    } catch (error) {
      setServerError(serverMessage(error, t('common.networkError')));
      setSending(false);
    }
  };
  return (
    <section className="sf-self-service" aria-labelledby="sf-cancel-title">
      <h3 id="sf-cancel-title">{t('order.cancel.title')}</h3>
      <p>{t('order.cancel.body', { amount: format(refundMinor) })}</p>
      {serverError && (
        <p className="sf-error" role="alert">
          {serverError}
        </p>
      )}
      <button
        type="button"
        className="sf-button sf-button-danger sf-button-wide"
        onClick={confirm}
        disabled={sending}
      >
        {sending ? t('order.cancel.sending') : t('order.cancel.confirm')}
      </button>
      <button type="button" className="sf-button sf-button-wide" onClick={onClose}>
        {t('order.cancel.keep')}
      </button>
    </section>
  );
}
