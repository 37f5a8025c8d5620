import { FacebookFilled, GoogleOutlined } from '@ant-design/icons';
import { accountsRoutes, type TOAuthProvider } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { routeQueryOptions } from '../../shared/http/call-route';
import { oauthStartUrl } from './api';
import styles from './auth-page.module.css';

const PROVIDERS: { provider: TOAuthProvider; icon: ReactNode }[] = [
  { provider: 'google', icon: <GoogleOutlined aria-hidden /> },
  { provider: 'facebook', icon: <FacebookFilled aria-hidden /> },
];

/**
 * Google and Facebook buttons: full-page navigations to the server's OAuth start. A provider
 * the server has not configured stays visible but disabled, with a note saying so.
 */
export function SocialSignIn({ mode, returnTo = '/' }: { mode: 'login' | 'register'; returnTo?: string }) {
  const { t } = useTranslation('studio');
  const hintId = useId();
  const { data } = useQuery({ ...routeQueryOptions(accountsRoutes.oauthProviders), staleTime: Infinity });
  const isUnavailable = (provider: TOAuthProvider) => data?.[provider] === false;
  const isAnyUnavailable = PROVIDERS.some(({ provider }) => isUnavailable(provider));

  return (
    <div className={styles.social}>
      {PROVIDERS.map(({ provider, icon }) =>
        isUnavailable(provider) ? (
          <Button key={provider} block icon={icon} disabled aria-describedby={hintId}>
            {t(`auth.${mode}.${provider}`)}
          </Button>
        ) : (
          <Button key={provider} block icon={icon} href={oauthStartUrl(provider, returnTo)}>
            {t(`auth.${mode}.${provider}`)}
          </Button>
        ),
      )}
      {isAnyUnavailable && (
        <Typography.Text type="secondary" id={hintId}>
          {t('auth.social.unavailable')}
        </Typography.Text>
      )}
    </div>
  );
}
