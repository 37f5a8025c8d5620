/**
 * The pricing rule, shared by the server (which stores and enforces it) and the
 * web app (which previews it while the creator edits). All amounts are integer US cents;
 * percentages are whole numbers (150 = 150% of cost).
 */

export const DEFAULT_PERCENTAGE = 200;
/** A selling price is never below cost, so a percentage is never below 100. */
export const MIN_PERCENTAGE = 100;
/** 100× cost is the most a creator may ask (guards against typing an extra zero). */
export const MAX_PERCENTAGE = 10_000;

export const ROUNDINGS = ['none', '99', '95', 'whole'] as const;
export type TRounding = (typeof ROUNDINGS)[number];

/** Where a selling price comes from: a variant's own price, the product's, or a percentage. */
export const PRICE_SOURCES = ['variant', 'override', 'secondLevel', 'firstLevel', 'default'] as const;
export type TPriceSource = (typeof PRICE_SOURCES)[number];

export interface TPriceRules {
  /** The product's own selling price, if the creator set one. Used as is (never rounded). */
  overrideMinor?: number | null | undefined;
  /** The shop's percentage for the product's second-level category. */
  secondLevelPercentage?: number | null | undefined;
  /** The shop's percentage for the first-level category above it. */
  firstLevelPercentage?: number | null | undefined;
  /** The shop's default percentage. */
  defaultPercentage: number;
  rounding: TRounding;
}

export interface TPrice {
  costMinor: number;
  sellingMinor: number;
  profitMinor: number;
  source: TPriceSource;
  /** The percentage that applied; null for an override or a variant's own price. */
  percentage: number | null;
}

/** `cents × percentage / 100`, rounded half up, in integers only. */
export function applyPercentage(costMinor: number, percentage: number): number {
  return Math.floor((costMinor * percentage + 50) / 100);
}

/** The smallest price ≥ `cents` that fits the rounding (e.g. 12.34 → 12.99, 12.95, 13.00). */
export function roundPrice(cents: number, rounding: TRounding): number {
  if (rounding === 'none') return cents;
  if (rounding === 'whole') return Math.ceil(cents / 100) * 100;
  const ending = rounding === '99' ? 99 : 95;
  const candidate = Math.floor(cents / 100) * 100 + ending;
  return candidate >= cents ? candidate : candidate + 100;
}

/** Selling price and profit by precedence: override > second level > first level > default. */
export function priceProduct(costMinor: number, rules: TPriceRules): TPrice {
  if (rules.overrideMinor !== null && rules.overrideMinor !== undefined) {
    return {
      costMinor,
      sellingMinor: rules.overrideMinor,
      profitMinor: rules.overrideMinor - costMinor,
      source: 'override',
      percentage: null,
    };
  }
  const [source, percentage]: [TPriceSource, number] =
    rules.secondLevelPercentage != null
      ? ['secondLevel', rules.secondLevelPercentage]
      : rules.firstLevelPercentage != null
        ? ['firstLevel', rules.firstLevelPercentage]
        : ['default', rules.defaultPercentage];
  const sellingMinor = roundPrice(applyPercentage(costMinor, percentage), rules.rounding);
  return { costMinor, sellingMinor, profitMinor: sellingMinor - costMinor, source, percentage };
}

/**
 * A product's own price (the creator's override) carried to one of its variants (decision 0055):
 * the override is the price of the variant the product is sold as (its first on sale, whose cost
 * is `productCostMinor`); every other variant keeps the same profit, so a 3XL that costs more
 * sells for that much more and no variant is ever priced below its cost. Percentages need no
 * carrying: they apply to each variant's own cost.
 */
export function variantOverride(
  overrideMinor: number | null | undefined,
  productCostMinor: number,
  variantCostMinor: number,
): number | null {
  if (overrideMinor === null || overrideMinor === undefined) return null;
  return overrideMinor + (variantCostMinor - productCostMinor);
}

/** A variant as it is priced (decision 0055): its own cost and the creator's own price for it, if any. */
export interface TVariantPriceInputs {
  costMinor: number;
  /** The price the creator typed for this variant. Wins over everything; used as is (never rounded). */
  ownPriceMinor?: number | null | undefined;
}

/**
 * One variant's selling price and profit: its own price when the creator typed one (source
 * `variant`, not rounded), else the product's rules — a percentage of the variant's own cost, or
 * the product's own price carried by `variantOverride` from the variant the product is sold as
 * (whose cost is `productCostMinor`).
 */
export function priceVariant(
  productCostMinor: number,
  rules: TPriceRules,
  variant: TVariantPriceInputs,
): TPrice {
  const { costMinor, ownPriceMinor } = variant;
  if (ownPriceMinor !== null && ownPriceMinor !== undefined) {
    return {
      costMinor,
      sellingMinor: ownPriceMinor,
      profitMinor: ownPriceMinor - costMinor,
      source: 'variant',
      percentage: null,
    };
  }
  return priceProduct(costMinor, {
    ...rules,
    overrideMinor: variantOverride(rules.overrideMinor, productCostMinor, costMinor),
  });
}

/** What a variant's "compare at" (sale) price is made of. */
export interface TCompareAtInputs {
  /** The variant's selling price (`priceVariant`). */
  sellingMinor: number;
  /** The "compare at" the creator typed for this variant, if any. */
  ownCompareAtMinor?: number | null | undefined;
  /** The product's "compare at", if any: the compare-at of the variant the product is sold as… */
  productCompareAtMinor?: number | null | undefined;
  /** …whose selling price this is. */
  productSellingMinor: number;
}

/**
 * The "compare at" price shown struck through next to a variant's price, or null: the variant's
 * own if set, else the product's carried by the same difference as the prices (the product's
 * compare-at + (this variant's selling − the selling variant's selling)). One that is not above
 * the selling price is not shown. It never changes what the buyer pays or the profit.
 */
export function compareAtPrice(inputs: TCompareAtInputs): number | null {
  const { sellingMinor, ownCompareAtMinor, productCompareAtMinor, productSellingMinor } = inputs;
  const candidate =
    ownCompareAtMinor !== null && ownCompareAtMinor !== undefined
      ? ownCompareAtMinor
      : productCompareAtMinor !== null && productCompareAtMinor !== undefined
        ? productCompareAtMinor + (sellingMinor - productSellingMinor)
        : null;
  return candidate !== null && candidate > sellingMinor ? candidate : null;
}

/**
 * A US-cent amount in another currency's minor units, for display: `ratePerUsdMicros` millionths
 * of the currency's major unit per dollar, `minorDigits` its decimals (JPY 0, USD 2, KWD 3).
 * Rounded half up; integers throughout (BigInt keeps large amounts exact).
 */
export function convertFromUsdMinor(usdMinor: number, ratePerUsdMicros: number, minorDigits: number): number {
  const scaled = BigInt(usdMinor) * BigInt(ratePerUsdMicros) * 10n ** BigInt(minorDigits);
  const divisor = 100n * 1_000_000n;
  const sign = scaled < 0n ? -1n : 1n;
  const magnitude = scaled < 0n ? -scaled : scaled;
  return Number(sign * ((magnitude + divisor / 2n) / divisor));
}

/** The inverse for a creator typing a price in their currency: minor units → US cents (half up). */
export function convertToUsdMinor(minor: number, ratePerUsdMicros: number, minorDigits: number): number {
  const scaled = BigInt(minor) * 100n * 1_000_000n;
  const divisor = BigInt(ratePerUsdMicros) * 10n ** BigInt(minorDigits);
  const sign = scaled < 0n ? -1n : 1n;
  const magnitude = scaled < 0n ? -scaled : scaled;
  return Number(sign * ((magnitude + divisor / 2n) / divisor));
}
