import type { TPricedProduct } from '@linkstore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/money/use-money';
import { OverrideInput } from './override-input';
import { previewProduct, type TEffectiveSettings, type TProductPreview } from './pricing-draft';
import { pricedProductsQuery, type TPricingDraft } from './use-pricing-draft';

const PAGE_SIZE = 20;

type TProductRow = TPricedProduct & { preview: TProductPreview };

interface TProductsTableProps {
  categoryId: string;
  settings: TEffectiveSettings;
  pricing: TPricingDraft;
}

/**
 * The products of one subcategory (the parent keys it by category, so paging starts over): cost,
 * percentage price, the creator's own price, selling price and profit, previewed with the draft.
 */
export function ProductsTable({ categoryId, settings, pricing }: TProductsTableProps) {
  const { t } = useTranslation('studio');
  const money = useMoney();
  const [pageNum, setPageNum] = useState(1);
  const page = useQuery({
    ...pricedProductsQuery({ categoryId, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const rows: TProductRow[] = (page.data?.list ?? []).map((product) => ({
    ...product,
    preview: previewProduct(product, settings, pricing.products),
  }));

  const columns: TableColumnsType<TProductRow> = [
    { title: t('pricing.product.title'), dataIndex: 'title' },
    {
      title: t('pricing.product.cost'),
      dataIndex: 'costCents',
      render: (cents: number) => money.format(cents),
    },
    {
      title: t('pricing.product.percentagePrice'),
      key: 'percentagePrice',
      render: (_, { preview: { percentagePrice } }) =>
        t('pricing.product.percentagePriceValue', {
          price: money.format(percentagePrice.sellingCents),
          percentage: percentagePrice.percentage,
        }),
    },
    {
      title: t('pricing.product.override'),
      key: 'override',
      render: (_, { preview, ...product }) => {
        const isBelowCost =
          preview.overridePriceCents !== null && preview.overridePriceCents < product.costCents;
        return (
          <>
            <OverrideInput
              label={t('pricing.product.overrideFor', { title: product.title })}
              money={money}
              valueCents={preview.overridePriceCents}
              placeholderCents={preview.percentagePrice.sellingCents}
              isBelowCost={isBelowCost}
              onChange={(overridePriceCents) =>
                pricing.setProductOverride({
                  id: product.id,
                  title: product.title,
                  costCents: product.costCents,
                  overridePriceCents,
                })
              }
            />
            {isBelowCost && (
              <Typography.Text type="danger">
                {t('pricing.draft.belowCost', {
                  product: product.title,
                  cost: money.format(product.costCents),
                })}
              </Typography.Text>
            )}
          </>
        );
      },
    },
    {
      title: t('pricing.product.selling'),
      key: 'selling',
      render: (_, { preview }) => money.format(preview.price.sellingCents),
    },
    {
      title: t('pricing.product.profit'),
      key: 'profit',
      render: (_, { preview }) => money.format(preview.price.profitCents),
    },
  ];

  return (
    <Table<TProductRow>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={page.isPending}
      pagination={{
        current: pageNum,
        pageSize: PAGE_SIZE,
        total: page.data?.total ?? 0,
        showSizeChanger: false,
        onChange: setPageNum,
      }}
    />
  );
}
