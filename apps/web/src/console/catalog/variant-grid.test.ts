import { ZProductVariantsRequest, type TProductVariants } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import {
  addOption,
  addValue,
  bulkSet,
  checkDraft,
  draftOf,
  moveValue,
  placeServerErrors,
  removeOption,
  removeValue,
  sanitizeSku,
  setOptionName,
  setValue,
  setVariant,
  suggestSku,
  toRequest,
  valueError,
  valuesOf,
  variantError,
  type TVariantsDraft,
} from './variant-grid';

const LOADED: TProductVariants = {
  productId: '10',
  options: [
    {
      id: '1',
      name: 'Size',
      names: { es: 'Talla' },
      values: [
        { id: '11', value: 'M', values: {} },
        { id: '12', value: 'L', values: {} },
      ],
    },
  ],
  variants: [
    {
      id: '100',
      values: ['M'],
      label: 'M',
      sku: 'TEE-M',
      platformPriceMinor: 1299,
      stock: 5,
      imageUrl: null,
      weightGrams: 200,
      status: 1,
    },
    {
      id: '101',
      values: ['L'],
      label: 'L',
      sku: 'TEE-L',
      platformPriceMinor: 1399,
      stock: 2,
      imageUrl: '/files/product/tee.png',
      weightGrams: 220,
      status: 0,
    },
  ],
};

const MESSAGES = {
  optionName: 'optionName',
  optionTwice: 'optionTwice',
  value: 'value',
  valueTwice: 'valueTwice',
  sku: 'sku',
  skuTwice: 'skuTwice',
  cost: 'cost',
  stock: 'stock',
  weight: 'weight',
};

const rows = (draft: TVariantsDraft) =>
  draft.variants.map((v) => [valuesOf(draft, v).join('/'), v.id ?? 'new', v.sku, v.cost, v.stock]);
const option = (draft: TVariantsDraft, i: number) => {
  const found = draft.options[i];
  if (!found) throw new Error(`no option ${i}`);
  return found;
};
const lastValue = (draft: TVariantsDraft, i: number) => {
  const values = option(draft, i).values;
  const found = values[values.length - 1];
  if (!found) throw new Error('no value');
  return found;
};

/** Adds a colour option with these values, typed one after the other. */
function withColours(draft: TVariantsDraft, colours: string[]): TVariantsDraft {
  let next = addOption(draft);
  const key = option(next, 1).key;
  next = setOptionName(next, key, 'Colour');
  colours.forEach((colour, i) => {
    if (i > 0) next = addValue(next, key);
    // Typed letter by letter: the suggested SKUs follow.
    for (let n = 1; n <= colour.length; n += 1)
      next = setValue(next, key, lastValue(next, 1).key, colour.slice(0, n));
  });
  return next;
}

describe('the variant grid', () => {
  it('suggests SKUs from the default SKU and the values, sanitised to a SKU and unique', () => {
    expect(sanitizeSku('tee-m-Négro / Ñ')).toBe('TEE-M-NEGRO-N');
    expect(sanitizeSku('  ...x  ')).toBe('X');
    expect(sanitizeSku('%%%')).toBe('SKU');
    expect(sanitizeSku('a'.repeat(80))).toHaveLength(64);
    expect(suggestSku('LS-12', ['M', 'Black'], new Set())).toBe('LS-12-M-BLACK');
    expect(suggestSku('LS-12', ['M', 'Black'], new Set(['ls-12-m-black', 'ls-12-m-black-2']))).toBe(
      'LS-12-M-BLACK-3',
    );
  });

  it('a new option keeps the existing variants; new combinations get a suggested SKU and the first cost and stock', () => {
    const draft = withColours(draftOf(LOADED), ['Black', 'Grey']);
    expect(rows(draft)).toEqual([
      ['M/Black', '100', 'TEE-M', '12.99', 5],
      ['M/Grey', 'new', 'TEE-M-GREY', '12.99', 5],
      ['L/Black', '101', 'TEE-L', '13.99', 2],
      ['L/Grey', 'new', 'TEE-L-GREY', '12.99', 5],
    ]);
    // The kept variants keep everything else too.
    expect(draft.variants[2]).toMatchObject({
      imageUrl: '/files/product/tee.png',
      weightGrams: 220,
      status: 0,
    });

    // Renaming a value keeps its variants; reordering reorders the grid; removing one drops its variants.
    const sizes = option(draft, 0);
    const renamed = setValue(draft, sizes.key, sizes.values[1]?.key ?? '', 'XL');
    expect(rows(renamed).map((r) => r.slice(0, 3))).toEqual([
      ['M/Black', '100', 'TEE-M'],
      ['M/Grey', 'new', 'TEE-M-GREY'],
      ['XL/Black', '101', 'TEE-L'],
      ['XL/Grey', 'new', 'TEE-XL-GREY'],
    ]);
    const moved = moveValue(renamed, sizes.key, sizes.values[1]?.key ?? '', -1);
    expect(rows(moved).map((r) => r[0])).toEqual(['XL/Black', 'XL/Grey', 'M/Black', 'M/Grey']);
    expect(moved.variants[0]?.id).toBe('101');
    const fewer = removeValue(moved, sizes.key, sizes.values[1]?.key ?? '');
    expect(rows(fewer).map((r) => r.slice(0, 2))).toEqual([
      ['M/Black', '100'],
      ['M/Grey', 'new'],
    ]);
    // Without the colours, each size keeps its first variant.
    const back = removeOption(draft, option(draft, 1).key);
    expect(rows(back).map((r) => r.slice(0, 3))).toEqual([
      ['M', '100', 'TEE-M'],
      ['L', '101', 'TEE-L'],
    ]);
  });

  it('an edited SKU is kept as typed; bulk set changes one column of all or the chosen variants', () => {
    let draft = withColours(draftOf(LOADED), ['Black', 'Grey']);
    const newOne = draft.variants[1]?.key ?? '';
    draft = setVariant(draft, newOne, { sku: 'MY-OWN' });
    draft = setValue(draft, option(draft, 1).key, lastValue(draft, 1).key, 'Navy');
    expect(draft.variants.map((v) => v.sku)).toEqual(['TEE-M', 'MY-OWN', 'TEE-L', 'TEE-L-NAVY']);

    const chosen = new Set([draft.variants[0]?.key ?? '', draft.variants[3]?.key ?? '']);
    draft = bulkSet(draft, chosen, 'cost', '20');
    draft = bulkSet(draft, null, 'stock', 9);
    draft = bulkSet(draft, chosen, 'status', 0);
    expect(draft.variants.map((v) => [v.cost, v.stock, v.status])).toEqual([
      ['20', 9, 0],
      ['12.99', 9, 1],
      ['13.99', 9, 0],
      ['20', 9, 0],
    ]);
  });

  it('sends the options and every variant, costs as integer cents, ids of the kept ones', () => {
    let draft = withColours(draftOf(LOADED), ['Black']);
    draft = setVariant(draft, draft.variants[1]?.key ?? '', { cost: '0.1' });
    const body = toRequest(draft);
    expect(body).toEqual({
      options: [
        {
          name: 'Size',
          names: { es: 'Talla' },
          values: [
            { value: 'M', values: {} },
            { value: 'L', values: {} },
          ],
        },
        { name: 'Colour', names: {}, values: [{ value: 'Black', values: {} }] },
      ],
      variants: [
        {
          id: '100',
          values: ['M', 'Black'],
          sku: 'TEE-M',
          platformPriceMinor: 1299,
          stock: 5,
          imageUrl: null,
          weightGrams: 200,
          status: 1,
        },
        {
          id: '101',
          values: ['L', 'Black'],
          sku: 'TEE-L',
          platformPriceMinor: 10,
          stock: 2,
          imageUrl: '/files/product/tee.png',
          weightGrams: 220,
          status: 0,
        },
      ],
    });
    expect(body.variants.every((v) => Number.isInteger(v.platformPriceMinor))).toBe(true);
    expect(ZProductVariantsRequest.safeParse(body).success).toBe(true);
  });

  it('checks what the server would refuse, and puts the server’s refusals on their cells', () => {
    let draft = withColours(draftOf(LOADED), ['Black', 'black']);
    draft = setVariant(draft, draft.variants[0]?.key ?? '', { cost: '1.234', sku: 'TEE-L' });
    draft = setVariant(draft, draft.variants[1]?.key ?? '', { stock: 1.5, sku: 'no spaces' });
    const colours = option(draft, 1);
    const found = checkDraft(draft, MESSAGES);
    expect(found).toEqual({
      [valueError(colours.values[1]?.key ?? '')]: 'valueTwice',
      [variantError(draft.variants[0]?.key ?? '', 'cost')]: 'cost',
      [variantError(draft.variants[1]?.key ?? '', 'sku')]: 'sku',
      [variantError(draft.variants[1]?.key ?? '', 'stock')]: 'stock',
      [variantError(draft.variants[2]?.key ?? '', 'sku')]: 'skuTwice',
    });

    const placed = placeServerErrors(draft, [
      { field: 'variants.2.sku', message: 'Taken.' },
      { field: 'variants.3.platformPriceMinor', message: 'Too small.' },
      { field: 'variants.1.values.1', message: 'No such value.' },
      { field: 'options.1.values.0.value', message: 'Twice.' },
      { field: 'options.0.name', message: 'Named twice.' },
      { field: 'variants', message: 'Too many.' },
    ]);
    expect(placed).toEqual({
      errors: {
        [variantError(draft.variants[2]?.key ?? '', 'sku')]: 'Taken.',
        [variantError(draft.variants[3]?.key ?? '', 'cost')]: 'Too small.',
        [variantError(draft.variants[1]?.key ?? '', 'values')]: 'No such value.',
        [valueError(colours.values[0]?.key ?? '')]: 'Twice.',
        [`option:${option(draft, 0).key}:name`]: 'Named twice.',
      },
      other: ['Too many.'],
    });
  });

  it('a product without options is one variant; its first option’s first value goes to it', () => {
    const [first] = LOADED.variants;
    if (!first) throw new Error('no variant');
    const single: TProductVariants = {
      productId: '7',
      options: [],
      variants: [{ ...first, id: '70', values: [], label: '', sku: 'LS-7' }],
    };
    let draft = draftOf(single);
    expect(rows(draft)).toEqual([['', '70', 'LS-7', '12.99', 5]]);
    draft = addOption(draft);
    const key = option(draft, 0).key;
    draft = setValue(draft, key, lastValue(draft, 0).key, 'S');
    expect(rows(draft)).toEqual([['S', '70', 'LS-7', '12.99', 5]]);
    draft = addValue(draft, key);
    draft = setValue(draft, key, lastValue(draft, 0).key, 'm');
    expect(rows(draft)).toEqual([
      ['S', '70', 'LS-7', '12.99', 5],
      ['m', 'new', 'LS-7-M', '12.99', 5],
    ]);
  });
});
