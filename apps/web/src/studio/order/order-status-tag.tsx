import type { TOrderStatus } from '@linkstore/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<TOrderStatus, string> = { 0: 'warning', 1: 'processing', 2: 'success' };

/** Unpaid / Paid, in transit / Completed. */
export function OrderStatusTag({ status }: { status: TOrderStatus }) {
  const { t } = useTranslation('orders');
  return <Tag color={COLOURS[status]}>{t(`status.${status}`)}</Tag>;
}
