import type { TPricedProduct, TPricingSettings } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import {
  countChanges,
  effectiveSettings,
  EMPTY_SETTINGS_DRAFT,
  findBelowCost,
  previewCategory,
  previewProduct,
  previewVariant,
  readProductDrafts,
  toPercentage,
  toUpdateRequest,
  withCategoryPercentage,
  withProductChange,
  withShopSettings,
  type TProductDraft,
} from './pricing-draft';
import type { TShopProductVariant } from '@linkstore/contract';
import { sanitizeStoredDraft } from './settings-draft-store';

const SAVED: TPricingSettings = {
  defaultPercentage: 200,
  rounding: 'none',
  categories: [
    { categoryId: '1', percentage: 180 },
    { categoryId: '2', percentage: 160 },
  ],
};

const product = (extra: Partial<TPricedProduct> = {}): TPricedProduct => ({
  id: '10',
  title: 'Plain tee',
  categoryId: '2',
  parentCategoryId: '1',
  costMinor: 1000,
  sellingMinor: 1600,
  profitMinor: 600,
  source: 'secondLevel',
  percentage: 160,
  overridePriceMinor: null,
  compareAtMinor: null,
  sellingVariantId: '100',
  variantPriceMinor: null,
  variants: 1,
  visible: 1,
  sort: 1,
  ...extra,
});

const tee: TProductDraft = { id: '10', title: 'Plain tee', costMinor: 1000, overridePriceMinor: 1250 };

describe('the settings draft', () => {
  it('keeps only edits that differ from what is saved, null removing a category percentage', () => {
    let draft = withCategoryPercentage(EMPTY_SETTINGS_DRAFT, SAVED, '1', 150);
    draft = withCategoryPercentage(draft, SAVED, '2', null);
    draft = withCategoryPercentage(draft, SAVED, '3', 300);
    draft = withCategoryPercentage(draft, SAVED, '3', null);
    expect(draft.categories).toEqual({ '1': 150, '2': null });
    draft = withShopSettings(draft, SAVED, { defaultPercentage: 250, rounding: '99' });
    draft = withShopSettings(draft, SAVED, { defaultPercentage: 200 });
    expect(draft).toEqual({ rounding: '99', categories: { '1': 150, '2': null } });
    expect(countChanges(draft, [tee])).toBe(4);
    expect(EMPTY_SETTINGS_DRAFT.categories).toEqual({});
  });

  it('applies over the saved settings', () => {
    const draft = { defaultPercentage: 300, categories: { '1': 150, '2': null, '5': 400 } };
    expect(effectiveSettings(SAVED, draft)).toEqual({
      defaultPercentage: 300,
      rounding: 'none',
      percentages: { '1': 150, '5': 400 },
    });
  });

  it('accepts whole percentages from 100 to 10000 only', () => {
    expect([100, 10_000, 99, 10_001, 150.5, null].map(toPercentage)).toEqual([
      100,
      10_000,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('reads back only a well-formed stored draft', () => {
    expect(
      sanitizeStoredDraft({
        ownerId: '7',
        draft: { rounding: 'x', defaultPercentage: 50, categories: { 1: 150, 2: 'a', 3: null } },
      }),
    ).toEqual({
      ownerId: '7',
      draft: { categories: { '1': 150, '3': null } },
    });
    expect(sanitizeStoredDraft({ draft: {} })).toBeNull();
  });
});

describe('the request body', () => {
  it('sends the whole draft at once and nothing that was not edited', () => {
    expect(toUpdateRequest(EMPTY_SETTINGS_DRAFT, [])).toEqual({});
    expect(
      toUpdateRequest({ defaultPercentage: 250, rounding: 'whole', categories: { '1': 150, '2': null } }, [
        tee,
        { ...tee, id: '11', overridePriceMinor: null },
      ]),
    ).toEqual({
      defaultPercentage: 250,
      rounding: 'whole',
      categories: [
        { categoryId: '1', percentage: 150 },
        { categoryId: '2', percentage: null },
      ],
      products: [
        { productId: '10', overridePriceMinor: 1250 },
        { productId: '11', overridePriceMinor: null },
      ],
    });
  });

  it('finds an override below cost; a removed override or one at cost is fine', () => {
    expect(
      findBelowCost([
        { ...tee, overridePriceMinor: null },
        { ...tee, overridePriceMinor: 1000 },
      ]),
    ).toBeUndefined();
    const mug = { id: '11', title: 'Mug', costMinor: 805, overridePriceMinor: 804 };
    expect(findBelowCost([tee, mug])).toBe(mug);
  });

  it('reads product drafts from the modified products, skipping other shapes', () => {
    expect(
      readProductDrafts([
        { ...tee, extra: true },
        { id: 3, price: 10 },
        { id: '12', title: 'x', costMinor: 1.5, overridePriceMinor: 2 },
      ]),
    ).toEqual([tee]);
  });
});

describe('the preview', () => {
  it('prices the $10.00 example by second level, first level, then default, with rounding', () => {
    const settings = effectiveSettings(SAVED, { rounding: '99', categories: { '1': 150 } });
    expect(previewCategory(settings, '1')).toMatchObject({
      sellingMinor: 1599,
      profitMinor: 599,
      percentage: 150,
    });
    expect(previewCategory(settings, '1', '2')).toMatchObject({ sellingMinor: 1699, percentage: 160 });
    expect(previewCategory(settings, '4')).toMatchObject({ sellingMinor: 2099, source: 'default' });
  });

  it('prices a product with its edited override, its saved one, or the percentages', () => {
    const settings = effectiveSettings(SAVED, EMPTY_SETTINGS_DRAFT);
    const saved = product({ overridePriceMinor: 1900 });
    expect(previewProduct(saved, settings, [])).toMatchObject({
      overridePriceMinor: 1900,
      price: { sellingMinor: 1900, profitMinor: 900, source: 'override' },
      percentagePrice: { sellingMinor: 1600, percentage: 160 },
    });
    expect(previewProduct(saved, settings, [tee]).price).toMatchObject({
      sellingMinor: 1250,
      profitMinor: 250,
    });
    const removed = previewProduct(saved, settings, [{ ...tee, overridePriceMinor: null }]);
    expect(removed).toMatchObject({
      overridePriceMinor: null,
      price: { sellingMinor: 1600, source: 'secondLevel' },
    });
  });
});

describe('variant prices and "compare at" in the draft (decision 0055)', () => {
  const hoodie = { id: '20', title: 'Hoodie', costMinor: 1800 };
  const xl = { id: '203', label: '3XL / Black', costMinor: 2100 };

  it('merges each edit into the product’s draft, a variant’s by its id, keeping the others', () => {
    let drafts: TProductDraft[] = [];
    const apply = (change: Parameters<typeof withProductChange>[2]) => {
      const next = withProductChange(drafts, hoodie, change);
      drafts = [next, ...drafts.filter((d) => d.id !== next.id)];
    };
    apply({ compareAtMinor: 4000 });
    apply({ variant: { ...xl, priceMinor: 4550 } });
    apply({ variant: { ...xl, compareAtMinor: 6000 } });
    apply({ variant: { id: '202', label: 'M / Black', costMinor: 1800, priceMinor: null } });
    expect(drafts).toEqual([
      {
        ...hoodie,
        compareAtMinor: 4000,
        variants: [
          { ...xl, priceMinor: 4550, compareAtMinor: 6000 },
          { id: '202', label: 'M / Black', costMinor: 1800, priceMinor: null },
        ],
      },
    ]);
    expect(countChanges(EMPTY_SETTINGS_DRAFT, drafts)).toBe(3);
    // Only what was edited is sent: null removes, absent keeps.
    expect(toUpdateRequest(EMPTY_SETTINGS_DRAFT, drafts)).toEqual({
      products: [
        {
          productId: '20',
          compareAtMinor: 4000,
          variants: [
            { variantId: '203', priceMinor: 4550, compareAtMinor: 6000 },
            { variantId: '202', priceMinor: null },
          ],
        },
      ],
    });
    // Stored and read back as they were; a malformed variant drops its product.
    expect(readProductDrafts(drafts.map((draft) => ({ ...draft })))).toEqual(drafts);
    expect(readProductDrafts([{ ...hoodie, variants: [{ id: 1, label: 'x', costMinor: 1 }] }])).toEqual([]);
  });

  it('refuses a variant’s own price below its cost before sending, naming the variant', () => {
    expect(findBelowCost([{ ...hoodie, variants: [{ ...xl, priceMinor: 2100 }] }])).toBeUndefined();
    expect(findBelowCost([{ ...hoodie, variants: [{ ...xl, priceMinor: 2099 }] }])).toEqual({
      title: 'Hoodie — 3XL / Black',
      costMinor: 2100,
    });
  });

  it('previews a variant: its own price as typed, else the product’s carried; the compare-at shown', () => {
    const settings = effectiveSettings({ ...SAVED, rounding: '99' }, EMPTY_SETTINGS_DRAFT);
    const saved = product({
      id: '20',
      costMinor: 1800,
      overridePriceMinor: 3000,
      compareAtMinor: 4000,
      sellingVariantId: '201',
    });
    const variant = (extra: Partial<TShopProductVariant>): TShopProductVariant => ({
      id: '203',
      label: '3XL / Black',
      sku: 'H-3XL',
      stock: 2,
      costMinor: 2100,
      sellingMinor: 3300,
      profitMinor: 1200,
      source: 'override',
      percentage: null,
      priceMinor: null,
      compareAtMinor: null,
      shownCompareAtMinor: 4300,
      ...extra,
    });
    // The override carried as the same profit (30.00 + 3.00), never rounded; its compare-at too.
    expect(previewVariant(saved, variant({}), settings, [])).toMatchObject({
      price: { sellingMinor: 3300, profitMinor: 1200, source: 'override' },
      rulePrice: { sellingMinor: 3300 },
      carriedCompareAtMinor: 4300,
      shownCompareAtMinor: 4300,
    });
    const edited = previewVariant(saved, variant({}), settings, [
      { ...hoodie, variants: [{ ...xl, priceMinor: 4550, compareAtMinor: 4500 }] },
    ]);
    // Its own price wins as typed; an own compare-at not above it is not shown.
    expect(edited).toMatchObject({
      price: { sellingMinor: 4550, profitMinor: 2450, source: 'variant' },
      priceMinor: 4550,
      compareAtMinor: 4500,
      shownCompareAtMinor: null,
    });
    // The variant the product is sold as, with its own price, prices the product row.
    expect(
      previewProduct(saved, settings, [{ ...hoodie, variants: [{ ...xl, id: '201', priceMinor: 2900 }] }])
        .price,
    ).toMatchObject({ sellingMinor: 2900, source: 'variant' });
    expect(previewProduct({ ...saved, variantPriceMinor: 2950 }, settings, []).price.sellingMinor).toBe(2950);
  });
});
