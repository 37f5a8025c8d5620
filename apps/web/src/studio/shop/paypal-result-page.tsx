import { ErrorCode, PAYPAL_BINDING_REASONS, type TPayPalBindingReason } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isHttpError } from '../../shared/http/http-error';
import { alreadyShown } from '../../shared/http/use-route-mutation';
import { bindingResultQuery, useConnectPayPal } from './paypal-api';
import styles from './paypal-pages.module.css';

const isNotFound = (error: unknown) => isHttpError(error) && error.code === ErrorCode.NOT_FOUND;

const asReason = (value: string | null | undefined): TPayPalBindingReason =>
  PAYPAL_BINDING_REASONS.find((reason) => reason === value) ?? 'provider_error';

/**
 * Where PayPal (or the sandbox) returns the creator: `?state=` of the attempt, or `?reason=` when
 * the return named no live attempt. Success shows the bound account; failure says why and offers
 * to try again.
 */
export function PayPalResultPage() {
  const { t } = useTranslation('paypal');
  const [search] = useSearchParams();
  const state = search.get('state') ?? '';
  const result = useQuery({
    ...bindingResultQuery(state),
    enabled: state !== '',
    // Only "no such attempt" is final; a failed request (network, a session being renewed) is
    // asked again before the page says anything.
    retry: (failures, error) => !isNotFound(error) && failures < 3,
    // The callback answers before this page asks; "pending" only while a return is still arriving.
    refetchInterval: (query) => (query.state.data?.outcome === 'pending' ? 2000 : false),
  });
  const connect = useConnectPayPal();

  const home = (
    <Link to="/" key="home">
      {t('result.home')}
    </Link>
  );
  let body: React.ReactNode;
  if (state !== '' && (result.isPending || result.data?.outcome === 'pending')) {
    body = <Spin tip={t('result.waiting')}>{<div style={{ minHeight: 80 }} />}</Spin>;
  } else if (result.data?.outcome === 'bound') {
    body = (
      <Result
        status="success"
        title={<h1 className={styles.resultTitle}>{t('result.success')}</h1>}
        subTitle={
          <Typography.Text className={styles.email}>
            {t('result.boundTo', { email: result.data.email ?? '' })}
          </Typography.Text>
        }
        extra={<div className={styles.actions}>{home}</div>}
      />
    );
  } else {
    const reason = asReason(
      state === ''
        ? search.get('reason')
        : result.isError
          ? isNotFound(result.error)
            ? 'state_invalid'
            : 'provider_error'
          : result.data?.reason,
    );
    body = (
      <Result
        status="error"
        title={<h1 className={styles.resultTitle}>{t('result.failed')}</h1>}
        subTitle={t(`reason.${reason}`)}
        extra={
          <div className={styles.actions}>
            <Button
              type="primary"
              loading={connect.isPending}
              onClick={() => void connect.mutateAsync().catch(alreadyShown)}
            >
              {t('result.tryAgain')}
            </Button>
            {home}
          </div>
        }
      />
    );
  }
  return (
    <div className={styles.page}>
      <Card className={styles.card}>{body}</Card>
    </div>
  );
}
