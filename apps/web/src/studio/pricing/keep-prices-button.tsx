import { App, Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useKeepPrices } from '../shop/api';

/**
 * "Keep these prices": accepts the suggested prices as they are, which completes quick start step
 * 3 on the server (like a first save) without changing any price.
 */
export function KeepPricesButton({ type, className }: Pick<ButtonProps, 'type' | 'className'>) {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const keep = useKeepPrices();
  return (
    <Button
      type={type}
      className={className}
      loading={keep.isPending}
      onClick={() =>
        keep.mutate(undefined, { onSuccess: () => void message.success(t('pricing.keep.done')) })
      }
    >
      {t('pricing.keep.action')}
    </Button>
  );
}
