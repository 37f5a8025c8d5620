// Zod-free and pure: the server freezes an order's money with it, the storefront shows the same
// figures before the buyer pays (decision 0056).

import { mulDivRound } from '../platform/money';
import { grossOf, taxOf as taxAt } from '../taxes/tax-math';

/** One line of a cart or order as the totals read it: unit prices in the order's minor units. */
export interface TTotalsLine {
  /** The shop's price of one unit, net of tax (creators price net; decision 0056). */
  unitMinor: number;
  /** The platform's cost of one unit: no discount takes the line below it. */
  costMinor: number;
  quantity: number;
  /** Whether the order's discount applies to this line (a code for chosen products); default true. */
  discountable?: boolean;
}

/** A discount on the order: a share of each line's price (micros, 200000 = 20 %) or an amount. */
export type TDiscountRule =
  { kind: 'percent'; percentMicros: number } | { kind: 'amount'; amountMinor: number };

/**
 * The tax in force where the order ships: its rate (micros), whether shipping bears it, and whether
 * buyers there see prices with it (`inclusive`, "incl. VAT").
 */
export interface TTotalsTax {
  rateMicros: number;
  shippingTaxed: boolean;
  inclusive: boolean;
}

export interface TLineTotals {
  /** unit × quantity. */
  netMinor: number;
  /** Its share of the discount, never more than its profit (price − cost, all units). */
  discountMinor: number;
  /** Tax on net − discount (see `orderTotals` for the rounding). */
  taxMinor: number;
  /** Where prices include tax: the tax the discount took off with it (else 0). */
  discountTaxMinor: number;
}

export interface TOrderTotals {
  /** Σ unit × quantity: the items before discount and tax. */
  itemsMinor: number;
  discountMinor: number;
  /** What the buyer pays for shipping (after the shop's free shipping, if any). */
  shippingMinor: number;
  /** The shipping the creator pays from their profit (their free-shipping offer); else 0. */
  creatorShippingMinor: number;
  /** Tax on the shipping (part of `taxMinor`). */
  shippingTaxMinor: number;
  /** Σ lines' tax + the shipping's. */
  taxMinor: number;
  /** Where prices include tax: the discount's own tax, so it can be shown with it (else 0). */
  discountTaxMinor: number;
  /** items − discount + shipping + tax: what the buyer pays. */
  totalMinor: number;
  /** Σ cost × quantity: what the platform keeps. */
  platformMinor: number;
  /**
   * items − discount − platform − creator's shipping: the creator's. The buyer's shipping and the
   * tax never are; shipping the creator offered free is paid from it.
   */
  profitMinor: number;
  /** Some line took less discount than the rule gave it: its profit ran out (the cap is shown). */
  discountCapped: boolean;
  lines: TLineTotals[];
}

const MICROS = 1_000_000;

/**
 * Each discountable line's share of the discount before the cap. A percentage is taken per line
 * (rounded half up); an amount is split over the lines by their value, cumulatively, so the
 * shares add up to exactly the amount (or to the lines' value when the amount is larger).
 */
function discountShares(lines: readonly TTotalsLine[], rule: TDiscountRule | null | undefined): number[] {
  const value = (line: TTotalsLine) => (line.discountable === false ? 0 : line.unitMinor * line.quantity);
  if (!rule) return lines.map(() => 0);
  if (rule.kind === 'percent') {
    const percent = Math.min(Math.max(rule.percentMicros, 0), MICROS);
    return lines.map((line) => mulDivRound(value(line), percent, MICROS));
  }
  const base = lines.reduce((sum, line) => sum + value(line), 0);
  const amount = Math.min(Math.max(rule.amountMinor, 0), base);
  if (base === 0) return lines.map(() => 0);
  let before = 0;
  return lines.map((line) => {
    const from = mulDivRound(amount, before, base);
    before += value(line);
    return mulDivRound(amount, before, base) - from;
  });
}

/**
 * What an order charges, in integer minor units: the discount out of each line's profit (capped
 * so no line sells below its platform cost), tax per line on what is left and on the shipping
 * when the rate says so, and the total. Shipping is what the buyer pays for the method, already
 * worked out (the operators' free-shipping thresholds and the shop's own offer included); the part
 * the creator pays (`creatorShippingMinor`, see `creatorFreeShipping`) comes out of the profit and
 * is never taxed: tax is on what the buyer pays.
 *
 * Rounding is per line, half up. Where prices are shown with tax, a line's tax is its units' tax
 * (quantity × the tax of one unit) less the discount's tax, so the buyer pays exactly the prices
 * shown with tax (quantity × shown unit) less the discount shown with tax; elsewhere it is the tax
 * of the line's price less its discount.
 */
export function orderTotals(input: {
  lines: readonly TTotalsLine[];
  shippingMinor: number;
  tax: TTotalsTax | null;
  discount?: TDiscountRule | null;
  creatorShippingMinor?: number;
}): TOrderTotals {
  const rate = input.tax?.rateMicros ?? 0;
  const taxOf = (minor: number) => taxAt(minor, rate);
  const shares = discountShares(input.lines, input.discount);
  let discountCapped = false;
  const lines = input.lines.map((line, i): TLineTotals => {
    const netMinor = line.unitMinor * line.quantity;
    const profit = (line.unitMinor - line.costMinor) * line.quantity;
    const share = shares[i] ?? 0;
    const discountMinor = Math.max(0, Math.min(share, profit));
    if (discountMinor < share) discountCapped = true;
    if (!input.tax?.inclusive) {
      return { netMinor, discountMinor, taxMinor: taxOf(netMinor - discountMinor), discountTaxMinor: 0 };
    }
    const unitsTax = line.quantity * taxOf(line.unitMinor);
    const discountTaxMinor = Math.min(taxOf(discountMinor), unitsTax);
    return { netMinor, discountMinor, taxMinor: unitsTax - discountTaxMinor, discountTaxMinor };
  });
  const sum = (of: (line: TLineTotals) => number) => lines.reduce((total, line) => total + of(line), 0);
  const itemsMinor = sum((line) => line.netMinor);
  const discountMinor = sum((line) => line.discountMinor);
  const shippingMinor = input.shippingMinor;
  const shippingTaxMinor = input.tax?.shippingTaxed ? taxOf(shippingMinor) : 0;
  const taxMinor = sum((line) => line.taxMinor) + shippingTaxMinor;
  const platformMinor = input.lines.reduce((total, line) => total + line.costMinor * line.quantity, 0);
  const creatorShippingMinor = input.creatorShippingMinor ?? 0;
  return {
    itemsMinor,
    discountMinor,
    shippingMinor,
    creatorShippingMinor,
    shippingTaxMinor,
    taxMinor,
    discountTaxMinor: sum((line) => line.discountTaxMinor),
    totalMinor: itemsMinor - discountMinor + shippingMinor + taxMinor,
    platformMinor,
    profitMinor: itemsMinor - discountMinor - platformMinor - creatorShippingMinor,
    discountCapped,
    lines,
  };
}

/** A unit price as buyers where prices include tax see it (with its tax), or as it is elsewhere. */
export function shownUnitPrice(
  unitMinor: number,
  tax: { rateMicros: number; inclusive: boolean } | null,
): number {
  return tax?.inclusive ? grossOf(unitMinor, tax.rateMicros) : unitMinor;
}

/** A figure of an order's summary: items, discount (taken off), shipping, tax, total, "includes tax". */
export interface TMoneyRow {
  kind: 'items' | 'discount' | 'shipping' | 'tax' | 'total' | 'taxIncluded';
  minor: number;
}

/**
 * An order's summary as its buyer reads it, the one way the checkout, the receipt and the mail
 * show it. Where prices are shown without tax: items, discount, shipping, tax, total. Where they
 * include it: items, discount and shipping each with their tax, the total, then the tax it
 * includes — so the rows add up to the total either way. Discount and tax rows only when non-zero.
 */
export function orderMoneyRows(money: {
  itemsMinor: number;
  discountMinor: number;
  discountTaxMinor: number;
  shippingMinor: number;
  shippingTaxMinor: number;
  taxMinor: number;
  totalMinor: number;
  tax: { inclusive: boolean } | null;
}): TMoneyRow[] {
  const inclusive = money.tax?.inclusive === true;
  const withTax = (minor: number, tax: number) => (inclusive ? minor + tax : minor);
  const itemsTax = money.taxMinor - money.shippingTaxMinor + money.discountTaxMinor;
  const rows: TMoneyRow[] = [{ kind: 'items', minor: withTax(money.itemsMinor, itemsTax) }];
  if (money.discountMinor > 0) {
    rows.push({ kind: 'discount', minor: withTax(money.discountMinor, money.discountTaxMinor) });
  }
  rows.push({ kind: 'shipping', minor: withTax(money.shippingMinor, money.shippingTaxMinor) });
  if (!inclusive && money.taxMinor > 0) rows.push({ kind: 'tax', minor: money.taxMinor });
  rows.push({ kind: 'total', minor: money.totalMinor });
  if (inclusive && money.taxMinor > 0) rows.push({ kind: 'taxIncluded', minor: money.taxMinor });
  return rows;
}
