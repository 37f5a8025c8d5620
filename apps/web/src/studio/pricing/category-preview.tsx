import type { TPrice } from '@linkstore/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/money/use-money';

/** "A $10.00 product sells for $15.00, profit $5.00", in the user's currency. */
export function CategoryPreview({ price }: { price: TPrice }) {
  const { t } = useTranslation('studio');
  const money = useMoney();
  return (
    <>
      {t('pricing.category.example', {
        cost: money.format(price.costMinor),
        selling: money.format(price.sellingMinor),
        profit: money.format(price.profitMinor),
      })}
    </>
  );
}
