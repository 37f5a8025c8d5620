import type { TShop, TUpdateShopRequest } from '@linkstore/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { SLUG_MAX, SLUG_MIN, slugProblem } from './shop-link';

/** The slug field's rule: the contract's rules and reserved words, checked as the creator types. */
export function slugRules(t: TFunction<'studio'>): FormRule[] {
  return [
    {
      validator: async (_rule, value: string | undefined) => {
        const problem = slugProblem(value ?? '');
        if (problem) throw new Error(t(`shop.slug.${problem}`, { min: SLUG_MIN, max: SLUG_MAX }));
      },
    },
  ];
}

export type TShopDetails = Required<Pick<TUpdateShopRequest, 'name' | 'slug' | 'description'>> &
  Pick<TShop, 'bannerUrl' | 'imageUrl'>;

/** Only what the creator changed, so an untouched slug is never sent (and never re-checked). */
export function changedDetails(shop: TShop, values: TShopDetails): TUpdateShopRequest {
  const changes: TUpdateShopRequest = {};
  if (values.name.trim() !== shop.name) changes.name = values.name.trim();
  if (values.slug.trim() !== shop.slug) changes.slug = values.slug.trim();
  if (values.description.trim() !== shop.description) changes.description = values.description.trim();
  if ((values.bannerUrl ?? null) !== shop.bannerUrl) changes.bannerUrl = values.bannerUrl ?? null;
  if ((values.imageUrl ?? null) !== shop.imageUrl) changes.imageUrl = values.imageUrl ?? null;
  return changes;
}
