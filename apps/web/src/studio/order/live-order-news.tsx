import {
  ORDERS_QUEUE,
  PAYOUTS_QUEUE,
  SHOP_QUEUE,
  ZOrderPaidNews,
  ZOrderRefundedNews,
  ZPayoutNews,
  ZShopNews,
} from '@linkstore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMoney } from '../../shared/money/use-money';
import { showLiveNotification } from '../../shared/realtime/live-notification';
import { useRealtime, useRealtimeConnected } from '../../shared/realtime/realtime';

/**
 * While the studio is open: a paid order shows as a notification with the creator's profit, a
 * refund with what went back and what it took of the profit, a payout completed or returned with
 * its amount, a suspension of the shop and its lift — and what the studio shows (orders, earnings,
 * the dashboard, the shop and its suspension banner) is read again.
 */
export function LiveOrderNews(): null {
  const { t } = useTranslation('orders');
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const money = useMoney();
  const navigate = useNavigate();
  useRealtime(ORDERS_QUEUE, (message) => {
    const refunded = ZOrderRefundedNews.safeParse(message);
    if (refunded.success) {
      const news = refunded.data;
      void queryClient.invalidateQueries();
      const values = {
        orderNo: news.orderNo,
        amount: money.format(news.amountMinor),
        profit: money.format(news.profitReversedMinor),
      };
      showLiveNotification(notification, {
        key: `refund-${news.orderId}-${news.amountMinor}-${news.fullyRefunded}`,
        title: t('live.orderRefunded'),
        description: t(news.fullyRefunded ? 'live.orderRefundedFullText' : 'live.orderRefundedText', values),
        onClick: () => void navigate('/revenue'),
      });
      return;
    }
    const parsed = ZOrderPaidNews.safeParse(message);
    if (!parsed.success) return;
    const body = parsed.data;
    void queryClient.invalidateQueries();
    showLiveNotification(notification, {
      key: `order-${body.orderId}`,
      title: t('live.orderPaid'),
      description: t('live.orderPaidText', { orderNo: body.orderNo, profit: money.format(body.profitMinor) }),
      onClick: () => void navigate('/order'),
    });
  });
  useRealtime(PAYOUTS_QUEUE, (message) => {
    const parsed = ZPayoutNews.safeParse(message);
    if (!parsed.success) return;
    const news = parsed.data;
    void queryClient.invalidateQueries();
    const amount = money.format(news.amountMinor);
    showLiveNotification(notification, {
      key: `payout-${news.payoutId}-${news.kind}`,
      title: t(news.kind === 'payoutPaid' ? 'live.payoutPaid' : 'live.payoutReturned'),
      description: t(news.kind === 'payoutPaid' ? 'live.payoutPaidText' : 'live.payoutReturnedText', {
        amount,
      }),
      onClick: () => void navigate('/revenue'),
    });
  });
  // News is not replayed: what was published before the socket (re)connected — the studio's first
  // seconds, a dropped connection, a renewed session — is read again rather than missed.
  useRealtimeConnected(() => void queryClient.invalidateQueries());
  useRealtime(SHOP_QUEUE, (message) => {
    const parsed = ZShopNews.safeParse(message);
    if (!parsed.success) return;
    const suspended = parsed.data.kind === 'shopSuspended';
    void queryClient.invalidateQueries();
    showLiveNotification(notification, {
      key: `shop-${parsed.data.kind}`,
      title: t(suspended ? 'live.shopSuspended' : 'live.shopLifted'),
      description: t(suspended ? 'live.shopSuspendedText' : 'live.shopLiftedText'),
      onClick: () => void navigate('/shop'),
    });
  });
  return null;
}
