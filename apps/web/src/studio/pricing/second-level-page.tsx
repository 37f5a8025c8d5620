import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategoryColumns } from './category-columns';
import { previewCategory } from './pricing-draft';
import { PricingToolbar } from './pricing-toolbar';
import { ProductsTable } from './products-table';
import { shopCategoriesQuery, usePricingDraft } from './use-pricing-draft';

/** A subcategory as its table shows it. */
interface TSubcategoryRow {
  id: string;
  parentId: string;
  name: string;
}

/**
 * Price adjustment, second level (`#/pricing/subcategories`): pick a primary category, set its
 * subcategories' percentages (empty inherits the primary one), and price the products of one
 * subcategory one by one. Everything previews with the unsaved draft.
 */
export function SecondLevelPricingPage() {
  const { t } = useTranslation('studio');
  const pricing = usePricingDraft();
  const categories = useQuery(shopCategoriesQuery);
  const [primaryId, setPrimaryId] = useState<string | undefined>();
  const [subcategoryId, setSubcategoryId] = useState<string | undefined>();
  const { settings } = pricing;

  const tree = categories.data ?? [];
  const primary = tree.find((category) => category.id === primaryId) ?? tree[0];
  const subcategories = primary?.children ?? [];
  const subcategory = subcategories.find((category) => category.id === subcategoryId) ?? subcategories[0];
  const inherited =
    primary && settings ? (settings.percentages[primary.id] ?? settings.defaultPercentage) : 0;

  const columns: TableColumnsType<TSubcategoryRow> = [
    ...useCategoryColumns<TSubcategoryRow>({
      pricing,
      placeholder: t('pricing.category.inherits', { percentage: inherited }),
      previewOf: (effective, category) => previewCategory(effective, category.parentId, category.id),
    }),
    {
      title: t('pricing.second.products'),
      key: 'products',
      render: (_, category) => (
        <Button
          type={category.id === subcategory?.id ? 'primary' : 'default'}
          aria-pressed={category.id === subcategory?.id}
          onClick={() => setSubcategoryId(category.id)}
        >
          {t('pricing.second.showProducts', { name: category.name })}
        </Button>
      ),
    },
  ];

  return (
    <div>
      <Flex vertical gap="middle">
        <PricingToolbar pricing={pricing} />
        <Form layout="inline">
          <Form.Item label={t('pricing.second.primary')} htmlFor="pricing-primary-category">
            <Select
              id="pricing-primary-category"
              aria-label={t('pricing.second.primary')}
              style={{ minWidth: 220 }}
              loading={categories.isPending}
              value={primary?.id}
              options={tree.map((category) => ({ value: category.id, label: category.name }))}
              onChange={(id: string) => {
                setPrimaryId(id);
                setSubcategoryId(undefined);
              }}
            />
          </Form.Item>
        </Form>
        <Card title={t('pricing.second.subcategories')}>
          <Table<TSubcategoryRow>
            rowKey="id"
            columns={columns}
            dataSource={subcategories.map(({ id, parentId, name }) => ({ id, parentId, name }))}
            loading={categories.isPending}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </Card>
        <Card title={subcategory ? subcategory.name : t('pricing.second.products')}>
          {subcategory && settings ? (
            <ProductsTable
              key={subcategory.id}
              categoryId={subcategory.id}
              settings={settings}
              pricing={pricing}
            />
          ) : (
            <Empty description={t('pricing.second.noSubcategory')} />
          )}
        </Card>
      </Flex>
    </div>
  );
}
