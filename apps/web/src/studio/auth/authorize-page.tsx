import { LoadingOutlined } from '@ant-design/icons';
import { ErrorCode } from '@linkstore/contract';
import { Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TopBar } from '../../shared/layout/top-bar';
import { exchangeRefreshToken, safeReturnPath } from './api';
import styles from './auth-page.module.css';

/**
 * One exchange per token for the life of the page: the token rotates on first use and
 * presenting it again would revoke the whole sign-in, so a remount (StrictMode, a re-render
 * after the URL is cleaned) joins the first exchange instead of starting another.
 */
const exchanges = new Map<string, Promise<void>>();

function exchangeOnce(refreshToken: string): Promise<void> {
  let exchange = exchanges.get(refreshToken);
  if (!exchange) {
    exchange = exchangeRefreshToken(refreshToken);
    exchanges.set(refreshToken, exchange);
  }
  return exchange;
}

type TFailure = { kind: 'provider'; code: string; provider: string } | { kind: 'exchange' };

/**
 * The social sign-in callback (`/#/authorize?refreshToken=…&returnTo=…` or `?error=…`): shows
 * "Is authorizing...", takes the token out of the address and history at once, exchanges it
 * for a session, loads the user and goes to `returnTo`.
 */
export function AuthorizePage() {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Captured once: the address loses the token right away, this page keeps it until exchanged.
  const [refreshToken] = useState(() => searchParams.get('refreshToken'));
  const isTokenInAddress = searchParams.has('refreshToken');
  const returnTo = safeReturnPath(searchParams.get('returnTo'));
  const errorCode = searchParams.get('error');
  const provider = searchParams.get('provider') ?? '';
  const [isExchangeFailed, setExchangeFailed] = useState(false);
  const failure: TFailure | undefined = errorCode
    ? { kind: 'provider', code: errorCode, provider }
    : isExchangeFailed || !refreshToken
      ? { kind: 'exchange' }
      : undefined;

  useEffect(() => {
    if (!refreshToken || !isTokenInAddress) return;
    // No token left in the address bar or in history.
    void navigate(
      { pathname: '/authorize', search: `?returnTo=${encodeURIComponent(returnTo)}` },
      { replace: true },
    );
  }, [navigate, refreshToken, isTokenInAddress, returnTo]);

  useEffect(() => {
    if (!refreshToken || errorCode) return undefined;
    let isCurrent = true;
    exchangeOnce(refreshToken).then(
      () => {
        if (isCurrent) void navigate(returnTo, { replace: true });
      },
      () => {
        if (isCurrent) setExchangeFailed(true);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [refreshToken, errorCode, navigate, returnTo]);

  const providerName = provider === 'google' ? 'Google' : provider === 'facebook' ? 'Facebook' : provider;
  const failureText =
    failure?.kind === 'exchange'
      ? t('auth.authorize.exchangeFailed')
      : failure && failure.code === ErrorCode.OAUTH_FAILED && providerName
        ? t('auth.authorize.providerFailed', { provider: providerName })
        : t('auth.authorize.failed');

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
