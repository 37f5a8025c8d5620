import { FLAGGED_ORDERS_TOPIC, ZOrderFlaggedNews } from '@linkstore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPerm } from '../../shared/permission/access';
import { showLiveNotification } from '../../shared/realtime/live-notification';
import { useRealtime } from '../../shared/realtime/realtime';
import { useUser } from '../../shared/session/user-store';

/** Who hears of flagged orders: those who may see the console's orders (the server checks too). */
const ORDERS_PERMISSION = 'sys:order:query';

function FlaggedOrdersListener(): null {
  const { t } = useTranslation('orders');
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  useRealtime(FLAGGED_ORDERS_TOPIC, (message) => {
    const parsed = ZOrderFlaggedNews.safeParse(message);
    if (!parsed.success) return;
    void queryClient.invalidateQueries();
    showLiveNotification(notification, {
      key: `flagged-${parsed.data.orderId}`,
      title: t('console.live.flagged'),
      description: t('console.live.flaggedText', { orderNo: parsed.data.orderNo }),
    });
  });
  return null;
}

/**
 * An operator who may see orders hears live of an order flagged on its way to paid. Others do
 * not subscribe at all: the server would refuse the topic and close the socket.
 */
export function LiveFlaggedOrders() {
  const user = useUser((state) => state.info?.user);
  return user && hasPerm(user, ORDERS_PERMISSION) ? <FlaggedOrdersListener /> : null;
}
