import {
  pricingRoutes,
  shopProductsRoutes,
  shopsRoutes,
  type TPricingProductsQuery,
  type TPricingSettings,
  type TPricingUpdateRequest,
  type TRounding,
} from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';
import { useUserPreferences } from '../../shared/preferences/user-preferences-store';
import { useUser } from '../../shared/session/user-store';
import {
  countChanges,
  EMPTY_SETTINGS_DRAFT,
  effectiveSettings,
  readProductDrafts,
  toUpdateRequest,
  withCategoryPercentage,
  withProductChange,
  withShopSettings,
  type TEffectiveSettings,
  type TProductDraft,
  type TSettingsDraft,
  type TVariantDraft,
} from './pricing-draft';
import { useSettingsDraft } from './settings-draft-store';

export const pricingSettingsQuery = routeQueryOptions(pricingRoutes.settings);
export const shopCategoriesQuery = routeQueryOptions(shopProductsRoutes.categories);
export const pricedProductsQuery = (query: TPricingProductsQuery) =>
  routeQueryOptions(pricingRoutes.products, { query });
/** A product's variants as the shop prices them: read when the creator opens them. */
export const productVariantsQuery = (productId: string) =>
  routeQueryOptions(shopProductsRoutes.variants, { params: { id: productId } });

/** The product an edit is for: what its draft carries (for a refusal before sending). */
export type TDraftProduct = Pick<TProductDraft, 'id' | 'title' | 'costMinor'>;

export interface TPricingDraft {
  /** The saved settings; undefined while loading. */
  saved: TPricingSettings | undefined;
  /** Saved settings with the draft applied; undefined while loading. */
  settings: TEffectiveSettings | undefined;
  products: TProductDraft[];
  changeCount: number;
  setCategoryPercentage: (categoryId: string, percentage: number | null) => void;
  setShopSettings: (change: { defaultPercentage?: number; rounding?: TRounding }) => void;
  /** Edits a product's own price (`overridePriceMinor`) or "compare at"; null removes one. */
  editProduct: (
    product: TDraftProduct,
    change: Pick<TProductDraft, 'overridePriceMinor'> | Pick<TProductDraft, 'compareAtMinor'>,
  ) => void;
  /** Edits a variant's own price or "compare at" (decision 0055); null removes one. */
  editVariant: (
    product: TDraftProduct,
    variant: Pick<TVariantDraft, 'id' | 'label' | 'costMinor'>,
    change: Pick<TVariantDraft, 'priceMinor'> | Pick<TVariantDraft, 'compareAtMinor'>,
  ) => void;
  /**
   * Sends the whole draft in one PUT: `onSuccess` as soon as the server accepted it; the saved
   * prices are then read again and the draft emptied. Quiet: the page shows a refusal itself
   * (`onError`), and keeps the draft.
   */
  save: (handlers: TSaveHandlers) => void;
  /** The save is on its way. */
  isSaving: boolean;
  discard: () => void;
}

interface TSaveHandlers {
  onSuccess: () => void;
  onError: (failure: Error) => void;
}

/** The draft of both price adjustment pages: settings in their own store, products in the preferences. */
export function usePricingDraft(): TPricingDraft {
  const ownerId = useUser((state) => state.info?.user.userId) ?? '';
  const stored = useSettingsDraft((state) => state.stored);
  const modified = useUserPreferences((state) => state.modifiedProducts);
  const { data: saved } = useQuery(pricingSettingsQuery);

  const draft: TSettingsDraft = stored?.ownerId === ownerId ? stored.draft : EMPTY_SETTINGS_DRAFT;
  const products = useMemo(() => readProductDrafts(modified), [modified]);
  const settings = useMemo(() => (saved ? effectiveSettings(saved, draft) : undefined), [saved, draft]);
  const setDraft = (next: TSettingsDraft) => useSettingsDraft.getState().setDraft(ownerId, next);

  const discard = () => {
    useSettingsDraft.getState().clear();
    useUserPreferences.getState().clearModifiedProducts();
  };
  /** What the page does once the save is accepted (see `save`). */
  const answered = useRef<TSaveHandlers | undefined>(undefined);
  const saveDraft = useRouteMutation({
    mutationFn: async (request: TPricingUpdateRequest) => {
      const saved = await callRoute(pricingRoutes.save, { body: request }, { isQuiet: true });
      // Said as soon as the server accepted the prices: the page already shows them (the draft is
      // kept until the lists are read again), and reading every list again can take a while.
      answered.current?.onSuccess();
      return saved;
    },
    // The shop too: its first save completes quick-start step 3 (`pricesSavedAt`), so the offer
    // to keep the suggested prices must not come back.
    invalidates: [
      pricingRoutes.settings,
      pricingRoutes.products,
      shopProductsRoutes.products,
      shopProductsRoutes.variants,
      shopsRoutes.mine,
    ],
    onSuccess: discard,
  });

  return {
    saved,
    settings,
    products,
    changeCount: countChanges(draft, products),
    setCategoryPercentage: (categoryId, percentage) => {
      if (saved) setDraft(withCategoryPercentage(draft, saved, categoryId, percentage));
    },
    setShopSettings: (change) => {
      if (saved) setDraft(withShopSettings(draft, saved, change));
    },
    editProduct: (product, change) =>
      useUserPreferences
        .getState()
        .upsertModifiedProduct({ ...withProductChange(products, product, change) }),
    editVariant: (product, variant, change) =>
      useUserPreferences.getState().upsertModifiedProduct({
        ...withProductChange(products, product, { variant: { ...variant, ...change } }),
      }),
    save: (handlers) => {
      answered.current = handlers;
      saveDraft.mutate(toUpdateRequest(draft, products), { onError: handlers.onError });
    },
    isSaving: saveDraft.isPending,
    discard,
  };
}
