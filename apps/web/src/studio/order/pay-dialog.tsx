import { newIdempotencyKey } from '../../shared/idempotency-key';
import { ErrorCode, type TCreatorOrder } from '@linkstore/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Modal, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../shared/http/http-error';
import { useMoney } from '../../shared/money/use-money';
import { browser, startPurchase } from './api';
import styles from './order-page.module.css';

interface PayDialogProps {
  /** The unpaid orders to pay; the dialog is open while there are some. */
  orders: TCreatorOrder[];
  onClose: () => void;
  /** Some orders were paid by their buyers meanwhile: nothing was charged, the list reloads. */
  onTakenOut: () => void;
}

/**
 * The payment dialog: each order with the platform price the creator pays for it, the total,
 * and "Pay with PayPal", which starts one payment and leaves for its approval page. Mounted per
 * opening, so each dialog has its own payment key.
 */
export function PayDialog({ orders, onClose, onTakenOut }: PayDialogProps) {
  const { t } = useTranslation('orders');
  const money = useMoney();
  const payKey = useRef(newIdempotencyKey());
  const total = orders.reduce((sum, order) => sum + order.platformMinor, 0);
  const pay = useMutation({
    mutationFn: () =>
      startPurchase(
        orders.map((order) => order.orderNo),
        payKey.current,
      ),
    onSuccess: (purchase) => {
      if (purchase.approveUrl) browser.assign(purchase.approveUrl);
    },
    onError: (error) => {
      // A refusal (4xx) ends this attempt; a lost answer or a 5xx keeps the key, so trying again
      // answers the purchase that may already exist instead of starting a second one.
      if (isHttpError(error) && error.status !== undefined && error.status < 500)
        payKey.current = newIdempotencyKey();
      if (isHttpError(error) && error.code === ErrorCode.ORDERS_NOT_UNPAID) onTakenOut();
    },
  });
  const leaving = pay.isPending || pay.isSuccess;

  return (
    <Modal
      open
      title={t('orders.pay.title')}
      onCancel={leaving ? undefined : onClose}
      maskClosable={!leaving}
      footer={null}
      width={480}
    >
      <Typography.Paragraph type="secondary">{t('orders.pay.intro')}</Typography.Paragraph>
      <ul className={styles.payList} aria-label={t('orders.pay.orders')}>
        {orders.map((order) => (
          <li key={order.orderNo} className={styles.payLine}>
            <span>
              {t('orders.orderNo', { orderNo: order.orderNo })}
              <Typography.Text type="secondary" className={styles.payTitle}>
                {order.items[0]?.title}
                {order.items.length > 1 && ` ${t('orders.moreItems', { count: order.items.length - 1 })}`}
              </Typography.Text>
            </span>
            <strong className={styles.payAmount}>{money.format(order.platformMinor)}</strong>
          </li>
        ))}
      </ul>
      <div className={styles.payTotal}>
        <span>{t('orders.pay.total')}</span>
        <strong data-testid="pay-total" className={styles.payAmount}>
          {money.format(total)}
        </strong>
      </div>
      <Button
        type="primary"
        size="large"
        block
        className={styles.tap}
        loading={leaving}
        onClick={() => pay.mutate()}
      >
        {t('orders.pay.payWithPayPal')}
      </Button>
    </Modal>
  );
}
