import { LANGUAGES, type TLanguage } from '@linkstore/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { APP_TITLE } from '../../shared/config/constants';
import { LANGUAGE_NATIVE_NAMES, LANGUAGE_TAGS } from '../../shared/i18n/languages';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import type { TLandingTranslate } from '../landing/landing-texts';
import {
  fetchCaptcha,
  fetchProviders,
  loginWithPassword,
  NETWORK_ERROR,
  oauthStartUrl,
  SIGN_IN_CODES,
  SignInError,
  type TCaptcha,
  type TProviders,
  type TTokenPair,
} from './signin-api';
import styles from './signin-page.module.css';

/** The kept language, for the calls' `lang` header (the server's messages). */
const currentLanguage = () => useAppPreferences.getState().language;

/** Captchas live two minutes and are single use: fetch a fresh one a little before that. */
const CAPTCHA_REFETCH_MS = 110_000;
/** antd's check for `type: 'email'`, close enough: the server has the last word. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PROVIDERS = ['google', 'facebook'] as const;

/** Our own messages for the sign-in error codes (as `authErrorMessage` has them). */
const ERROR_KEYS: Record<string, string> = {
  [SIGN_IN_CODES.BAD_CREDENTIALS]: 'common.auth.error.badCredentials',
  [SIGN_IN_CODES.ACCOUNT_DISABLED]: 'common.auth.error.accountDisabled',
  [SIGN_IN_CODES.CAPTCHA_INVALID]: 'common.auth.error.captchaInvalid',
  [SIGN_IN_CODES.CAPTCHA_REQUIRED]: 'common.auth.error.captchaRequired',
  [SIGN_IN_CODES.POW_REQUIRED]: 'common.auth.error.powRequired',
  [SIGN_IN_CODES.CODE_INVALID]: 'common.auth.error.codeInvalid',
  [SIGN_IN_CODES.OAUTH_FAILED]: 'common.auth.error.oauthFailed',
  [SIGN_IN_CODES.RATE_LIMITED]: 'common.auth.error.rateLimited',
  [NETWORK_ERROR]: 'common.http.error.network',
};

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

/** The top bar's language menu: a button and a list of the languages, each named in itself. */
function LanguageMenu({
  t,
  language,
  onChange,
}: {
  t: TLandingTranslate;
  language: TLanguage;
  onChange: (language: TLanguage) => void;
}) {
  const [isOpen, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    rootRef.current?.querySelector<HTMLElement>('[data-current]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [isOpen]);
  const close = () => {
    setOpen(false);
    rootRef.current?.querySelector<HTMLElement>('button')?.focus();
  };
  return (
    <div
      ref={rootRef}
      className={styles.languageMenu}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) close();
        if (!isOpen || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
        event.preventDefault();
        const items = [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
        const at = items.indexOf(document.activeElement as HTMLElement);
        const next = (at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
        items[next]?.focus();
      }}
    >
      <button
        type="button"
        className={styles.barButton}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={t('common.topBar.current', {
          label: t('common.language.switch.label'),
          value: LANGUAGE_NATIVE_NAMES[language],
        })}
        onClick={() => setOpen((open) => !open)}
      >
        {LANGUAGE_NATIVE_NAMES[language]}
      </button>
      {isOpen && (
        <ul id={menuId} role="menu" className={styles.menu}>
          {LANGUAGES.map((code) => (
            <li key={code} role="none">
              <button
                type="button"
                role="menuitem"
                data-current={code === language || undefined}
                lang={LANGUAGE_TAGS[code]}
                className={styles.menuItem}
                onClick={() => {
                  close();
                  onChange(code);
                }}
              >
                {LANGUAGE_NATIVE_NAMES[code]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
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
  const [providers, setProviders] = useState<TProviders>({});
  const [notice, setNotice] = useState<string>();
  const hasStarted = useRef(false);
  const captchaCall = useRef<{ round: number; promise: Promise<TCaptcha> }>(undefined);
  const providersCall = useRef<Promise<TProviders>>(undefined);

  useEffect(() => {
    let isCurrent = true;
    providersCall.current ??= fetchProviders(currentLanguage());
    providersCall.current.then(
      (found) => isCurrent && setProviders(found),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, []);

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

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(undefined), 3000);
    return () => clearTimeout(timer);
  }, [notice]);

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

  const switchLanguage = async (next: TLanguage) => {
    if (next === language) return;
    if (await onLanguageChange(next)) setNotice(next);
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
  const isAnyUnavailable = PROVIDERS.some((provider) => providers[provider] === false);

  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <span className={styles.brand}>{APP_TITLE}</span>
        <div className={styles.barActions}>
          <LanguageMenu t={t} language={language} onChange={(next) => void switchLanguage(next)} />
          <a href="#/register" className={styles.cta}>
            {t('common.topBar.openForFree')}
          </a>
        </div>
      </header>
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="login-heading">
          <h1 id="login-heading" className={styles.heading}>
            {t('studio.auth.login.heading')}
          </h1>
          <p className={styles.subtitle}>{t('studio.auth.login.subtitle')}</p>
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            onFocus={onFirst}
            onPointerDown={onFirst}
          >
            <div className={styles.field}>
              <label htmlFor={id('email')}>{t('studio.auth.login.email')}</label>
              <input
                {...field('email')}
                type="email"
                autoComplete="username"
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
                  <input
                    {...field('captchaCode')}
                    autoComplete="off"
                    maxLength={16}
                    className={styles.input}
                  />
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
          <div className={styles.divider} role="separator">
            <span>{t('studio.auth.login.divider')}</span>
          </div>
          <div className={styles.social}>
            {PROVIDERS.map((provider) =>
              providers[provider] === false ? (
                <button
                  key={provider}
                  type="button"
                  className={styles.socialButton}
                  disabled
                  aria-describedby={id('unavailable')}
                >
                  {t(`studio.auth.login.${provider}`)}
                </button>
              ) : (
                <a key={provider} className={styles.socialButton} href={oauthStartUrl(provider, '/')}>
                  {t(`studio.auth.login.${provider}`)}
                </a>
              ),
            )}
            {isAnyUnavailable && (
              <span id={id('unavailable')} className={styles.hint}>
                {t('studio.auth.social.unavailable')}
              </span>
            )}
          </div>
          <p className={styles.footer}>
            {t('studio.auth.login.noAccount')}{' '}
            <a href="#/register" className={styles.link}>
              {t('studio.auth.login.signUp')}
            </a>
          </p>
        </section>
      </main>
      <div className={styles.notice} role="status">
        {notice && t('common.language.switch.success')}
      </div>
    </div>
  );
}

/** The message a failed sign-in shows: ours for known codes, else the server's (translated). */
export function errorMessage(error: unknown, t: TLandingTranslate): string {
  if (!(error instanceof SignInError)) return t('common.http.error.generic');
  const key = ERROR_KEYS[error.code];
  return key ? t(key) : error.message || t('common.http.notice.errorDefault');
}
