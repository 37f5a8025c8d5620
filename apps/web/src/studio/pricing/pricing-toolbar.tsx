import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isHttpError } from '../../shared/http/http-error';
import { useMoney } from '../../shared/money/use-money';
import { findBelowCost } from './pricing-draft';
import type { TPricingDraft } from './use-pricing-draft';
import { PageHeading } from '../layout/page-heading';
import { myShopQuery } from '../shop/api';
import { KeepPricesButton } from './keep-prices-button';

const TABS = [
  { key: '/pricing', label: 'pricing.tabs.categories' },
  { key: '/pricing/subcategories', label: 'pricing.tabs.subcategories' },
] as const;

/**
 * The head of both price adjustment pages: the tabs between them, the count of unsaved changes,
 * Save (one PUT for the whole draft) and Reset (after a confirmation). Until the first save, a
 * creator happy with the suggested prices can keep them as they are (quick start step 3).
 */
export function PricingToolbar({ pricing }: { pricing: TPricingDraft }) {
  const { t } = useTranslation('studio');
  const { message, modal } = App.useApp();
  const money = useMoney();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const hasChanges = pricing.changeCount > 0;
  const shop = useQuery(myShopQuery);
  const mayKeep = Boolean(shop.data && !shop.data.pricesSavedAt) && !hasChanges;

  const save = () => {
    const belowCost = findBelowCost(pricing.products);
    if (belowCost) {
      setError(
        t('pricing.draft.belowCost', { product: belowCost.title, cost: money.format(belowCost.costMinor) }),
      );
      return;
    }
    setError(null);
    pricing.save({
      onSuccess: () => void message.success(t('pricing.draft.saved')),
      onError: (failure) => setError(isHttpError(failure) ? failure.msg : t('pricing.draft.failed')),
    });
  };

  const reset = () =>
    modal.confirm({
      title: t('pricing.draft.resetTitle'),
      content: t('pricing.draft.resetText'),
      okText: t('pricing.draft.resetOk'),
      okButtonProps: { danger: true },
      cancelText: t('pricing.draft.cancel'),
      onOk: () => {
        pricing.discard();
        setError(null);
      },
    });

  return (
    <Flex vertical gap="small">
      <PageHeading>{t('pricing.heading')}</PageHeading>
      <Tabs
        activeKey={pathname}
        items={TABS.map(({ key, label }) => ({ key, label: t(label) }))}
        onChange={(key) => void navigate(key)}
      />
      <Flex gap="small" align="center" wrap>
        <Typography.Text type={hasChanges ? 'warning' : 'secondary'} role="status">
          {hasChanges ? t('pricing.draft.unsaved', { count: pricing.changeCount }) : t('pricing.draft.none')}
        </Typography.Text>
        <Button type="primary" disabled={!hasChanges} loading={pricing.isSaving} onClick={save}>
          {t('pricing.draft.save')}
        </Button>
        <Button disabled={!hasChanges || pricing.isSaving} onClick={reset}>
          {t('pricing.draft.reset')}
        </Button>
      </Flex>
      {mayKeep && (
        <Alert
          type="info"
          showIcon
          title={t('pricing.keep.text')}
          action={<KeepPricesButton type="primary" />}
        />
      )}
      {error && <Alert type="error" showIcon title={error} />}
    </Flex>
  );
}
