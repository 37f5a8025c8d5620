import { ErrorCode, type TLoginRequest } from '@linkstore/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { Form } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserPreferences } from '../preferences/user-preferences-store';
import { authErrorMessage, errorCodeOf } from '../session/auth-errors';
import { useProofOfWork } from '../session/proof-of-work';
import { useCaptcha } from './captcha-field';
import { applyServerFieldErrors } from './field-errors';

/** The password and captcha fields every password sign-in form has. */
export interface TPasswordSignInForm {
  password: string;
  captchaCode?: string;
}

/** What is sent: the name and the captcha code trimmed, the password as typed. */
export function toLoginRequest(
  username: string,
  values: TPasswordSignInForm,
  captchaKey: string | undefined,
): TLoginRequest {
  return {
    username: username.trim(),
    password: values.password,
    captchaKey: captchaKey ?? '',
    captchaCode: values.captchaCode?.trim() ?? '',
  };
}

interface TPasswordSignInOptions<T> {
  mutation: UseMutationResult<void, Error, TLoginRequest>;
  /** The form's field names (server field errors land on these). */
  fields: readonly string[];
  /** Renames server fields to form fields (`username` → `email`). */
  fieldMap?: Record<string, string>;
  usernameOf: (values: T) => string;
  onSuccess: (values: T) => void;
}

/**
 * A password sign-in form's state and submit: sends name, password and captcha (and a proof of
 * work when the server asks: `status` says so meanwhile); on a failure
 * loads a new captcha (single use) and empties its field, then puts the error on the captcha
 * field, on the named fields or above the submit button (`formError`).
 */
export function usePasswordSignIn<T extends TPasswordSignInForm>(options: TPasswordSignInOptions<T>) {
  const { mutation, fields, fieldMap, usernameOf, onSuccess } = options;
  const [form] = Form.useForm<T>();
  const captcha = useCaptcha();
  const [formError, setFormError] = useState<string>();
  const { t } = useTranslation('common');
  const isChecking = useProofOfWork((state) => state.isChecking);
  const percent = useProofOfWork((state) => Math.floor(state.progress * 100));
  /** Shown while the browser solves a proof of work the server asked for, with how far it got. */
  const status = !isChecking
    ? undefined
    : percent > 0
      ? t('auth.checkingBrowserProgress', { percent })
      : t('auth.checkingBrowser');

  const onFinish = (values: T) => {
    setFormError(undefined);
    mutation.mutate(toLoginRequest(usernameOf(values), values, captcha.captcha?.captchaKey), {
      onSuccess: () => onSuccess(values),
      onError: (error) => {
        const code = errorCodeOf(error);
        captcha.onSignInFailed(code);
        form.setFieldValue('captchaCode' as never, '');
        if (code === ErrorCode.CAPTCHA_INVALID || code === ErrorCode.CAPTCHA_REQUIRED) {
          form.setFields([{ name: 'captchaCode' as never, errors: [authErrorMessage(error)] }]);
        } else if (!applyServerFieldErrors(form, error, fields, fieldMap)) {
          setFormError(authErrorMessage(error));
        }
      },
    });
  };

  return { form, captcha, formError, status, onFinish, isPending: mutation.isPending };
}

/** Showing a login form resets the menu to its first item. */
export function useLoginFormShown(): void {
  const setLoginFormShown = useUserPreferences((state) => state.setLoginFormShown);
  useEffect(() => {
    setLoginFormShown(true);
    return () => setLoginFormShown(false);
  }, [setLoginFormShown]);
}
