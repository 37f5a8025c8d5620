import { newIdempotencyKey } from '../../shared/idempotency-key';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, Modal, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isHttpError } from '../../shared/http/http-error';
import { useMoney } from '../../shared/money/use-money';
import { capturePurchase } from './api';
import styles from './order-page.module.css';
import { dropProviderParams } from './provider-return';

/**
 * `#/order/pay-result?purchase=<id>`: where the payment provider sends the creator back after
 * approving. Captures the payment (the server answers a repeat with the same result), then shows
 * "Payment success" with "View order", or why it failed with the way back to the orders. The
 * provider's token leaves the address at once, so Back and reloads do not carry it.
 */
export function PayResultPage() {
  const { t } = useTranslation('orders');
  const money = useMoney();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('purchase') ?? '';
  const valid = /^[1-9]\d{0,15}$/.test(id);
  // One capture per visit of this page: its Idempotency-Key.
  const [captureKey] = useState(newIdempotencyKey);
  useEffect(() => dropProviderParams(), []);
  const captured = useQuery({
    queryKey: ['POST', 'purchase-capture', id],
    queryFn: () => capturePurchase(id, captureKey),
    enabled: valid,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const back = (
    <Button type="primary" className={styles.tap} onClick={() => void navigate('/order')}>
      {t('orders.pay.back')}
    </Button>
  );

  if (!valid) return <Result status="warning" title={t('orders.pay.missing')} extra={back} />;
  if (captured.isPending) {
    return (
      <div className={styles.footer} role="status">
        <Spin />
        <span>{t('orders.pay.confirming')}</span>
      </div>
    );
  }
  if (captured.isError || captured.data.status !== 'paid') {
    const reason = isHttpError(captured.error) ? captured.error.msg : '';
    return <Result status="error" title={t('orders.pay.failed')} subTitle={reason} extra={back} />;
  }
  const purchase = captured.data;
  const [only] = purchase.orders;
  // One order opens it; several open the list of completed orders.
  const viewOrder = () =>
    void navigate(purchase.orders.length === 1 && only ? `/order?open=${only.orderNo}` : '/order?status=2');
  return (
    <Modal
      open
      title={t('orders.pay.success')}
      closable={false}
      maskClosable={false}
      footer={
        <Button type="primary" block className={styles.tap} onClick={viewOrder}>
          {t('orders.pay.viewOrder')}
        </Button>
      }
    >
      <Typography.Paragraph>
        {t('orders.pay.successBody', {
          count: purchase.orders.length,
          total: money.format(purchase.totalMinor),
        })}
      </Typography.Paragraph>
    </Modal>
  );
}
