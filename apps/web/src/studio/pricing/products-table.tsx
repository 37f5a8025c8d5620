import type { TPricedProduct } from '@linkstore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pagination, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../shared/layout/use-is-phone';
import { useMoney, type TMoney } from '../../shared/money/use-money';
import { OverrideInput } from './override-input';
import { previewProduct, type TEffectiveSettings, type TProductPreview } from './pricing-draft';
import { VariantsToggle } from '../product/variants-toggle';
import styles from './pricing.module.css';
import { pricedProductsQuery, type TPricingDraft } from './use-pricing-draft';
import { VariantPrices } from './variant-prices';
import { useOpenVariants } from '../product/use-open-variants';

const PAGE_SIZE = 20;

type TProductRow = TPricedProduct & { preview: TProductPreview };

interface TProductsTableProps {
  categoryId: string;
  settings: TEffectiveSettings;
  pricing: TPricingDraft;
}

/**
 * The products of one subcategory (the parent keys it by category, so paging starts over): cost,
 * percentage price, the creator's own price and "compare at", selling price and profit, previewed
 * with the draft; each product's variants open under it (read when opened) with their own prices.
 */
export function ProductsTable({ categoryId, settings, pricing }: TProductsTableProps) {
  const { t } = useTranslation('studio');
  const money = useMoney();
  const isPhone = useIsPhone();
  const [pageNum, setPageNum] = useState(1);
  const page = useQuery({
    ...pricedProductsQuery({ categoryId, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const rows: TProductRow[] = (page.data?.list ?? []).map((product) => ({
    ...product,
    preview: previewProduct(product, settings, pricing.products),
  }));

  const variants = useOpenVariants();

  const columns: TableColumnsType<TProductRow> = [
    { title: t('pricing.product.title'), dataIndex: 'title' },
    {
      title: t('pricing.product.cost'),
      dataIndex: 'costMinor',
      render: (cents: number) => money.format(cents),
    },
    {
      title: t('pricing.product.percentagePrice'),
      key: 'percentagePrice',
      render: (_, { preview: { percentagePrice } }) =>
        t('pricing.product.percentagePriceValue', {
          price: money.format(percentagePrice.sellingMinor),
          percentage: percentagePrice.percentage,
        }),
    },
    {
      title: t('pricing.product.override'),
      key: 'override',
      render: (_, row) => <ProductOverride row={row} money={money} pricing={pricing} />,
    },
    {
      title: t('pricing.product.compareAt'),
      key: 'compareAt',
      render: (_, row) => <ProductCompareAt row={row} money={money} pricing={pricing} />,
    },
    {
      title: t('pricing.product.selling'),
      key: 'selling',
      render: (_, { preview }) => money.format(preview.price.sellingMinor),
    },
    {
      title: t('pricing.product.profit'),
      key: 'profit',
      render: (_, { preview }) => money.format(preview.price.profitMinor),
    },
    {
      title: t('pricing.product.variants'),
      key: 'variants',
      render: (_, row) => (
        <PricesToggle
          row={row}
          isOpen={variants.open.includes(row.id)}
          onToggle={() => variants.toggle(row.id)}
        />
      ),
    },
  ];

  const paging = {
    current: pageNum,
    pageSize: PAGE_SIZE,
    total: page.data?.total ?? 0,
    onChange: setPageNum,
  };
  if (isPhone)
    return (
      <Spin spinning={page.isPending}>
        <ul className={styles.rows}>
          {rows.map((row) => (
            <li key={row.id} className={styles.row}>
              <span className={styles.rowTitle}>{row.title}</span>
              <dl className={styles.rowFigures}>
                <div>
                  <dt>{t('pricing.product.cost')}</dt>
                  <dd>{money.format(row.costMinor)}</dd>
                </div>
                <div>
                  <dt>{t('pricing.product.percentagePrice')}</dt>
                  <dd>
                    {t('pricing.product.percentagePriceValue', {
                      price: money.format(row.preview.percentagePrice.sellingMinor),
                      percentage: row.preview.percentagePrice.percentage,
                    })}
                  </dd>
                </div>
                <div>
                  <dt>{t('pricing.product.selling')}</dt>
                  <dd>{money.format(row.preview.price.sellingMinor)}</dd>
                </div>
                <div>
                  <dt>{t('pricing.product.profit')}</dt>
                  <dd>{money.format(row.preview.price.profitMinor)}</dd>
                </div>
              </dl>
              <div className={styles.rowOverride}>
                <span aria-hidden>{t('pricing.product.override')}</span>
                <ProductOverride row={row} money={money} pricing={pricing} />
              </div>
              <div className={styles.rowOverride}>
                <span aria-hidden>{t('pricing.product.compareAt')}</span>
                <ProductCompareAt row={row} money={money} pricing={pricing} />
              </div>
              <PricesToggle
                row={row}
                isOpen={variants.open.includes(row.id)}
                onToggle={() => variants.toggle(row.id)}
              />
              {variants.open.includes(row.id) && (
                <VariantPrices product={row} settings={settings} pricing={pricing} money={money} />
              )}
            </li>
          ))}
        </ul>
        <Pagination className={styles.paging} showLessItems showSizeChanger={false} {...paging} />
      </Spin>
    );

  return (
    <Table<TProductRow>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={page.isPending}
      scroll={{ x: 'max-content' }}
      pagination={{ ...paging, showSizeChanger: false }}
      expandable={{
        expandedRowKeys: variants.open,
        showExpandColumn: false,
        expandedRowRender: (row) => (
          <VariantPrices product={row} settings={settings} pricing={pricing} money={money} />
        ),
      }}
    />
  );
}

/** "N variants": opens the prices of a product's variants under it; none for a product without options. */
function PricesToggle({
  row,
  isOpen,
  onToggle,
}: {
  row: TPricedProduct;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('studio');
  // A product without options is its one variant: its own price is the product's.
  if (row.variants < 2) return null;
  return (
    <VariantsToggle
      look="button"
      label={t('pricing.product.variantCount', { count: row.variants })}
      name={t('pricing.product.variantsOf', { count: row.variants, name: row.title })}
      isOpen={isOpen}
      onToggle={onToggle}
    />
  );
}

interface TProductOverrideProps {
  row: TProductRow;
  money: TMoney;
  pricing: TPricingDraft;
}

/** The creator's own price of one product, with the warning when it is below cost. */
function ProductOverride({ row: { preview, ...product }, money, pricing }: TProductOverrideProps) {
  const { t } = useTranslation('studio');
  const isBelowCost = preview.overridePriceMinor !== null && preview.overridePriceMinor < product.costMinor;
  return (
    <>
      <OverrideInput
        label={t('pricing.product.overrideFor', { title: product.title })}
        money={money}
        valueMinor={preview.overridePriceMinor}
        placeholderMinor={preview.percentagePrice.sellingMinor}
        isInvalid={isBelowCost}
        onChange={(overridePriceMinor) => pricing.editProduct(product, { overridePriceMinor })}
      />
      {isBelowCost && (
        <Typography.Text type="danger">
          {t('pricing.draft.belowCost', {
            product: product.title,
            cost: money.format(product.costMinor),
          })}
        </Typography.Text>
      )}
    </>
  );
}

/**
 * The product's "compare at" (sale) price, shown struck through next to its price in the shop;
 * with the warning when it is not above the selling price (buyers would not see it).
 */
function ProductCompareAt({ row: { preview, ...product }, money, pricing }: TProductOverrideProps) {
  const { t } = useTranslation('studio');
  const isNotAbove = preview.compareAtMinor !== null && preview.compareAtMinor <= preview.price.sellingMinor;
  return (
    <>
      <OverrideInput
        label={t('pricing.product.compareAtFor', { title: product.title })}
        money={money}
        valueMinor={preview.compareAtMinor}
        placeholderMinor={null}
        isInvalid={isNotAbove}
        onChange={(compareAtMinor) => pricing.editProduct(product, { compareAtMinor })}
      />
      {isNotAbove && (
        <Typography.Text type="danger">
          {t('pricing.product.compareAtNotAbove', { price: money.format(preview.price.sellingMinor) })}
        </Typography.Text>
      )}
    </>
  );
}
