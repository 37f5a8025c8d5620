import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { myShopQuery } from './api';

/**
 * Tells the creator an operator suspended their shop, and why: buyers see "unavailable" and
 * cannot order, while the studio keeps working. Nothing when the shop is open (or not loaded).
 */
export function SuspensionBanner() {
  const { t } = useTranslation('studio');
  const shop = useQuery(myShopQuery);
  const reason = shop.data?.suspendedReason;
  if (!reason) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('suspension.title', { reason })}
      description={t('suspension.text')}
    />
  );
}
