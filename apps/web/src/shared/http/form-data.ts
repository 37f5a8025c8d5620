import type { TParams, TParamValue } from './query-string';

/**
 * Multipart body of the form-data mode: nested objects become dotted keys
 * (`address.city`), arrays indexed keys (`items[0].name`, `tags[1]`), files stay files.
 * `null` and `undefined` are left out.
 */
export function toFormData(params: TParams | undefined): FormData {
  const form = new FormData();
  const append = (name: string, value: TParamValue): void => {
    if (value === null || value === undefined) return;
    if (value instanceof Blob) {
      form.append(name, value);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => append(`${name}[${index}]`, item));
    } else if (value instanceof Date) {
      form.append(name, value.toISOString());
    } else if (typeof value === 'object') {
      for (const [key, nested] of Object.entries(value)) append(name ? `${name}.${key}` : key, nested);
    } else {
      form.append(name, String(value));
    }
  };
  if (params) for (const [key, value] of Object.entries(params)) append(key, value);
  return form;
}
