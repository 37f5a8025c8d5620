import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Client rules mirroring the server's (accounts.schema.ts); the server still has the last word. */
export function emailRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('auth.login.emailRequired') },
    { type: 'email', max: 254, message: t('auth.login.emailInvalid') },
  ];
}

export function newPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('auth.validation.passwordRequired') },
    { min: 8, message: t('auth.validation.passwordShort') },
    { max: 128, message: t('auth.validation.passwordLong') },
    {
      validator: (_rule, value: string | undefined) =>
        !value || (/[A-Za-z]/.test(value) && /\d/.test(value))
          ? Promise.resolve()
          : Promise.reject(new Error(t('auth.validation.passwordWeak'))),
    },
  ];
}

/** Confirmation: required and equal to the `password` field. */
export function confirmPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('auth.validation.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) =>
        !value || value === getFieldValue('password')
          ? Promise.resolve()
          : Promise.reject(new Error(t('auth.validation.passwordMismatch'))),
    }),
  ];
}

export function codeRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('auth.validation.codeRequired') },
    { pattern: /^\s*\d{6}\s*$/, message: t('auth.validation.codeFormat') },
  ];
}
