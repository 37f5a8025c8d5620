import type { FormInstance } from 'antd';
import { ErrorCode } from '@linkstore/contract';
import { isHttpError } from '../http/http-error';
import { authErrorMessage, errorCodeOf } from '../session/auth-errors';

/**
 * Puts the server's translated field errors (`data.fields`) on the matching form fields, under
 * any code that names fields: A0400, and business refusals such as SLUG_TAKEN or
 * PRICE_BELOW_COST. (The http client has shown the failure's toast already.)
 * `fields` are the form's field names; `fieldMap` renames server fields to form fields (`username` → `email`). Returns whether any
 * message landed on a field, so the caller can fall back to a form-level message.
 */
export function applyServerFieldErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  fields: readonly string[],
  fieldMap: Record<string, string> = {},
): boolean {
  if (!isHttpError(error) || !error.data) return false;
  const known = new Set(fields);
  const byField = new Map<string, string[]>();
  for (const { field, message } of error.data.fields) {
    const name = fieldMap[field] ?? field;
    if (!known.has(name)) continue;
    byField.set(name, [...(byField.get(name) ?? []), message]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name: name as never, errors })));
  return byField.size > 0;
}

/**
 * Where a failed emailed-code form (sign-up, password reset) shows its error: a wrong or
 * expired code on the code field, server field errors on their fields, anything else above the
 * submit button.
 */
export function showCodeFormError<T>(
  form: FormInstance<T>,
  error: unknown,
  fields: readonly string[],
  setFormError: (message: string) => void,
): void {
  if (errorCodeOf(error) === ErrorCode.CODE_INVALID) {
    form.setFields([{ name: 'code' as never, errors: [authErrorMessage(error)] }]);
  } else if (!applyServerFieldErrors(form, error, fields)) {
    setFormError(authErrorMessage(error));
  }
}
