import {
  variantTitle,
  compareAtPrice,
  MAX_PERCENTAGE,
  MIN_PERCENTAGE,
  priceProduct,
  priceVariant,
  type TPrice,
  type TPricedProduct,
  type TPriceRules,
  type TPricingSettings,
  type TPricingUpdateRequest,
  type TRounding,
  type TShopProductVariant,
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
 * An unsaved edit of a variant's own prices (decision 0055): its own price and its "compare at";
 * undefined leaves one as saved, null removes it. Label and cost travel with it, for the
 * refusal of a price below cost.
 */
export interface TVariantDraft {
  id: string;
  label: string;
  costMinor: number;
  priceMinor?: number | null | undefined;
  compareAtMinor?: number | null | undefined;
}

/**
 * An unsaved edit of a product's prices, kept in the user preferences' modified products
 * (upserted by id): its override, its "compare at" and its variants' own prices; undefined
 * leaves one as saved, null removes it. Title and cost travel with it so a save can refuse a
 * price below cost for a product that is no longer on screen.
 */
export interface TProductDraft {
  id: string;
  title: string;
  costMinor: number;
  overridePriceMinor?: number | null | undefined;
  compareAtMinor?: number | null | undefined;
  variants?: TVariantDraft[] | undefined;
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
  /** The price that applies (the variant it is sold as: its own price, the override, or percentages). */
  price: TPrice;
  /** The override shown in the input: the draft's if edited, else the saved one. */
  overridePriceMinor: number | null;
  /** The "compare at" shown in the input: the draft's if edited, else the saved one. */
  compareAtMinor: number | null;
}

/** A variant's price as the shop would sell it with the draft saved. */
export interface TVariantPreview {
  price: TPrice;
  /** The price without its own: the product's rules (the own price input's placeholder). */
  rulePrice: TPrice;
  /** The product's "compare at" carried to it (the compare-at input's placeholder), or null. */
  carriedCompareAtMinor: number | null;
  /** The own price and "compare at" shown in the inputs (the draft's if edited, else saved). */
  priceMinor: number | null;
  compareAtMinor: number | null;
  /** The "compare at" buyers would see (null: none above the price). */
  shownCompareAtMinor: number | null;
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

const isPrice = (value: unknown): value is number | null | undefined =>
  value === undefined || value === null || Number.isInteger(value);

function readVariantDrafts(value: unknown): TVariantDraft[] | undefined | false {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return false;
  const variants: TVariantDraft[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return false;
    const { id, label, costMinor, priceMinor, compareAtMinor } = item as Record<string, unknown>;
    if (typeof id !== 'string' || typeof label !== 'string' || !Number.isInteger(costMinor)) return false;
    if (!isPrice(priceMinor) || !isPrice(compareAtMinor)) return false;
    variants.push({ id, label, costMinor: costMinor as number, priceMinor, compareAtMinor });
  }
  return variants;
}

/** The product drafts among the preferences' modified products (anything else is ignored). */
export function readProductDrafts(modified: readonly TModifiedProduct[]): TProductDraft[] {
  return modified.flatMap((item) => {
    const { id, title, costMinor, overridePriceMinor, compareAtMinor } = item;
    const variants = readVariantDrafts(item.variants);
    const isValid =
      typeof id === 'string' &&
      typeof title === 'string' &&
      Number.isInteger(costMinor) &&
      isPrice(overridePriceMinor) &&
      isPrice(compareAtMinor) &&
      variants !== false;
    if (!isValid) return [];
    const draft: TProductDraft = { id, title, costMinor: costMinor as number };
    if (overridePriceMinor !== undefined) draft.overridePriceMinor = overridePriceMinor;
    if (compareAtMinor !== undefined) draft.compareAtMinor = compareAtMinor;
    if (variants !== undefined) draft.variants = variants;
    return [draft];
  });
}

/** The product's draft with `change` merged in (a variant's edits by variant id). */
export function withProductChange(
  drafts: readonly TProductDraft[],
  product: Pick<TProductDraft, 'id' | 'title' | 'costMinor'>,
  change: Pick<TProductDraft, 'overridePriceMinor' | 'compareAtMinor'> & {
    variant?: Omit<TVariantDraft, 'priceMinor' | 'compareAtMinor'> &
      Pick<TVariantDraft, 'priceMinor' | 'compareAtMinor'>;
  },
): TProductDraft {
  const current = drafts.find((draft) => draft.id === product.id);
  const next: TProductDraft = {
    ...current,
    id: product.id,
    title: product.title,
    costMinor: product.costMinor,
  };
  if ('overridePriceMinor' in change) next.overridePriceMinor = change.overridePriceMinor;
  if ('compareAtMinor' in change) next.compareAtMinor = change.compareAtMinor;
  if (change.variant) {
    const { variant } = change;
    const variants = [...(current?.variants ?? [])];
    const at = variants.findIndex((v) => v.id === variant.id);
    const merged: TVariantDraft = { ...(at === -1 ? {} : variants[at]), ...variant };
    if (at === -1) variants.push(merged);
    else variants[at] = merged;
    next.variants = variants;
  }
  return next;
}

/** How many edits one product's draft holds: its override, its compare-at, each variant edited. */
function productChanges(product: TProductDraft): number {
  const own =
    (product.overridePriceMinor === undefined ? 0 : 1) + (product.compareAtMinor === undefined ? 0 : 1);
  return Math.max(1, own + (product.variants?.length ?? 0));
}

/** How many edits a save would send. */
export function countChanges(draft: TSettingsDraft, products: readonly TProductDraft[]): number {
  return (
    (draft.defaultPercentage === undefined ? 0 : 1) +
    (draft.rounding === undefined ? 0 : 1) +
    Object.keys(draft.categories).length +
    products.reduce((sum, product) => sum + productChanges(product), 0)
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
    body.products = products.map(({ id, overridePriceMinor, compareAtMinor, variants }) => ({
      productId: id,
      ...(overridePriceMinor === undefined ? {} : { overridePriceMinor }),
      ...(compareAtMinor === undefined ? {} : { compareAtMinor }),
      ...(variants && variants.length > 0
        ? {
            variants: variants.map((variant) => ({
              variantId: variant.id,
              ...(variant.priceMinor === undefined ? {} : { priceMinor: variant.priceMinor }),
              ...(variant.compareAtMinor === undefined ? {} : { compareAtMinor: variant.compareAtMinor }),
            })),
          }
        : {}),
    }));
  }
  return body;
}

/**
 * The first own price below its cost — a product's override or a variant's own price — named as
 * the refusal names it ("Hoodie — M / Black"): the save is refused before sending.
 */
export function findBelowCost(
  products: readonly TProductDraft[],
): { title: string; costMinor: number } | undefined {
  for (const product of products) {
    const { overridePriceMinor } = product;
    if (
      overridePriceMinor !== undefined &&
      overridePriceMinor !== null &&
      overridePriceMinor < product.costMinor
    ) {
      return product;
    }
    for (const variant of product.variants ?? []) {
      if (
        variant.priceMinor !== undefined &&
        variant.priceMinor !== null &&
        variant.priceMinor < variant.costMinor
      ) {
        return { title: variantTitle(product.title, variant.label), costMinor: variant.costMinor };
      }
    }
  }
  return undefined;
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

/** The draft's value when it was edited (undefined: not edited), else the saved one. */
const edited = <T>(draft: T | undefined, saved: T): T => (draft === undefined ? saved : draft);

function rulesOf(product: TPricedProduct, settings: TEffectiveSettings): TPriceRules {
  return {
    secondLevelPercentage: settings.percentages[product.categoryId],
    firstLevelPercentage: settings.percentages[product.parentCategoryId],
    defaultPercentage: settings.defaultPercentage,
    rounding: settings.rounding,
  };
}

/**
 * A product priced with the draft: the variant it is sold as, at its own price if it has one
 * (edited or saved), else the product's edited override, else the saved one, else percentages.
 */
export function previewProduct(
  product: TPricedProduct,
  settings: TEffectiveSettings,
  drafts: readonly TProductDraft[],
): TProductPreview {
  const draft = drafts.find((d) => d.id === product.id);
  const overridePriceMinor = edited(draft?.overridePriceMinor, product.overridePriceMinor);
  const ownDraft = draft?.variants?.find((v) => v.id === product.sellingVariantId);
  const rules = rulesOf(product, settings);
  return {
    percentagePrice: priceProduct(product.costMinor, rules),
    price: priceVariant(
      product.costMinor,
      { ...rules, overrideMinor: overridePriceMinor },
      {
        costMinor: product.costMinor,
        ownPriceMinor: edited(ownDraft?.priceMinor, product.variantPriceMinor),
      },
    ),
    overridePriceMinor,
    compareAtMinor: edited(draft?.compareAtMinor, product.compareAtMinor),
  };
}

/**
 * One of a product's variants priced with the draft (decision 0055): its own price (edited, else
 * saved) wins; else the product's rules with its override carried; its "compare at" as buyers
 * would see it.
 */
export function previewVariant(
  product: TPricedProduct,
  variant: TShopProductVariant,
  settings: TEffectiveSettings,
  drafts: readonly TProductDraft[],
): TVariantPreview {
  const productPreview = previewProduct(product, settings, drafts);
  const draft = drafts.find((d) => d.id === product.id)?.variants?.find((v) => v.id === variant.id);
  const priceMinor = edited(draft?.priceMinor, variant.priceMinor);
  const compareAtMinor = edited(draft?.compareAtMinor, variant.compareAtMinor);
  const rules = { ...rulesOf(product, settings), overrideMinor: productPreview.overridePriceMinor };
  const price = priceVariant(product.costMinor, rules, {
    costMinor: variant.costMinor,
    ownPriceMinor: priceMinor,
  });
  const compareAt = (ownCompareAtMinor: number | null) =>
    compareAtPrice({
      sellingMinor: price.sellingMinor,
      ownCompareAtMinor,
      productCompareAtMinor: productPreview.compareAtMinor,
      productSellingMinor: productPreview.price.sellingMinor,
    });
  return {
    price,
    rulePrice: priceVariant(product.costMinor, rules, { costMinor: variant.costMinor }),
    carriedCompareAtMinor: compareAt(null),
    priceMinor,
    compareAtMinor,
    shownCompareAtMinor: compareAt(compareAtMinor),
  };
}
