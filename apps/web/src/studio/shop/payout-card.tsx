import type { TShop } from '@linkstore/contract';
import { App, Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { alreadyShown } from '../../shared/http/use-route-mutation';
import { useConnectPayPal, useDisconnectPayPal } from './paypal-api';
import styles from './payout-card.module.css';

/**
 * Where profit is paid: the PayPal account the creator connected through PayPal (decision 0025).
 * A typed email from before the binding is shown as not verified until they connect again.
 */
export function PayoutCard({ shop }: { shop: TShop }) {
  const { t } = useTranslation('paypal');
  const { message } = App.useApp();
  const connect = useConnectPayPal();
  const disconnect = useDisconnectPayPal();
  const busy = connect.isPending || disconnect.isPending;
  const email = shop.paypalEmail;

  // Promises, so each confirmation spins until the answer; the http client shows a refusal.
  const startConnect = () => connect.mutateAsync().then(() => undefined, alreadyShown);
  const remove = () =>
    disconnect.mutateAsync().then(() => void message.success(t('card.disconnected')), alreadyShown);

  return (
    <Card id="shop-payout" title={t('card.heading')}>
      {email ? (
        <Flex vertical gap="small">
          <Typography.Text type="secondary">{t('card.paidTo')}</Typography.Text>
          <Flex gap="small" align="center" wrap>
            <Typography.Text strong className={styles.email}>
              {email}
            </Typography.Text>
            {shop.paypalVerified ? (
              <Tag color="success">{t('card.verified')}</Tag>
            ) : (
              <Tag color="warning">{t('card.notVerified')}</Tag>
            )}
          </Flex>
          {!shop.paypalVerified && (
            <Typography.Text type="warning">{t('card.notVerifiedHint')}</Typography.Text>
          )}
        </Flex>
      ) : (
        <Typography.Paragraph type="secondary">{t('card.none')}</Typography.Paragraph>
      )}
      <Flex gap="small" wrap className={styles.actions}>
        {!email && (
          <Button type="primary" size="large" loading={connect.isPending} onClick={() => void startConnect()}>
            {t('connect')}
          </Button>
        )}
        {email && !shop.paypalVerified && (
          <Popconfirm
            title={t('card.connectAgainConfirm')}
            okText={t('connect')}
            cancelText={t('card.cancel')}
            onConfirm={startConnect}
          >
            <Button type="primary" size="large" disabled={busy} loading={connect.isPending}>
              {t('card.connectAgain')}
            </Button>
          </Popconfirm>
        )}
        {email && shop.paypalVerified && (
          <Popconfirm
            title={t('card.changeConfirm')}
            okText={t('card.change')}
            cancelText={t('card.cancel')}
            onConfirm={startConnect}
          >
            <Button size="large" disabled={busy} loading={connect.isPending}>
              {t('card.change')}
            </Button>
          </Popconfirm>
        )}
        {email && (
          <Popconfirm
            title={t('card.disconnectConfirm')}
            okText={t('card.disconnect')}
            okButtonProps={{ danger: true }}
            cancelText={t('card.cancel')}
            onConfirm={remove}
          >
            <Button danger size="large" disabled={busy} loading={disconnect.isPending}>
              {t('card.disconnect')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
    </Card>
  );
}
