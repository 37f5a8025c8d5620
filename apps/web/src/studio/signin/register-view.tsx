import type { TLanguage } from '@linkstore/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { TLandingTranslate } from '../landing/landing-texts';
import { currentLanguage, EMAIL, errorMessage, FrontDoorFrame, SocialLinks } from './front-door-frame';
import { register, sendRegisterCode, SignInError, type TTokenPair } from './signin-api';
import styles from './signin-page.module.css';

/** The app's wait before another code when the server names none (`DEFAULT_RESEND_SECONDS`). */
const DEFAULT_RESEND_SECONDS = 60;
/** The server's code for a wrong or expired emailed code (`ErrorCode.CODE_INVALID`). */
const CODE_INVALID = 'A0250';

type TField = 'email' | 'password' | 'confirmPassword' | 'code';
type TErrors = Partial<Record<TField, string>>;
const FIELDS: readonly TField[] = ['email', 'password', 'confirmPassword', 'code'];

/** The app's rules (`emailRules`, `newPasswordRules`, `confirmPasswordRules`, `codeRules`). */
function validate(values: Record<TField, string>, t: TLandingTranslate, only?: TField): TErrors {
  const errors: TErrors = {};
  const email = values.email;
  if (!email.trim()) errors.email = t('studio.auth.login.emailRequired');
  else if (!EMAIL.test(email) || email.length > 254) errors.email = t('studio.auth.login.emailInvalid');
  const password = values.password;
  if (!password) errors.password = t('studio.auth.validation.passwordRequired');
  else if (password.length < 8) errors.password = t('studio.auth.validation.passwordShort');
  else if (password.length > 128) errors.password = t('studio.auth.validation.passwordLong');
  else if (!/[A-Za-z]/.test(password) || !/\d/.test(password))
    errors.password = t('studio.auth.validation.passwordWeak');
  if (!values.confirmPassword) errors.confirmPassword = t('studio.auth.validation.confirmRequired');
  else if (values.confirmPassword !== password)
    errors.confirmPassword = t('studio.auth.validation.passwordMismatch');
  if (!values.code.trim()) errors.code = t('studio.auth.validation.codeRequired');
  else if (!/^\s*\d{6}\s*$/.test(values.code)) errors.code = t('studio.auth.validation.codeFormat');
  return only ? { [only]: errors[only] } : errors;
}

/** Server field errors by form field; none when the error names no field of this form. */
function serverFieldErrors(error: unknown): TErrors {
  const found: TErrors = {};
  for (const { field, message } of error instanceof SignInError ? error.fields : []) {
    if ((FIELDS as readonly string[]).includes(field)) found[field as TField] ??= message;
  }
  return found;
}

export interface TRegisterViewProps {
  t: TLandingTranslate;
  language: TLanguage;
  onLanguageChange: (language: TLanguage) => Promise<boolean>;
  onSignedIn: (tokens: TTokenPair) => void;
  onFirstInput?: () => void;
}

/**
 * The sign-up without antd, as the app's `RegisterPage`: email, the new password twice (with
 * its hint), the emailed code with "Get code" and its countdown, the server's errors on the code
 * field, the named fields or above the button; success signs in.
 */
export function RegisterView({
  t,
  language,
  onLanguageChange,
  onSignedIn,
  onFirstInput,
}: TRegisterViewProps) {
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const [values, setValues] = useState<Record<TField, string>>({
    email: '',
    password: '',
    confirmPassword: '',
    code: '',
  });
  const [errors, setErrors] = useState<TErrors>({});
  const [formError, setFormError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [isPending, setPending] = useState(false);
  const [isSending, setSending] = useState(false);
  const [remaining, setRemaining] = useState(0);
  const [hasStarted, setStarted] = useState(false);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const onFirst = () => {
    if (hasStarted) return;
    setStarted(true);
    onFirstInput?.();
  };

  const change = (field: TField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // A shown message follows what is typed (the confirmation follows the password too).
    const changed: TErrors = {};
    if (errors[field]) changed[field] = validate(next, t, field)[field];
    if (field === 'password' && errors.confirmPassword)
      changed.confirmPassword = validate(next, t, 'confirmPassword').confirmPassword;
    if (Object.keys(changed).length > 0) setErrors((current) => ({ ...current, ...changed }));
  };

  const onGetCode = async () => {
    const emailError = validate(values, t, 'email').email;
    setErrors((current) => ({ ...current, email: emailError }));
    if (emailError) return;
    setSending(true);
    try {
      const seconds = await sendRegisterCode(values.email.trim(), currentLanguage());
      setRemaining(seconds > 0 ? seconds : DEFAULT_RESEND_SECONDS);
      setErrors((current) => ({ ...current, code: undefined }));
      setStatus(t('studio.auth.code.sent'));
    } catch (error) {
      const onFields = serverFieldErrors(error);
      // A0251 (too soon) carries the server's translated message, which this shows.
      setErrors((current) => ({
        ...current,
        ...(onFields.email ? { email: onFields.email } : { code: errorMessage(error, t) }),
      }));
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values, t);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setFormError(undefined);
    setPending(true);
    try {
      const tokens = await register(
        {
          email: values.email.trim(),
          code: values.code.trim(),
          password: values.password,
          confirmPassword: values.confirmPassword,
        },
        language,
      );
      setStatus(t('studio.auth.register.success'));
      onSignedIn(tokens);
    } catch (error) {
      setPending(false);
      if (error instanceof SignInError && error.code === CODE_INVALID) {
        setErrors({ code: errorMessage(error, t) });
        return;
      }
      const onFields = serverFieldErrors(error);
      if (Object.keys(onFields).length > 0) setErrors(onFields);
      else setFormError(errorMessage(error, t));
    }
  };

  const input = (name: TField) => ({
    id: id(name),
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [errors[name] ? id(`${name}-error`) : '', name === 'password' ? id('password-hint') : '']
        .filter(Boolean)
        .join(' ') || undefined,
    disabled: isPending,
    className: styles.input,
  });
  const fieldError = (name: TField) =>
    errors[name] ? (
      <div id={id(`${name}-error`)} className={styles.fieldError}>
        {errors[name]}
      </div>
    ) : null;

  return (
    <FrontDoorFrame
      t={t}
      language={language}
      onLanguageChange={onLanguageChange}
      headingId="register-heading"
      heading={t('studio.auth.register.heading')}
      subtitle={t('studio.auth.register.subtitle')}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} onFocus={onFirst} onPointerDown={onFirst}>
        <div className={styles.field}>
          <label htmlFor={id('email')}>{t('studio.auth.register.email')}</label>
          <input
            {...input('email')}
            type="email"
            autoComplete="email"
            placeholder={t('studio.auth.login.emailPlaceholder')}
          />
          {fieldError('email')}
        </div>
        <div className={styles.field}>
          <label htmlFor={id('password')}>{t('studio.auth.register.password')}</label>
          <input {...input('password')} type="password" autoComplete="new-password" />
          {fieldError('password')}
          <div id={id('password-hint')} className={styles.hint}>
            {t('studio.auth.validation.passwordHint')}
          </div>
        </div>
        <div className={styles.field}>
          <label htmlFor={id('confirmPassword')}>{t('studio.auth.register.confirmPassword')}</label>
          <input {...input('confirmPassword')} type="password" autoComplete="new-password" />
          {fieldError('confirmPassword')}
        </div>
        <div className={styles.field}>
          <label htmlFor={id('code')}>{t('studio.auth.code.label')}</label>
          <div className={styles.withButton}>
            <input {...input('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            <button
              type="button"
              className={styles.codeButton}
              onClick={() => void onGetCode()}
              disabled={remaining > 0 || isSending || isPending}
              aria-busy={isSending}
            >
              {remaining > 0
                ? t('studio.auth.code.resendIn', { seconds: remaining })
                : t('studio.auth.code.get')}
            </button>
          </div>
          {fieldError('code')}
        </div>
        {formError && (
          <div role="alert" className={styles.alert}>
            {formError}
          </div>
        )}
        <div role="status" className={styles.status}>
          {status}
        </div>
        <button type="submit" className={styles.submit} disabled={isPending} aria-busy={isPending}>
          {t('studio.auth.register.submit')}
        </button>
      </form>
      <SocialLinks t={t} mode="register" />
      <p className={styles.footer}>
        {t('studio.auth.register.haveAccount')}{' '}
        <a href="#/login" className={styles.link}>
          {t('studio.auth.register.logIn')}
        </a>
      </p>
    </FrontDoorFrame>
  );
}
