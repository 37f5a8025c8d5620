import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/money/use-money';
import { productVariantsQuery } from './api';
import styles from './product-page.module.css';

/**
 * A product's variants on sale, read when the creator opens them (decision 0055): each with its
 * label and SKU, the price buyers pay (and the "compare at" struck through next to it), the
 * profit and the units in stock. The same list under a table row and inside a phone's card.
 */
export function ProductVariants({ productId, title }: { productId: string; title: string }) {
  const { t } = useTranslation('studio');
  const money = useMoney();
  const variants = useQuery(productVariantsQuery(productId));
  if (variants.isError) return <Alert type="error" showIcon title={t('product.variants.failed')} />;
  return (
    <Spin spinning={variants.isPending}>
      <ul className={styles.variants} aria-label={t('product.variants.of', { name: title })}>
        {(variants.data?.variants ?? []).map((variant) => (
          <li key={variant.id} className={styles.variant}>
            <span className={styles.variantLabel}>
              {variant.label || title}
              <span className={styles.cardMuted}> · {variant.sku}</span>
            </span>
            <dl className={styles.variantFigures}>
              <div>
                <dt>{t('product.field.selling')}</dt>
                <dd>
                  {money.format(variant.sellingMinor)}
                  {variant.shownCompareAtMinor !== null && (
                    <>
                      {' '}
                      <s aria-hidden className={styles.cardMuted}>
                        {money.format(variant.shownCompareAtMinor)}
                      </s>
                      <span className={styles.srOnly}>
                        {t('product.variants.compareAt', {
                          price: money.format(variant.shownCompareAtMinor),
                        })}
                      </span>
                    </>
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('product.field.profit')}</dt>
                <dd>{money.format(variant.profitMinor)}</dd>
              </div>
              <div>
                <dt>{t('product.field.stock')}</dt>
                <dd>{variant.stock}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </Spin>
  );
}
