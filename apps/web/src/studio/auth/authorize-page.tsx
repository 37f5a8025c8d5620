import { LoadingOutlined } from '@ant-design/icons';
import { ErrorCode } from '@linkstore/contract';
import { Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TopBar } from '../../shared/layout/top-bar';
import { authErrorMessage, errorCodeOf } from '../../shared/session/auth-errors';
import { exchangeOAuthCode, safeReturnPath } from './api';
import styles from './auth-page.module.css';

/**
 * One exchange per code for the life of the page: the server accepts a code once, so a remount
 * (StrictMode, a re-render after the URL is cleaned) joins the first exchange instead of
 * starting another that would be refused.
 */
const exchanges = new Map<string, Promise<void>>();

function exchangeOnce(code: string): Promise<void> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = exchangeOAuthCode(code);
    exchanges.set(code, exchange);
  }
  return exchange;
}

type TFailure =
  | { kind: 'provider'; code: string; provider: string }
  | { kind: 'exchange'; error: unknown }
  | { kind: 'noCode' };

/**
 * The social sign-in callback (`/#/authorize?code=…&returnTo=…` or `?error=…`): shows
 * "Is authorizing...", takes the one-time code out of the address and history at once (a
 * replace), trades it by a POST for a session, loads the user and goes to `returnTo`.
 */
export function AuthorizePage() {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Captured once: the address loses the code right away, this page keeps it until exchanged.
  const [code] = useState(() => searchParams.get('code'));
  const isCodeInAddress = searchParams.has('code');
  const returnTo = safeReturnPath(searchParams.get('returnTo'));
  const errorCode = searchParams.get('error');
  const provider = searchParams.get('provider') ?? '';
  const [exchangeError, setExchangeError] = useState<{ error: unknown }>();
  const failure: TFailure | undefined = errorCode
    ? { kind: 'provider', code: errorCode, provider }
    : exchangeError
      ? { kind: 'exchange', error: exchangeError.error }
      : !code
        ? { kind: 'noCode' }
        : undefined;

  useEffect(() => {
    if (!code || !isCodeInAddress) return;
    // No code left in the address bar or in history (history.replaceState through the router).
    void navigate(
      { pathname: '/authorize', search: `?returnTo=${encodeURIComponent(returnTo)}` },
      { replace: true },
    );
  }, [navigate, code, isCodeInAddress, returnTo]);

  useEffect(() => {
    if (!code || errorCode) return undefined;
    let isCurrent = true;
    exchangeOnce(code).then(
      () => {
        if (isCurrent) void navigate(returnTo, { replace: true });
      },
      (error: unknown) => {
        if (isCurrent) setExchangeError({ error });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [code, errorCode, navigate, returnTo]);

  const providerName = provider === 'google' ? 'Google' : provider === 'facebook' ? 'Facebook' : provider;
  const failureText = (() => {
    if (!failure) return '';
    if (failure.kind === 'noCode') return t('auth.authorize.exchangeFailed');
    if (failure.kind === 'exchange') {
      // An unknown, expired or used code has its own words; anything else (a disabled account,
      // no connection) the shared sign-in message in the user's language.
      return errorCodeOf(failure.error) === ErrorCode.OAUTH_FAILED
        ? t('auth.authorize.exchangeFailed')
        : authErrorMessage(failure.error);
    }
    return failure.code === ErrorCode.OAUTH_FAILED && providerName
      ? t('auth.authorize.providerFailed', { provider: providerName })
      : t('auth.authorize.failed');
  })();

  return (
    <>
      <TopBar />
      <main className={styles.main}>
        <section className={styles.card}>
          {failure ? (
            <Result
              status="error"
              title={<h1 className={styles.resultTitle}>{t('auth.authorize.failedHeading')}</h1>}
              subTitle={<span role="alert">{failureText}</span>}
              extra={<Link to="/login">{t('auth.authorize.backToLogin')}</Link>}
            />
          ) : (
            <div className={styles.authorizing} role="status">
              <Spin indicator={<LoadingOutlined aria-hidden spin />} />
              <Typography.Title level={1} className={styles.resultTitle}>
                {t('auth.authorize.text')}
              </Typography.Title>
            </div>
          )}
        </section>
      </main>
    </>
  );
}
