import { ROUNDINGS, type TRounding } from '@linkstore/contract';
import { Card, Flex, Form, Radio, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCategoryColumns } from './category-columns';
import { PercentageInput } from './percentage-input';
import { previewCategory } from './pricing-draft';
import { PricingToolbar } from './pricing-toolbar';
import { shopCategoriesQuery, usePricingDraft } from './use-pricing-draft';

/** A category as the tables show it (the tree's children are left out: they have their own page). */
interface TCategoryRow {
  id: string;
  name: string;
}

/**
 * Price adjustment, first level (`#/pricing`): the shop's default percentage and rounding, and
 * a percentage per first-level category, each with a live example priced like the server will.
 */
export function FirstLevelPricingPage() {
  const { t } = useTranslation('studio');
  const pricing = usePricingDraft();
  const categories = useQuery(shopCategoriesQuery);
  const { settings } = pricing;

  const columns = useCategoryColumns<TCategoryRow>({
    pricing,
    placeholder: t('pricing.category.usesDefault', { percentage: settings?.defaultPercentage }),
    previewOf: (effective, category) => previewCategory(effective, category.id),
  });

  return (
    <div>
      <Flex vertical gap="middle">
        <PricingToolbar pricing={pricing} />
        <Card title={t('pricing.shop.title')} loading={!settings}>
          {settings && (
            <Form layout="vertical">
              <Form.Item
                label={t('pricing.shop.defaultPercentage')}
                htmlFor="pricing-default-percentage"
                extra={t('pricing.shop.defaultHelp')}
              >
                <PercentageInput
                  id="pricing-default-percentage"
                  value={settings.defaultPercentage}
                  onChange={(percentage) => {
                    // The default cannot be empty: clearing the field keeps the last value.
                    if (percentage !== null) pricing.setShopSettings({ defaultPercentage: percentage });
                  }}
                />
              </Form.Item>
              <Form.Item label={t('pricing.shop.rounding')}>
                <Radio.Group
                  aria-label={t('pricing.shop.rounding')}
                  value={settings.rounding}
                  options={ROUNDINGS.map((rounding) => ({
                    value: rounding,
                    label: t(`pricing.shop.roundings.${rounding}`),
                  }))}
                  onChange={(event) => pricing.setShopSettings({ rounding: event.target.value as TRounding })}
                />
              </Form.Item>
            </Form>
          )}
        </Card>
        <Card title={t('pricing.category.title')}>
          <Table<TCategoryRow>
            rowKey="id"
            columns={columns}
            dataSource={(categories.data ?? []).map(({ id, name }) => ({ id, name }))}
            loading={categories.isPending}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </Card>
      </Flex>
    </div>
  );
}
