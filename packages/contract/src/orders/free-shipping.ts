// Zod-free and pure: a creator's free shipping over an amount, paid from their profit (decision
// 0056). The checkout decides with it whether an order gets it; the shop's save checks with it
// that an order at the threshold can pay its shipping.

import type { TShippingRate } from '../shipping/shipping-rates';

/** Why the shop's free shipping does not apply to an order. */
export type TFreeShippingRefusal = 'belowThreshold' | 'profit';

/** The shop's free shipping as an order gets it (or why not). */
export interface TFreeShipping {
  /** The shop's threshold: items less the discount, US cents. */
  thresholdMinor: number;
  applies: boolean;
  /** Null when it applies. */
  reason: TFreeShippingRefusal | null;
  /**
   * `belowThreshold`: what the items (less the discount) lack to reach it; `profit`: what the
   * order's profit lacks to pay the shipping; 0 when it applies.
   */
  missingMinor: number;
  /** What the creator pays: the cheapest method's price when it applies, else 0. */
  creatorShippingMinor: number;
}

/**
 * The shop's free shipping for an order: it applies when the items less the discount reach the
 * threshold and the order's profit (items − discount − platform cost) covers the cheapest method
 * offered there (`cheapestMinor`, after the operators' own thresholds; null or 0: shipping costs
 * nothing anyway). The creator then pays that method's price; never below cost. Null when the
 * shop offers none.
 */
export function creatorFreeShipping(input: {
  thresholdMinor: number | null;
  itemsMinor: number;
  discountMinor: number;
  platformMinor: number;
  cheapestMinor: number | null;
}): TFreeShipping | null {
  const { thresholdMinor } = input;
  if (thresholdMinor === null) return null;
  const net = input.itemsMinor - input.discountMinor;
  const refused = (reason: TFreeShippingRefusal, missingMinor: number): TFreeShipping => ({
    thresholdMinor,
    applies: false,
    reason,
    missingMinor,
    creatorShippingMinor: 0,
  });
  if (net < thresholdMinor) return refused('belowThreshold', thresholdMinor - net);
  const shipping = Math.max(0, input.cheapestMinor ?? 0);
  const profit = net - input.platformMinor;
  if (profit < shipping) return refused('profit', shipping - profit);
  return { thresholdMinor, applies: true, reason: null, missingMinor: 0, creatorShippingMinor: shipping };
}

/** What the buyer pays for a method once the creator paid `creatorShippingMinor` of it. */
export function buyerShippingOf(methodMinor: number, creatorShippingMinor: number): number {
  return Math.max(0, methodMinor - creatorShippingMinor);
}

/** A method's price for one item: the first item's (per item), or the first band's (by weight). */
export function firstItemPriceOf(method: TShippingRate): number {
  return method.kind === 'weight' ? (method.weightBands[0]?.rateMinor ?? 0) : method.firstItemMinor;
}

/** What the save-time check reads of a product the shop sells: its price and platform cost. */
export interface TFreeShippingProduct {
  sellingMinor: number;
  costMinor: number;
}

/** The dearest, among zones, of each zone's cheapest first-item price for an order of `thresholdMinor`. */
function dearestCheapest(zones: readonly (readonly TShippingRate[])[], thresholdMinor: number): number {
  let dearest = 0;
  for (const methods of zones) {
    if (methods.length === 0) continue;
    const cheapest = Math.min(
      ...methods.map((method) =>
        method.freeOverMinor !== null && thresholdMinor >= method.freeOverMinor
          ? 0
          : firstItemPriceOf(method),
      ),
    );
    dearest = Math.max(dearest, cheapest);
  }
  return dearest;
}

/**
 * The lowest threshold at which every order could pay its cheapest shipping from its profit: T
 * such that T × (lowest profit/price ratio of the products) ≥ the dearest first-item price among
 * the zones' cheapest methods (a method the operators ship free at T costs nothing). 1 when
 * nothing costs (no zone); null when none works (a product sells at its cost while shipping
 * costs). Integer math: T × profit ≥ shipping × price for every product.
 */
export function lowestFreeShippingThreshold(
  zones: readonly (readonly TShippingRate[])[],
  products: readonly TFreeShippingProduct[],
): number | null {
  const need = (shipping: number): number => {
    let lowest = 1;
    for (const { sellingMinor, costMinor } of products) {
      const profit = sellingMinor - costMinor;
      if (shipping === 0 || sellingMinor <= 0) continue;
      if (profit <= 0) return Infinity;
      lowest = Math.max(lowest, Math.ceil((shipping * sellingMinor) / profit));
    }
    return lowest;
  };
  // The shipping falls (never rises) as the threshold passes the operators' own thresholds.
  const steps = [
    ...new Set(
      zones.flatMap((methods) =>
        methods.flatMap((m) => (m.freeOverMinor !== null && m.freeOverMinor > 1 ? [m.freeOverMinor] : [])),
      ),
    ),
  ].sort((a, b) => a - b);
  const starts = [1, ...steps];
  for (const [i, start] of starts.entries()) {
    const candidate = Math.max(start, need(dearestCheapest(zones, start)));
    if (candidate < (starts[i + 1] ?? Infinity)) return candidate;
  }
  return null;
}
