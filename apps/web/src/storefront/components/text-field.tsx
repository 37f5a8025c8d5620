import type { TCheckoutField, TFieldError } from '../pages/checkout-form';
import { useStorefront } from '../storefront-context';

/**
 * One text field of an address form (the checkout's, the order page's address change): its
 * translated label (marked optional when it is), the browser's autofill hint, and its error.
 */
export function TextField(props: {
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
