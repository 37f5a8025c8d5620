import { variantTitle, type TPricedProduct, type TShopProductVariant } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TMoney } from '../../shared/money/use-money';
import { productVariantsQuery } from '../product/api';
import { OverrideInput } from './override-input';
import { previewVariant, type TEffectiveSettings } from './pricing-draft';
import styles from './pricing.module.css';
import type { TPricingDraft } from './use-pricing-draft';

interface TVariantPricesProps {
  product: TPricedProduct;
  settings: TEffectiveSettings;
  pricing: TPricingDraft;
  money: TMoney;
}

/**
 * A product's variants with their own prices (decision 0055), read when the creator opens them:
 * each with its cost, the price and profit it would sell at with the draft saved, an own price
 * (wins over every rule, used as typed) and a "compare at"; edits join the same draft as the
 * product's own price and are saved with it.
 */
export function VariantPrices({ product, settings, pricing, money }: TVariantPricesProps) {
  const { t } = useTranslation('studio');
  const variants = useQuery(productVariantsQuery(product.id));
  if (variants.isError) return <Alert type="error" showIcon title={t('pricing.variant.failed')} />;
  return (
    <Spin spinning={variants.isPending}>
      <ul className={styles.variants} aria-label={t('pricing.variant.list', { name: product.title })}>
        {(variants.data?.variants ?? []).map((variant) => (
          <VariantRow
            key={variant.id}
            product={product}
            variant={variant}
            settings={settings}
            pricing={pricing}
            money={money}
          />
        ))}
      </ul>
    </Spin>
  );
}

function VariantRow({
  product,
  variant,
  settings,
  pricing,
  money,
}: TVariantPricesProps & { variant: TShopProductVariant }) {
  const { t } = useTranslation('studio');
  const preview = previewVariant(product, variant, settings, pricing.products);
  const title = variantTitle(product.title, variant.label);
  const draftProduct = { id: product.id, title: product.title, costMinor: product.costMinor };
  const draftVariant = { id: variant.id, label: variant.label, costMinor: variant.costMinor };
  const isBelowCost = preview.priceMinor !== null && preview.priceMinor < variant.costMinor;
  const isNotAbove = preview.compareAtMinor !== null && preview.compareAtMinor <= preview.price.sellingMinor;
  return (
    <li className={styles.variant}>
      <span className={styles.rowTitle}>
        {variant.label || product.title}
        <span className={styles.muted}> · {variant.sku}</span>
      </span>
      <dl className={styles.rowFigures}>
        <div>
          <dt>{t('pricing.product.cost')}</dt>
          <dd>{money.format(variant.costMinor)}</dd>
        </div>
        <div>
          <dt>{t('pricing.product.selling')}</dt>
          <dd>
            {money.format(preview.price.sellingMinor)}
            {preview.shownCompareAtMinor !== null && (
              <>
                {' '}
                <s aria-hidden className={styles.muted}>
                  {money.format(preview.shownCompareAtMinor)}
                </s>
                <span className={styles.srOnly}>
                  {t('pricing.variant.was', { price: money.format(preview.shownCompareAtMinor) })}
                </span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('pricing.product.profit')}</dt>
          <dd>{money.format(preview.price.profitMinor)}</dd>
        </div>
        <div>
          <dt>{t('pricing.variant.stock')}</dt>
          <dd>{variant.stock}</dd>
        </div>
      </dl>
      <div className={styles.variantInputs}>
        <div className={styles.rowOverride}>
          <span aria-hidden>{t('pricing.variant.ownPrice')}</span>
          <OverrideInput
            label={t('pricing.product.overrideFor', { title })}
            money={money}
            valueMinor={preview.priceMinor}
            placeholderMinor={preview.rulePrice.sellingMinor}
            isInvalid={isBelowCost}
            onChange={(priceMinor) => pricing.editVariant(draftProduct, draftVariant, { priceMinor })}
          />
        </div>
        <div className={styles.rowOverride}>
          <span aria-hidden>{t('pricing.product.compareAt')}</span>
          <OverrideInput
            label={t('pricing.product.compareAtFor', { title })}
            money={money}
            valueMinor={preview.compareAtMinor}
            placeholderMinor={preview.carriedCompareAtMinor}
            isInvalid={isNotAbove}
            onChange={(compareAtMinor) => pricing.editVariant(draftProduct, draftVariant, { compareAtMinor })}
          />
        </div>
      </div>
      {isBelowCost && (
        <Typography.Text type="danger">
          {t('pricing.draft.belowCost', { product: title, cost: money.format(variant.costMinor) })}
        </Typography.Text>
      )}
      {isNotAbove && (
        <Typography.Text type="danger">
          {t('pricing.product.compareAtNotAbove', { price: money.format(preview.price.sellingMinor) })}
        </Typography.Text>
      )}
    </li>
  );
}
