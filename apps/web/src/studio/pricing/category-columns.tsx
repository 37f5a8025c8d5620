import type { TPrice } from '@linkstore/contract';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CategoryPreview } from './category-preview';
import { PercentageInput } from './percentage-input';
import type { TEffectiveSettings } from './pricing-draft';
import type { TPricingDraft } from './use-pricing-draft';

interface TCategoryColumnsOptions<T> {
  pricing: TPricingDraft;
  /** What an empty percentage means (the shop default, or the primary category's). */
  placeholder: string;
  /** The example product priced with the row's percentages. */
  previewOf: (settings: TEffectiveSettings, category: T) => TPrice;
}

/** A category table's name, percentage (edits the draft) and live example columns. */
export function useCategoryColumns<T extends { id: string; name: string }>({
  pricing,
  placeholder,
  previewOf,
}: TCategoryColumnsOptions<T>): TableColumnsType<T> {
  const { t } = useTranslation('studio');
  const { settings } = pricing;
  return [
    { title: t('pricing.category.name'), dataIndex: 'name' },
    {
      title: t('pricing.category.percentage'),
      key: 'percentage',
      render: (_, category) =>
        settings && (
          <PercentageInput
            label={t('pricing.category.percentageFor', { name: category.name })}
            value={settings.percentages[category.id] ?? null}
            placeholder={placeholder}
            onChange={(percentage) => pricing.setCategoryPercentage(category.id, percentage)}
          />
        ),
    },
    {
      title: t('pricing.category.preview'),
      key: 'preview',
      render: (_, category) => settings && <CategoryPreview price={previewOf(settings, category)} />,
    },
  ];
}
