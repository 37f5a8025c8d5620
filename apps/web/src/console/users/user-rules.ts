import { MOBILE_PATTERN, USERNAME_PATTERN } from '@linkstore/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Client-side checks mirroring the contract; the server checks again and has the last word. */

export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d).{8,128}$/;
const URL_PATTERN = /^https?:\/\/\S+$/i;

export function required(t: TFunction, field: string): FormRule {
  return { required: true, whitespace: true, message: t('system:crud.validation.required', { field }) };
}

export const usernameRules = (t: TFunction): FormRule[] => [
  required(t, t('users:field.username')),
  { pattern: USERNAME_PATTERN, message: t('users:validation.username') },
];

export const passwordRules = (t: TFunction, label: string): FormRule[] => [
  required(t, label),
  { pattern: PASSWORD_PATTERN, message: t('users:validation.password') },
];

/** The confirmation must equal the field `of`. */
export const confirmRules = (t: TFunction, label: string, of: string): FormRule[] => [
  required(t, label),
  ({ getFieldValue }) => ({
    validator: (_rule, value) =>
      !value || value === getFieldValue(of)
        ? Promise.resolve()
        : Promise.reject(new Error(t('users:validation.passwordMismatch'))),
  }),
];

export const mobileRules = (t: TFunction): FormRule[] => [
  {
    validator: (_rule, value: string | null | undefined) =>
      !value || (value.trim().length <= 20 && MOBILE_PATTERN.test(value.trim()))
        ? Promise.resolve()
        : Promise.reject(new Error(t('users:validation.mobile'))),
  },
];

export const emailRules = (t: TFunction): FormRule[] => [
  { type: 'email', message: t('users:validation.email') },
  { max: 254 },
];

export const avatarRules = (t: TFunction): FormRule[] => [
  { pattern: URL_PATTERN, message: t('users:validation.url') },
  { max: 1000 },
];
