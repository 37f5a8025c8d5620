import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/money/use-money';
import { dashboardProductVariantsQuery, type TRangeChoice } from './dashboard-api';
import styles from './home-page.module.css';

/**
 * A top product's units, orders, sales and profit per variant over the chosen range, read only
 * when opened (issue 33): they add up to the product's row. Most units first.
 */
export function ProductVariantSplit({
  id,
  tz,
  productId,
  title,
  range,
}: {
  id: string;
  tz: string;
  productId: string;
  title: string;
  range: TRangeChoice;
}) {
  const { t, i18n } = useTranslation('studio');
  const money = useMoney();
  const split = useQuery(dashboardProductVariantsQuery(tz, productId, range));
  const count = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  if (split.isError)
    return (
      <div id={id} className={styles.variantSplit}>
        <Alert type="error" showIcon title={t('home.dashboard.products.variants.failed')} />
      </div>
    );
  if (!split.data)
    return (
      <div id={id} className={styles.variantSplit} aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  if (split.data.variants.length === 0)
    return (
      <p id={id} className={`${styles.variantSplit} ${styles.empty}`}>
        {t('home.dashboard.products.variants.empty')}
      </p>
    );
  return (
    <ul
      id={id}
      className={`${styles.variantSplit} ${styles.variantList}`}
      aria-label={t('home.dashboard.products.variants.list', { name: title })}
    >
      {split.data.variants.map((variant) => (
        <li key={variant.variantId ?? `line-${variant.sku}`} className={styles.variantRow}>
          <div className={styles.productText}>
            <span className={styles.productTitle}>
              {variant.label || title}
              {variant.sku && <span className={styles.productDetail}> · {variant.sku}</span>}
            </span>
            <span className={styles.productDetail}>
              {t('home.dashboard.products.orders', { count: variant.orders, units: count(variant.units) })}
              {' · '}
              {t('home.dashboard.products.variants.profit', { amount: money.format(variant.profitMinor) })}
            </span>
          </div>
          <strong className={styles.productFigure}>{money.format(variant.salesMinor)}</strong>
        </li>
      ))}
    </ul>
  );
}
