import {
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_PRICE_MINOR,
  MAX_VARIANT_STOCK,
  MAX_VARIANTS,
  MAX_WEIGHT_GRAMS,
  ZSku,
  formatPriceMinor,
  parsePriceMinor,
  type TFieldErrors,
  type TProductTranslations,
  type TProductVariants,
  type TProductVariantsRequest,
} from '@linkstore/contract';

/*
 * The variant editor's state and rules, without React: a product's options as typed, the grid of
 * variants that follows them (one per combination of values), bulk changes, the request body
 * (costs as integer cents) and where each refusal goes.
 */

export const TRANSLATED_LANGUAGES = ['es', 'pt', 'zh-cn', 'fr'] as const;
export type TTranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

export interface TValueDraft {
  key: string;
  value: string;
  values: TProductTranslations;
}

export interface TOptionDraft {
  key: string;
  name: string;
  names: TProductTranslations;
  values: TValueDraft[];
}

export interface TVariantDraft {
  key: string;
  /** An existing variant keeps its id (its orders and prices stay with it). */
  id?: string | undefined;
  /**
   * The key of its value of each option, in the options' order: renaming a value renames it in
   * its variants, which stay the same variants.
   */
  valueKeys: string[];
  sku: string;
  /** A SKU the editor made up (a new combination's), remade as the values are typed, until edited. */
  isSkuSuggested: boolean;
  /** The cost in dollars as typed ("12.99"); sent as integer cents. */
  cost: string;
  stock: number;
  weightGrams: number;
  imageUrl: string | null;
  status: 0 | 1;
}

export interface TVariantsDraft {
  options: TOptionDraft[];
  variants: TVariantDraft[];
  /** What a new combination's SKU starts with: the product's default SKU (`LS-12`). */
  baseSku: string;
}

/** The columns a bulk change may set. */
export type TBulkColumn = 'cost' | 'stock' | 'weightGrams' | 'status';

let lastKey = 0;
const newKey = (prefix: string) => `${prefix}-${(lastKey += 1)}`;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A suggested SKU made of `text`: accents dropped, upper case, every run of other characters a
 * dash, starting with a letter or digit, at most 64 characters (ZSku).
 */
export function sanitizeSku(text: string): string {
  const cleaned = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[^A-Z0-9]+/, '')
    .slice(0, 64)
    .replace(/[-.]+$/, '');
  return cleaned === '' ? 'SKU' : cleaned;
}

/** `<base>-M-BLACK`, made unique among `taken` (lower case) with `-2`, `-3`… */
export function suggestSku(base: string, values: readonly string[], taken: ReadonlySet<string>): string {
  const sku = sanitizeSku([base, ...values].join('-'));
  if (!taken.has(sku.toLowerCase())) return sku;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const numbered = `${sku.slice(0, 64 - suffix.length)}${suffix}`;
    if (!taken.has(numbered.toLowerCase())) return numbered;
  }
}

/** The SKU a product's variants were named after: its one variant's, or the grid's without its values. */
function baseSkuOf(loaded: TProductVariants): string {
  const first = loaded.variants[0];
  const fallback = `LS-${loaded.productId}`;
  if (!first) return fallback;
  if (first.values.length === 0) return first.sku;
  const suffix = `-${sanitizeSku(first.values.join('-'))}`;
  const sku = first.sku.toUpperCase();
  return sku.endsWith(suffix) && sku.length > suffix.length ? first.sku.slice(0, -suffix.length) : fallback;
}

/** The editor's state for what the server answered. */
export function draftOf(loaded: TProductVariants): TVariantsDraft {
  const options = loaded.options.map((option) => ({
    key: newKey('option'),
    name: option.name,
    names: { ...option.names },
    values: option.values.map((value) => ({
      key: newKey('value'),
      value: value.value,
      values: { ...value.values },
    })),
  }));
  return {
    baseSku: baseSkuOf(loaded),
    options,
    variants: loaded.variants.map((variant) => ({
      key: `variant-${variant.id}`,
      id: variant.id,
      valueKeys: variant.values.map(
        (text, i) => options[i]?.values.find((value) => same(value.value, text))?.key ?? '',
      ),
      sku: variant.sku,
      isSkuSuggested: false,
      cost: formatPriceMinor(variant.platformPriceMinor),
      stock: variant.stock,
      weightGrams: variant.weightGrams,
      imageUrl: variant.imageUrl,
      status: variant.status,
    })),
  };
}

/** A variant's values as texts (trimmed), in the options' order. */
export function valuesOf(draft: TVariantsDraft, variant: TVariantDraft): string[] {
  return variant.valueKeys.map(
    (key, i) => draft.options[i]?.values.find((value) => value.key === key)?.value.trim() ?? '',
  );
}

/** Every combination of the options' values (as value keys), the first option's slowest; `[[]]` without options. */
function combinations(options: readonly TOptionDraft[]): string[][] {
  return options.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => [...combo, value.key])),
    [[]],
  );
}

/** How many variants the options make. */
export const combinationCount = (options: readonly TOptionDraft[]) =>
  options.reduce((count, option) => count * option.values.length, 1);

/**
 * The grid for the draft's options: one variant per combination of values, in order. A
 * combination that has a variant keeps it (id, SKU, cost, stock and the rest); a new one gets a
 * suggested SKU (`<base>-M-BLACK`) and the first variant's cost and stock. Unchanged when the
 * options make more than MAX_VARIANTS (the editor says so).
 */
export function syncGrid(draft: TVariantsDraft): TVariantsDraft {
  const combos = combinations(draft.options);
  if (combos.length > MAX_VARIANTS) return draft;
  const existing = new Map<string, TVariantDraft>();
  for (const variant of draft.variants) {
    const key = variant.valueKeys.join(' ');
    if (!existing.has(key)) existing.set(key, variant);
  }
  const template = draft.variants[0];
  const rows = combos.map(
    (valueKeys): TVariantDraft =>
      existing.get(valueKeys.join(' ')) ?? {
        key: newKey('variant'),
        valueKeys,
        sku: '',
        isSkuSuggested: true,
        cost: template?.cost ?? '',
        stock: template?.stock ?? 0,
        weightGrams: 0,
        imageUrl: null,
        status: 1,
      },
  );
  // Suggested SKUs follow the values as they are typed, clear of every SKU chosen.
  const taken = new Set(rows.filter((row) => !row.isSkuSuggested).map((row) => row.sku.trim().toLowerCase()));
  const next = { ...draft, variants: rows };
  next.variants = rows.map((row) => {
    if (!row.isSkuSuggested) return row;
    const sku = suggestSku(draft.baseSku, valuesOf(next, row), taken);
    taken.add(sku.toLowerCase());
    return sku === row.sku ? row : { ...row, sku };
  });
  return next;
}

// ── Changes to the options (each answers the draft with its grid in step) ────────────────────

const mapOption = (
  draft: TVariantsDraft,
  optionKey: string,
  change: (option: TOptionDraft) => TOptionDraft,
): TOptionDraft[] => draft.options.map((option) => (option.key === optionKey ? change(option) : option));

/** Adds an option with one (blank) value, which every variant takes: they stay the same variants. */
export function addOption(draft: TVariantsDraft): TVariantsDraft {
  if (draft.options.length >= MAX_OPTIONS) return draft;
  const value: TValueDraft = { key: newKey('value'), value: '', values: {} };
  const option: TOptionDraft = { key: newKey('option'), name: '', names: {}, values: [value] };
  return syncGrid({
    ...draft,
    options: [...draft.options, option],
    variants: draft.variants.map((variant) => ({ ...variant, valueKeys: [...variant.valueKeys, value.key] })),
  });
}

/** Removes an option; the first variant of each remaining combination stays. */
export function removeOption(draft: TVariantsDraft, optionKey: string): TVariantsDraft {
  const index = draft.options.findIndex((option) => option.key === optionKey);
  if (index < 0) return draft;
  return syncGrid({
    ...draft,
    options: draft.options.filter((option) => option.key !== optionKey),
    variants: draft.variants.map((variant) => ({
      ...variant,
      valueKeys: variant.valueKeys.filter((_, i) => i !== index),
    })),
  });
}

export function setOptionName(draft: TVariantsDraft, optionKey: string, name: string): TVariantsDraft {
  return { ...draft, options: mapOption(draft, optionKey, (option) => ({ ...option, name })) };
}

export function setOptionTranslation(
  draft: TVariantsDraft,
  optionKey: string,
  lang: TTranslatedLanguage,
  text: string,
): TVariantsDraft {
  return {
    ...draft,
    options: mapOption(draft, optionKey, (option) => ({
      ...option,
      names: { ...option.names, [lang]: text },
    })),
  };
}

/** Adds a blank value at the end of an option: its combinations join the grid. */
export function addValue(draft: TVariantsDraft, optionKey: string): TVariantsDraft {
  return syncGrid({
    ...draft,
    options: mapOption(draft, optionKey, (option) =>
      option.values.length >= MAX_OPTION_VALUES
        ? option
        : { ...option, values: [...option.values, { key: newKey('value'), value: '', values: {} }] },
    ),
  });
}

/** Changes a value's text: its variants stay the same variants; suggested SKUs follow it. */
export function setValue(draft: TVariantsDraft, optionKey: string, valueKey: string, text: string) {
  return syncGrid({
    ...draft,
    options: mapOption(draft, optionKey, (option) => ({
      ...option,
      values: option.values.map((v) => (v.key === valueKey ? { ...v, value: text } : v)),
    })),
  });
}

export function setValueTranslation(
  draft: TVariantsDraft,
  optionKey: string,
  valueKey: string,
  lang: TTranslatedLanguage,
  text: string,
): TVariantsDraft {
  return {
    ...draft,
    options: mapOption(draft, optionKey, (option) => ({
      ...option,
      values: option.values.map((v) =>
        v.key === valueKey ? { ...v, values: { ...v.values, [lang]: text } } : v,
      ),
    })),
  };
}

/** Removes a value (an option keeps at least one): its variants leave the grid. */
export function removeValue(draft: TVariantsDraft, optionKey: string, valueKey: string): TVariantsDraft {
  return syncGrid({
    ...draft,
    options: mapOption(draft, optionKey, (option) =>
      option.values.length <= 1
        ? option
        : { ...option, values: option.values.filter((v) => v.key !== valueKey) },
    ),
  });
}

/** Moves a value one place up (-1) or down (+1); the grid follows the new order. */
export function moveValue(draft: TVariantsDraft, optionKey: string, valueKey: string, step: -1 | 1) {
  return syncGrid({
    ...draft,
    options: mapOption(draft, optionKey, (option) => {
      const from = option.values.findIndex((v) => v.key === valueKey);
      const to = from + step;
      if (from < 0 || to < 0 || to >= option.values.length) return option;
      const values = [...option.values];
      const [moved] = values.splice(from, 1);
      if (moved) values.splice(to, 0, moved);
      return { ...option, values };
    }),
  });
}

// ── Changes to the variants ──────────────────────────────────────────────────────────────────

export function setVariant(
  draft: TVariantsDraft,
  variantKey: string,
  change: Partial<Pick<TVariantDraft, 'sku' | 'cost' | 'stock' | 'weightGrams' | 'imageUrl' | 'status'>>,
): TVariantsDraft {
  return {
    ...draft,
    variants: draft.variants.map((variant) =>
      variant.key === variantKey
        ? { ...variant, ...change, ...(change.sku === undefined ? {} : { isSkuSuggested: false }) }
        : variant,
    ),
  };
}

/** Sets one column of the variants `keys` (all of them when null) to `value`. */
export function bulkSet<C extends TBulkColumn>(
  draft: TVariantsDraft,
  keys: ReadonlySet<string> | null,
  column: C,
  value: TVariantDraft[C],
): TVariantsDraft {
  return {
    ...draft,
    variants: draft.variants.map((variant) =>
      keys === null || keys.has(variant.key) ? { ...variant, [column]: value } : variant,
    ),
  };
}

// ── Checks, the request and the refusals ─────────────────────────────────────────────────────

/** Where an error shows: `option:<key>:name`, `option:<key>:values`, `value:<key>`, `variant:<key>:<column>`. */
export type TDraftErrors = Record<string, string>;
export type TVariantColumn = 'values' | 'sku' | 'cost' | 'stock' | 'weightGrams' | 'imageUrl' | 'status';
export const optionError = (optionKey: string, part: 'name' | 'values') => `option:${optionKey}:${part}`;
export const valueError = (valueKey: string) => `value:${valueKey}`;
export const variantError = (variantKey: string, column: TVariantColumn) => `variant:${variantKey}:${column}`;

/** The messages of the checks, in the page's language. */
export interface TCheckMessages {
  optionName: string;
  optionTwice: string;
  value: string;
  valueTwice: string;
  sku: string;
  skuTwice: string;
  cost: string;
  stock: string;
  weight: string;
}

export const isCost = (text: string) => {
  const cents = parsePriceMinor(text);
  return cents !== null && cents >= 1 && cents <= MAX_PRICE_MINOR;
};
export const isStock = (value: number) => Number.isInteger(value) && value >= 0 && value <= MAX_VARIANT_STOCK;
export const isWeight = (value: number) => Number.isInteger(value) && value >= 0 && value <= MAX_WEIGHT_GRAMS;

/** What the server would refuse and the editor can tell before sending, field by field. */
export function checkDraft(draft: TVariantsDraft, messages: TCheckMessages): TDraftErrors {
  const errors: TDraftErrors = {};
  draft.options.forEach((option, i) => {
    const name = option.name.trim();
    if (name === '') errors[optionError(option.key, 'name')] = messages.optionName;
    else if (draft.options.slice(0, i).some((o) => same(o.name.trim(), name)))
      errors[optionError(option.key, 'name')] = messages.optionTwice;
    option.values.forEach((value, j) => {
      const text = value.value.trim();
      if (text === '') errors[valueError(value.key)] = messages.value;
      else if (option.values.slice(0, j).some((v) => same(v.value.trim(), text)))
        errors[valueError(value.key)] = messages.valueTwice;
    });
  });
  const skus = new Set<string>();
  for (const variant of draft.variants) {
    const sku = variant.sku.trim();
    if (!ZSku.safeParse(sku).success) errors[variantError(variant.key, 'sku')] = messages.sku;
    else if (skus.has(sku.toLowerCase())) errors[variantError(variant.key, 'sku')] = messages.skuTwice;
    skus.add(sku.toLowerCase());
    if (!isCost(variant.cost)) errors[variantError(variant.key, 'cost')] = messages.cost;
    if (!isStock(variant.stock)) errors[variantError(variant.key, 'stock')] = messages.stock;
    if (!isWeight(variant.weightGrams)) errors[variantError(variant.key, 'weightGrams')] = messages.weight;
  }
  return errors;
}

/** The non-empty translations, trimmed. */
function cleanTexts(texts: TProductTranslations): TProductTranslations {
  const out: TProductTranslations = {};
  for (const lang of TRANSLATED_LANGUAGES) {
    const text = texts[lang]?.trim();
    if (text) out[lang] = text;
  }
  return out;
}

/** The PUT body: the options as typed (trimmed) and every variant, its cost in integer cents. */
export function toRequest(draft: TVariantsDraft): TProductVariantsRequest {
  return {
    options: draft.options.map((option) => ({
      name: option.name.trim(),
      names: cleanTexts(option.names),
      values: option.values.map((value) => ({ value: value.value.trim(), values: cleanTexts(value.values) })),
    })),
    variants: draft.variants.map((variant) => ({
      ...(variant.id === undefined ? {} : { id: variant.id }),
      values: valuesOf(draft, variant),
      sku: variant.sku.trim(),
      // Checked before sending; 0 would make the server refuse it on this cell.
      platformPriceMinor: parsePriceMinor(variant.cost) ?? 0,
      stock: variant.stock,
      imageUrl: variant.imageUrl,
      weightGrams: variant.weightGrams,
      status: variant.status,
    })),
  };
}

const VARIANT_FIELD = /^variants\.(\d+)(?:\.(\w+))?/;
const OPTION_FIELD = /^options\.(\d+)(?:\.(\w+))?(?:\.(\d+))?/;
const COLUMN_OF: Record<string, TVariantColumn> = {
  sku: 'sku',
  platformPriceMinor: 'cost',
  stock: 'stock',
  weightGrams: 'weightGrams',
  imageUrl: 'imageUrl',
  status: 'status',
  values: 'values',
  id: 'values',
};

/**
 * The server's field errors (`variants.3.sku`, `options.0.values.1.value`) on the cells of the
 * draft that was sent; the ones no cell takes come back in `other`.
 */
export function placeServerErrors(
  sent: TVariantsDraft,
  fields: TFieldErrors['fields'],
): { errors: TDraftErrors; other: string[] } {
  const errors: TDraftErrors = {};
  const other: string[] = [];
  const put = (key: string, message: string) => {
    errors[key] = errors[key] ? `${errors[key]} ${message}` : message;
  };
  for (const { field, message } of fields) {
    const variantMatch = VARIANT_FIELD.exec(field);
    const optionMatch = OPTION_FIELD.exec(field);
    const variant = variantMatch ? sent.variants[Number(variantMatch[1])] : undefined;
    const option = optionMatch ? sent.options[Number(optionMatch[1])] : undefined;
    if (variant) put(variantError(variant.key, COLUMN_OF[variantMatch?.[2] ?? ''] ?? 'values'), message);
    else if (option && optionMatch?.[2] === 'values' && optionMatch[3] !== undefined) {
      const value = option.values[Number(optionMatch[3])];
      if (value) put(valueError(value.key), message);
      else put(optionError(option.key, 'values'), message);
    } else if (option)
      put(optionError(option.key, optionMatch?.[2] === 'values' ? 'values' : 'name'), message);
    else other.push(message);
  }
  return { errors, other };
}
