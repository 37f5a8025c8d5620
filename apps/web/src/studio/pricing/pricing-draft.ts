import {
  MAX_PERCENTAGE,
  MIN_PERCENTAGE,
  priceProduct,
  type TPrice,
  type TPricedProduct,
  type TPricingSettings,
  type TPricingUpdateRequest,
  type TRounding,
} from '@linkstore/contract';
import type { TModifiedProduct } from '../../shared/preferences/user-preferences-store';

/**
 * The unsaved edits of the price adjustment pages and what they imply, as plain functions: the
 * pages only wire these to inputs. Amounts are integer US cents throughout.
 */

/** Unsaved shop-wide edits; a category's `null` removes its percentage (it inherits again). */
export interface TSettingsDraft {
  defaultPercentage?: number | undefined;
  rounding?: TRounding | undefined;
  categories: Record<string, number | null>;
}

export const EMPTY_SETTINGS_DRAFT: TSettingsDraft = { categories: {} };

/**
 * An unsaved product override, kept in the user preferences' modified products (upserted by id).
 * Title and cost travel with it so a save can refuse a price below cost for a product that is
 * no longer on screen.
 */
export interface TProductDraft {
  id: string;
  title: string;
  costMinor: number;
  /** null removes the product's override. */
  overridePriceMinor: number | null;
}

/** The saved settings with the draft applied: what the previews price with. */
export interface TEffectiveSettings {
  defaultPercentage: number;
  rounding: TRounding;
  /** Category id → percentage, only categories that have one. */
  percentages: Record<string, number>;
}

/** A product's price and profit as the shop would sell it with the draft saved. */
export interface TProductPreview {
  /** The price from the percentages alone, before any override. */
  percentagePrice: TPrice;
  /** The price that applies (the override when there is one). */
  price: TPrice;
  /** The override shown in the input: the draft's if edited, else the saved one. */
  overridePriceMinor: number | null;
}

/** The example the category rows price: a product costing $10.00. */
export const EXAMPLE_COST_MINOR = 1000;

/** A whole percentage in the allowed range, else undefined (the input is not a valid value). */
export function toPercentage(value: number | null | undefined): number | undefined {
  if (value === null || value === undefined || !Number.isInteger(value)) return undefined;
  return value >= MIN_PERCENTAGE && value <= MAX_PERCENTAGE ? value : undefined;
}

/** Saved settings with the draft applied. */
export function effectiveSettings(saved: TPricingSettings, draft: TSettingsDraft): TEffectiveSettings {
  const percentages: Record<string, number> = {};
  for (const { categoryId, percentage } of saved.categories) percentages[categoryId] = percentage;
  for (const [categoryId, percentage] of Object.entries(draft.categories)) {
    if (percentage === null) delete percentages[categoryId];
    else percentages[categoryId] = percentage;
  }
  return {
    defaultPercentage: draft.defaultPercentage ?? saved.defaultPercentage,
    rounding: draft.rounding ?? saved.rounding,
    percentages,
  };
}

/** The draft with one category's percentage set (null = empty); an edit back to the saved value drops out. */
export function withCategoryPercentage(
  draft: TSettingsDraft,
  saved: TPricingSettings,
  categoryId: string,
  percentage: number | null,
): TSettingsDraft {
  const savedPercentage = saved.categories.find((c) => c.categoryId === categoryId)?.percentage ?? null;
  const categories = { ...draft.categories };
  if (percentage === savedPercentage) delete categories[categoryId];
  else categories[categoryId] = percentage;
  return { ...draft, categories };
}

/** The draft with the default percentage and/or rounding changed; saved values drop out. */
export function withShopSettings(
  draft: TSettingsDraft,
  saved: TPricingSettings,
  change: { defaultPercentage?: number; rounding?: TRounding },
): TSettingsDraft {
  const next = { ...draft, ...change };
  if (next.defaultPercentage === saved.defaultPercentage) delete next.defaultPercentage;
  if (next.rounding === saved.rounding) delete next.rounding;
  return next;
}

/** The product drafts among the preferences' modified products (anything else is ignored). */
export function readProductDrafts(modified: readonly TModifiedProduct[]): TProductDraft[] {
  return modified.flatMap((item) => {
    const { id, title, costMinor, overridePriceMinor } = item;
    const isValid =
      typeof id === 'string' &&
      typeof title === 'string' &&
      Number.isInteger(costMinor) &&
      (overridePriceMinor === null || Number.isInteger(overridePriceMinor));
    return isValid ? [{ id, title, costMinor, overridePriceMinor } as TProductDraft] : [];
  });
}

/** How many edits a save would send. */
export function countChanges(draft: TSettingsDraft, products: readonly TProductDraft[]): number {
  return (
    (draft.defaultPercentage === undefined ? 0 : 1) +
    (draft.rounding === undefined ? 0 : 1) +
    Object.keys(draft.categories).length +
    products.length
  );
}

/** The one PUT /api/v1/pricing body for the whole draft. */
export function toUpdateRequest(
  draft: TSettingsDraft,
  products: readonly TProductDraft[],
): TPricingUpdateRequest {
  const body: TPricingUpdateRequest = {};
  if (draft.defaultPercentage !== undefined) body.defaultPercentage = draft.defaultPercentage;
  if (draft.rounding !== undefined) body.rounding = draft.rounding;
  const categories = Object.entries(draft.categories).map(([categoryId, percentage]) => ({
    categoryId,
    percentage,
  }));
  if (categories.length > 0) body.categories = categories;
  if (products.length > 0) {
    body.products = products.map(({ id, overridePriceMinor }) => ({ productId: id, overridePriceMinor }));
  }
  return body;
}

/** The first override below its product's cost: the save is refused before sending. */
export function findBelowCost(products: readonly TProductDraft[]): TProductDraft | undefined {
  return products.find((p) => p.overridePriceMinor !== null && p.overridePriceMinor < p.costMinor);
}

/** What a category row shows: the example product priced with that category's percentages. */
export function previewCategory(
  settings: TEffectiveSettings,
  firstLevelId: string,
  secondLevelId?: string,
): TPrice {
  return priceProduct(EXAMPLE_COST_MINOR, {
    firstLevelPercentage: settings.percentages[firstLevelId],
    secondLevelPercentage: secondLevelId === undefined ? undefined : settings.percentages[secondLevelId],
    defaultPercentage: settings.defaultPercentage,
    rounding: settings.rounding,
  });
}

/** A product priced with the draft: its own edited override, else the saved one, else percentages. */
export function previewProduct(
  product: TPricedProduct,
  settings: TEffectiveSettings,
  drafts: readonly TProductDraft[],
): TProductPreview {
  const edited = drafts.find((d) => d.id === product.id);
  const overridePriceMinor = edited ? edited.overridePriceMinor : product.overridePriceMinor;
  const rules = {
    secondLevelPercentage: settings.percentages[product.categoryId],
    firstLevelPercentage: settings.percentages[product.parentCategoryId],
    defaultPercentage: settings.defaultPercentage,
    rounding: settings.rounding,
  };
  return {
    percentagePrice: priceProduct(product.costMinor, rules),
    price: priceProduct(product.costMinor, { ...rules, overrideMinor: overridePriceMinor }),
    overridePriceMinor,
  };
}
