import type { TCreatorOrder, TOrderStatus } from '@linkstore/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<TOrderStatus, string> = { 0: 'warning', 1: 'processing', 2: 'success' };

/** Unpaid / Paid, in transit / Completed — or Refunded, once all of its payment went back. */
export function OrderStatusTag({ order }: { order: Pick<TCreatorOrder, 'status' | 'fullyRefunded'> }) {
  const { t } = useTranslation('orders');
  if (order.fullyRefunded) return <Tag color="error">{t('status.refunded')}</Tag>;
  return <Tag color={COLOURS[order.status]}>{t(`status.${order.status}`)}</Tag>;
}
