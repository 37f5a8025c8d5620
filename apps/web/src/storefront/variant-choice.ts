import type { TStorefrontProductDetail, TStorefrontVariant } from '@linkstore/contract';

/*
 * A buyer's choice among a product's variants (decision 0055): one value per option. What each
 * value would lead to, given the other options as chosen, decides whether it can be picked.
 */

type TChoiceProduct = Pick<TStorefrontProductDetail, 'options' | 'variants' | 'defaultVariantId'>;

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/** The variant made of exactly these values, if it is on sale. */
export function variantOf(
  product: TChoiceProduct,
  valueIds: readonly string[],
): TStorefrontVariant | undefined {
  return product.variants.find((variant) => sameValues(variant.valueIds, valueIds));
}

/**
 * The variant shown first: the one the address names (`?variant=`, a shared link or Back) when
 * the product sells it, else the product's default.
 */
export function initialVariant(product: TChoiceProduct, search: string): TStorefrontVariant | undefined {
  const named = new URLSearchParams(search).get('variant');
  return (
    product.variants.find((variant) => variant.id === named) ??
    product.variants.find((variant) => variant.id === product.defaultVariantId) ??
    product.variants[0]
  );
}

/** Why a value cannot be picked now: no variant has it with the other choices, or that one is sold out. */
export type TValueState = 'available' | 'soldOut' | 'unavailable';

/** What picking `valueId` for option `index` would give, the other options kept as chosen. */
export function valueState(
  product: TChoiceProduct,
  chosen: readonly string[],
  index: number,
  valueId: string,
): TValueState {
  const wanted = chosen.map((id, i) => (i === index ? valueId : id));
  const variant = variantOf(product, wanted);
  if (!variant) return 'unavailable';
  return variant.stock > 0 ? 'available' : 'soldOut';
}

/**
 * The values after picking `valueId` for option `index`: the others kept when that combination is
 * sold; otherwise the values of the first variant with it that is in stock (else the first at
 * all), so a buyer is never left on a combination that does not exist.
 */
export function pick(
  product: TChoiceProduct,
  chosen: readonly string[],
  index: number,
  valueId: string,
): string[] {
  const wanted = chosen.map((id, i) => (i === index ? valueId : id));
  if (variantOf(product, wanted)) return wanted;
  const withValue = product.variants.filter((variant) => variant.valueIds[index] === valueId);
  const best = withValue.find((variant) => variant.stock > 0) ?? withValue[0];
  return best ? [...best.valueIds] : wanted;
}
