import { DASHBOARD_PRODUCT_RANKINGS, type TDashboardProductRanking } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Card, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/money/use-money';
import { fileUrl } from '../../shared/upload/upload-api';
import { useOpenVariants } from '../product/use-open-variants';
import { dashboardProductsQuery, type TRangeChoice } from './dashboard-api';
import { VariantsToggle } from '../product/variants-toggle';
import { ProductVariantSplit } from './dashboard-product-variants';
import { percent } from './dashboard-format';
import styles from './home-page.module.css';

/** Top products over the chosen period: by what buyers paid, or by orders per view. */
export function TopProducts({ tz, choice }: { tz: string; choice: TRangeChoice }) {
  const { t, i18n } = useTranslation('studio');
  const money = useMoney();
  const [by, setBy] = useState<TDashboardProductRanking>('revenue');
  const range: TRangeChoice = { range: choice.range, from: choice.from, to: choice.to };
  const query = useQuery({
    ...dashboardProductsQuery(tz, by, range),
    placeholderData: (previous) => previous,
  });
  const data = query.data?.by === by ? query.data : undefined;
  const count = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  // A product with several variants opens its split by variant, read only then (issue 33).
  const variants = useOpenVariants();
  const splitId = (productId: string) => `top-product-variants-${productId}`;

  const list = query.isError ? (
    <Alert type="error" showIcon title={t('home.dashboard.loadFailed')} />
  ) : !data ? (
    <Skeleton active />
  ) : data.products.length === 0 ? (
    <p className={styles.empty}>
      {by === 'revenue'
        ? t('home.dashboard.products.emptyRevenue')
        : t('home.dashboard.products.emptyConversion', { count: data.minViews })}
    </p>
  ) : (
    <ol className={styles.products}>
      {data.products.map((product) => (
        <li key={product.productId} className={styles.product}>
          <Avatar
            shape="square"
            size={48}
            src={product.imageUrl ? fileUrl(product.imageUrl) : undefined}
            alt=""
          >
            {product.title.slice(0, 1)}
          </Avatar>
          <div className={styles.productText}>
            <span className={styles.productTitle}>{product.title}</span>
            <span className={styles.productDetail}>
              {by === 'revenue'
                ? t('home.dashboard.products.orders', { count: product.orders, units: count(product.units) })
                : t('home.dashboard.products.views', { count: product.orders, views: count(product.views) })}
            </span>
            {product.variants > 1 && (
              <VariantsToggle
                label={t('home.dashboard.products.variants.toggle')}
                name={t('home.dashboard.products.variants.toggleName', { name: product.title })}
                isOpen={variants.open.includes(product.productId)}
                controls={splitId(product.productId)}
                onToggle={() => variants.toggle(product.productId)}
              />
            )}
          </div>
          <strong className={styles.productFigure}>
            {by === 'revenue' ? money.format(product.sales) : percent(product.conversion, i18n.language)}
          </strong>
          {product.variants > 1 && variants.open.includes(product.productId) && (
            <ProductVariantSplit
              id={splitId(product.productId)}
              tz={tz}
              productId={product.productId}
              title={product.title}
              range={range}
            />
          )}
        </li>
      ))}
    </ol>
  );

  return (
    <Card
      title={<h2 className={styles.cardTitle}>{t('home.dashboard.products.heading')}</h2>}
      className={styles.chartCard}
    >
      <Tabs
        activeKey={by}
        onChange={(key) => setBy(key as TDashboardProductRanking)}
        items={DASHBOARD_PRODUCT_RANKINGS.map((key) => ({
          key,
          label: t(`home.dashboard.products.by.${key}`),
          children: key === by ? list : null,
        }))}
      />
    </Card>
  );
}
