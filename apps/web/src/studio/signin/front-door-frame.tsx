import { LANGUAGES, type TLanguage } from '@linkstore/contract';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { APP_TITLE } from '../../shared/config/constants';
import { LANGUAGE_NATIVE_NAMES, LANGUAGE_TAGS } from '../../shared/i18n/languages';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import type { TLandingTranslate } from '../landing/landing-texts';
import {
  fetchProviders,
  NETWORK_ERROR,
  oauthStartUrl,
  SIGN_IN_CODES,
  SignInError,
  type TProviders,
} from './signin-api';
import styles from './signin-page.module.css';

/** The kept language, for the calls' `lang` header (the server's messages). */
export const currentLanguage = () => useAppPreferences.getState().language;

/** antd's check for `type: 'email'`, close enough: the server has the last word. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
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

export interface TFrontDoorFrameProps {
  t: TLandingTranslate;
  language: TLanguage;
  onLanguageChange: (language: TLanguage) => Promise<boolean>;
  /** The heading's id, which names the card (the app's pages: `login-heading`, `register-heading`). */
  headingId: string;
  heading: string;
  subtitle: string;
  children: ReactNode;
}

/**
 * What the sign-in and sign-up pages alone share, as the app's `AuthCard` and `TopBar` draw them
 * for a visitor: the brand, the language menu and "Open LinkStore for free"; the card with its
 * heading and subtitle; the language change's confirmation.
 */
export function FrontDoorFrame({
  t,
  language,
  onLanguageChange,
  headingId,
  heading,
  subtitle,
  children,
}: TFrontDoorFrameProps) {
  const [notice, setNotice] = useState<string>();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(undefined), 3000);
    return () => clearTimeout(timer);
  }, [notice]);
  const switchLanguage = async (next: TLanguage) => {
    if (next === language) return;
    if (await onLanguageChange(next)) setNotice(next);
  };
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
        <section className={styles.card} aria-labelledby={headingId}>
          <h1 id={headingId} className={styles.heading}>
            {heading}
          </h1>
          <p className={styles.subtitle}>{subtitle}</p>
          {children}
        </section>
      </main>
      <div className={styles.notice} role="status">
        {notice && t('common.language.switch.success')}
      </div>
    </div>
  );
}

/**
 * "or", then Google and Facebook (`SocialSignIn`): links to the server's OAuth start, back to
 * the studio home; a provider the server has not configured stays visible but disabled, with a
 * note saying so.
 */
export function SocialLinks({ t, mode }: { t: TLandingTranslate; mode: 'login' | 'register' }) {
  const hintId = useId();
  const [providers, setProviders] = useState<TProviders>({});
  const call = useRef<Promise<TProviders>>(undefined);
  useEffect(() => {
    let isCurrent = true;
    // One call, also when React runs the effect twice (StrictMode).
    call.current ??= fetchProviders(currentLanguage());
    call.current.then(
      (found) => isCurrent && setProviders(found),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  const isAnyUnavailable = PROVIDERS.some((provider) => providers[provider] === false);
  return (
    <>
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
              aria-describedby={hintId}
            >
              {t(`studio.auth.${mode}.${provider}`)}
            </button>
          ) : (
            <a key={provider} className={styles.socialButton} href={oauthStartUrl(provider, '/')}>
              {t(`studio.auth.${mode}.${provider}`)}
            </a>
          ),
        )}
        {isAnyUnavailable && (
          <span id={hintId} className={styles.hint}>
            {t('studio.auth.social.unavailable')}
          </span>
        )}
      </div>
    </>
  );
}

/** The message a failed sign-in shows: ours for known codes, else the server's (translated). */
export function errorMessage(error: unknown, t: TLandingTranslate): string {
  if (!(error instanceof SignInError)) return t('common.http.error.generic');
  const key = ERROR_KEYS[error.code];
  return key ? t(key) : error.message || t('common.http.notice.errorDefault');
}
