// Zod-free and pure: the server computes a refund by lines with it, the console shows the same
// amounts before the operator asks (decision 0055, "Downstream").

import { mulDivRound } from '../platform/money';

/** An order line as a refund by lines reads it: its id, what one unit was paid, how many were bought. */
export interface TRefundableItem {
  id: string;
  /** The shop's price of one unit, what the buyer paid (the order's US cents). */
  sellingUnitMinor: number;
  quantity: number;
}

/** Units of one order line: asked for by a refund, or taken by earlier ones. */
export interface TLineUnits {
  itemId: string;
  quantity: number;
}

/**
 * What each line of a refund by lines gives back, in the capture's minor units (which may be
 * another currency than the lines' US cents): the lines' paid value as a share of the capture.
 *
 * Cumulative and exact: with V the order's value (Σ unit price × quantity) and B the value earlier
 * refunds by lines took (failed ones left out), a line of value v after B is
 * round(captured × (B + v) / V) − round(captured × B / V), half up, so refunding every line, in any
 * split, gives back exactly the capture. The last units of rounding never exceed what is `left`
 * (captured less every refund that did not fail, amount-only ones included): any excess comes off
 * the last lines. Answers one amount per line, in the order asked (0 for an unknown item).
 */
export function refundLineAmounts(input: {
  capturedMinor: number;
  leftMinor: number;
  items: readonly TRefundableItem[];
  before: readonly TLineUnits[];
  lines: readonly TLineUnits[];
}): number[] {
  const unitOf = new Map(input.items.map((item) => [item.id, item.sellingUnitMinor]));
  const valueOf = (units: TLineUnits) => (unitOf.get(units.itemId) ?? 0) * units.quantity;
  const orderValue = input.items.reduce((sum, item) => sum + item.sellingUnitMinor * item.quantity, 0);
  if (orderValue <= 0 || input.capturedMinor <= 0) return input.lines.map(() => 0);
  const target = (value: number) => mulDivRound(input.capturedMinor, Math.min(value, orderValue), orderValue);
  let cumulative = input.before.reduce((sum, units) => sum + valueOf(units), 0);
  const amounts = input.lines.map((line) => {
    const from = target(cumulative);
    cumulative += valueOf(line);
    return target(cumulative) - from;
  });
  let excess = amounts.reduce((sum, amount) => sum + amount, 0) - Math.max(0, input.leftMinor);
  for (let i = amounts.length - 1; i >= 0 && excess > 0; i--) {
    const cut = Math.min(amounts[i] ?? 0, excess);
    amounts[i] = (amounts[i] ?? 0) - cut;
    excess -= cut;
  }
  return amounts;
}

/** Units of each line still refundable: bought less what earlier refunds (not failed) took. */
export function refundableUnits(
  items: readonly { id: string; quantity: number }[],
  before: readonly TLineUnits[],
): Map<string, number> {
  const taken = new Map<string, number>();
  for (const units of before) taken.set(units.itemId, (taken.get(units.itemId) ?? 0) + units.quantity);
  return new Map(items.map((item) => [item.id, Math.max(0, item.quantity - (taken.get(item.id) ?? 0))]));
}
