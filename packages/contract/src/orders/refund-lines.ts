// Zod-free and pure: the server computes a refund by lines with it, the console shows the same
// amounts before the operator asks (decision 0055, "Downstream").

/**
 * An order line as a refund by lines reads it: its id, the shop's price of one unit, how many were
 * bought, and the line's share of the order's discount code (all its units).
 */
export interface TRefundableItem {
  id: string;
  /** The shop's price of one unit (the order's US cents). */
  sellingUnitMinor: number;
  quantity: number;
  /** The line's share of the order's discount, all units (0 or absent: none). */
  discountMinor?: number;
}

/** Units of one order line: asked for by a refund, or taken by earlier ones. */
export interface TLineUnits {
  itemId: string;
  quantity: number;
}

/**
 * What each line of a refund by lines gives back, in the capture's minor units (which may be
 * another currency than the lines' US cents): the lines' paid value as a share of the capture. A
 * line's paid value is its units at the shop's price less its share of the discount, so a line a
 * code took money off gives back less than one it did not; k of its q units are k/q of it.
 *
 * Cumulative and exact: with V the order's paid value and B the value earlier refunds by lines
 * took (failed ones left out), a line of value v after B is
 * round(captured × (B + v) / V) − round(captured × B / V), half up, so refunding every line, in any
 * split, gives back exactly the capture. Values are kept as integers over the lcm of the lines'
 * quantities (BigInt), so a unit's share of a discount is never rounded. The last units of rounding never exceed what is `left`
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
  const quantities = input.items.map((item) => BigInt(Math.max(1, item.quantity)));
  const scale = quantities.reduce(lcm, 1n);
  const paidOf = (item: TRefundableItem) =>
    BigInt(Math.max(0, item.sellingUnitMinor * item.quantity - (item.discountMinor ?? 0)));
  // A unit of each line, in 1/scale minor units: its paid value / its quantity, exactly.
  const unitOf = new Map(
    input.items.map((item, i) => [item.id, (paidOf(item) * scale) / (quantities[i] ?? 1n)]),
  );
  const valueOf = (units: TLineUnits) => (unitOf.get(units.itemId) ?? 0n) * BigInt(units.quantity);
  const orderValue = input.items.reduce((sum, item) => sum + paidOf(item) * scale, 0n);
  if (orderValue <= 0n || input.capturedMinor <= 0) return input.lines.map(() => 0);
  const captured = BigInt(input.capturedMinor);
  // round(captured × value / orderValue), half up, for value ≤ orderValue.
  const target = (value: bigint) => {
    const part = value < orderValue ? value : orderValue;
    return Number((2n * captured * part + orderValue) / (2n * orderValue));
  };
  let cumulative = input.before.reduce((sum, units) => sum + valueOf(units), 0n);
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

function lcm(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return (a / x) * b;
}
