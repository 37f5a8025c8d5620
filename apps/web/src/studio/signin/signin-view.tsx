import type { TLanguage } from '@linkstore/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TLandingTranslate } from '../landing/landing-texts';
import { currentLanguage, EMAIL, errorMessage, FrontDoorFrame, SocialLinks } from './front-door-frame';
import {
  fetchCaptcha,
  loginWithPassword,
  SIGN_IN_CODES,
  SignInError,
  type TCaptcha,
  type TTokenPair,
} from './signin-api';
import styles from './signin-page.module.css';

/** Captchas live two minutes and are single use: fetch a fresh one a little before that. */
const CAPTCHA_REFETCH_MS = 110_000;

type TField = 'email' | 'password' | 'captchaCode';
type TErrors = Partial<Record<TField, string>>;
/** Server field names → the form's. */
const SERVER_FIELDS: Record<string, TField> = {
  username: 'email',
  email: 'email',
  password: 'password',
  captchaCode: 'captchaCode',
};

export interface TSignInViewProps {
  t: TLandingTranslate;
  language: TLanguage;
  onLanguageChange: (language: TLanguage) => Promise<boolean>;
  /** The tokens are in: the page goes and the app starts. */
  onSignedIn: (tokens: TTokenPair) => void;
  /** Whether the server wants the image captcha from the start (runtime config). */
  isCaptchaEnabled: boolean;
  /** The first focus or touch on the form (the app's files are fetched then). */
  onFirstInput?: () => void;
}

function validate(values: Record<TField, string>, isCaptchaShown: boolean, t: TLandingTranslate): TErrors {
  const errors: TErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = t('studio.auth.login.emailRequired');
  else if (!EMAIL.test(values.email) || values.email.length > 254)
    errors.email = t('studio.auth.login.emailInvalid');
  if (!values.password) errors.password = t('studio.auth.login.passwordRequired');
  if (isCaptchaShown && !values.captchaCode.trim())
    errors.captchaCode = t('studio.auth.login.captchaRequired');
  return errors;
}

/**
 * The creator sign-in without antd, i18next or the API client, as the app's `LoginPage` behaves:
 * the same fields, messages and checks, the captcha (shown from the start when the server wants
 * it, after a refusal otherwise, renewed after each failure), the server's errors on the fields
 * or above the button, the social sign-ins, and the links to "Forgot password?" and "Sign up".
 */
export function SignInView({
  t,
  language,
  onLanguageChange,
  onSignedIn,
  isCaptchaEnabled,
  onFirstInput,
}: TSignInViewProps) {
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const [values, setValues] = useState<Record<TField, string>>({ email: '', password: '', captchaCode: '' });
  const [errors, setErrors] = useState<TErrors>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [isPending, setPending] = useState(false);
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const [isCaptchaShown, setCaptchaShown] = useState(isCaptchaEnabled);
  const [captcha, setCaptcha] = useState<TCaptcha>();
  const [captchaRound, setCaptchaRound] = useState(0);
  /** The round whose captcha call has settled; any other is being fetched. */
  const [settledRound, setSettledRound] = useState<number>();
  const isCaptchaFetching = isCaptchaShown && settledRound !== captchaRound;
  const hasStarted = useRef(false);
  const captchaCall = useRef<{ round: number; promise: Promise<TCaptcha> }>(undefined);

  // A new captcha when shown, when asked for (a click, a failure) and before it expires.
  useEffect(() => {
    if (!isCaptchaShown) return;
    let isCurrent = true;
    // One call per round, also when React runs the effect twice (StrictMode).
    if (captchaCall.current?.round !== captchaRound) {
      captchaCall.current = { round: captchaRound, promise: fetchCaptcha(currentLanguage()) };
    }
    captchaCall.current.promise
      .then(
        (next) => isCurrent && setCaptcha(next),
        () => undefined,
      )
      .finally(() => isCurrent && setSettledRound(captchaRound));
    const timer = setTimeout(() => setCaptchaRound((round) => round + 1), CAPTCHA_REFETCH_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [isCaptchaShown, captchaRound]);

  const onFirst = () => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    onFirstInput?.();
  };

  const change = (field: TField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once the form was sent, a field's message follows what is typed.
    if (isSubmitted || errors[field]) {
      setErrors((current) => ({ ...current, [field]: validate(next, isCaptchaShown, t)[field] }));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values, isCaptchaShown, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFormError(undefined);
    setPending(true);
    try {
      const tokens = await loginWithPassword(
        {
          username: values.email.trim(),
          password: values.password,
          captchaKey: captcha?.captchaKey ?? '',
          captchaCode: values.captchaCode.trim(),
        },
        language,
        (isChecking) => setStatus(isChecking ? t('common.auth.checkingBrowser') : undefined),
      );
      setStatus(t('studio.auth.login.success'));
      onSignedIn(tokens);
    } catch (error) {
      setPending(false);
      const code = error instanceof SignInError ? error.code : undefined;
      const message = errorMessage(error, t);
      // Captchas are single use: a new one after every failure, its field emptied.
      if (code === SIGN_IN_CODES.CAPTCHA_REQUIRED || code === SIGN_IN_CODES.CAPTCHA_INVALID) {
        setCaptchaShown(true);
      }
      if (isCaptchaShown) setCaptchaRound((round) => round + 1);
      setValues((current) => ({ ...current, captchaCode: '' }));
      if (code === SIGN_IN_CODES.CAPTCHA_REQUIRED || code === SIGN_IN_CODES.CAPTCHA_INVALID) {
        setErrors({ captchaCode: message });
        return;
      }
      const fieldErrors: TErrors = {};
      for (const { field, message: text } of error instanceof SignInError ? error.fields : []) {
        const name = SERVER_FIELDS[field];
        if (name && !fieldErrors[name]) fieldErrors[name] = text;
      }
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else setFormError(message);
    }
  };

  const field = (name: TField) => ({
    id: id(name),
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? id(`${name}-error`) : undefined,
    disabled: isPending,
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
      headingId="login-heading"
      heading={t('studio.auth.login.heading')}
      subtitle={t('studio.auth.login.subtitle')}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} onFocus={onFirst} onPointerDown={onFirst}>
        <div className={styles.field}>
          <label htmlFor={id('email')}>{t('studio.auth.login.email')}</label>
          <input
            {...field('email')}
            type="email"
            autoComplete="email"
            placeholder={t('studio.auth.login.emailPlaceholder')}
            className={styles.input}
          />
          {fieldError('email')}
        </div>
        <div className={styles.field}>
          <label htmlFor={id('password')}>{t('studio.auth.login.password')}</label>
          <div className={styles.withButton}>
            <input
              {...field('password')}
              type={isPasswordVisible ? 'text' : 'password'}
              autoComplete="current-password"
              className={styles.input}
            />
            <button
              type="button"
              className={styles.eye}
              aria-label={t(
                isPasswordVisible ? 'studio.auth.login.hidePassword' : 'studio.auth.login.showPassword',
              )}
              aria-pressed={isPasswordVisible}
              onClick={() => setPasswordVisible((isVisible) => !isVisible)}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-2.3a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4Z"
                />
                {!isPasswordVisible && <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" />}
              </svg>
            </button>
          </div>
          {fieldError('password')}
        </div>
        {isCaptchaShown && (
          <div className={styles.field}>
            <label htmlFor={id('captchaCode')}>{t('studio.auth.login.captcha')}</label>
            <div className={styles.withButton}>
              <input {...field('captchaCode')} autoComplete="off" maxLength={16} className={styles.input} />
              <button
                type="button"
                className={styles.captchaImage}
                onClick={() => setCaptchaRound((round) => round + 1)}
                aria-label={t('common.auth.captcha.refresh')}
                aria-busy={isCaptchaFetching}
              >
                {captcha?.captchaBase64 ? (
                  <img src={captcha.captchaBase64} alt={t('common.auth.captcha.imageAlt')} />
                ) : (
                  <span aria-hidden="true">↻</span>
                )}
              </button>
            </div>
            {fieldError('captchaCode')}
          </div>
        )}
        <div className={styles.forgot}>
          <a href="#/forgot-password" className={styles.link}>
            {t('studio.auth.login.forgotPassword')}
          </a>
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
          {t('studio.auth.login.submit')}
        </button>
      </form>
      <SocialLinks t={t} mode="login" />
      <p className={styles.footer}>
        {t('studio.auth.login.noAccount')}{' '}
        <a href="#/register" className={styles.link}>
          {t('studio.auth.login.signUp')}
        </a>
      </p>
    </FrontDoorFrame>
  );
}
