import { describe, expect, it } from 'vitest';
import { buyerShippingOf, creatorFreeShipping } from './free-shipping';
import {
  orderMoneyRows,
  orderTotals,
  shownUnitPrice,
  type TDiscountRule,
  type TTotalsLine,
} from './order-totals';

/** A small seeded generator (mulberry32): the same carts on every run, many of them. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), chance: next };
}

describe('orderTotals', () => {
  it('charges a cart with tax on lines and shipping, a code out of the profit', () => {
    const totals = orderTotals({
      lines: [
        { unitMinor: 2_500, costMinor: 1_800, quantity: 2 },
        { unitMinor: 1_999, costMinor: 1_500, quantity: 1 },
      ],
      shippingMinor: 1_499,
      tax: { rateMicros: 190_000, shippingTaxed: true, inclusive: false },
      discount: { kind: 'percent', percentMicros: 200_000 },
    });
    // 20 % of 5,000 = 1,000 (≤ profit 1,400); of 1,999 = 399.8 → 400 (≤ 499).
    expect(totals.lines).toEqual([
      { netMinor: 5_000, discountMinor: 1_000, taxMinor: 760, discountTaxMinor: 0 },
      { netMinor: 1_999, discountMinor: 400, taxMinor: 304, discountTaxMinor: 0 }, // 1,599 × 19 % = 303.81
    ]);
    expect(totals).toMatchObject({
      itemsMinor: 6_999,
      discountMinor: 1_400,
      shippingMinor: 1_499,
      shippingTaxMinor: 285, // 284.81
      taxMinor: 760 + 304 + 285,
      totalMinor: 6_999 - 1_400 + 1_499 + 1_349,
      platformMinor: 5_100,
      profitMinor: 6_999 - 1_400 - 5_100,
      discountCapped: false,
    });
  });

  it('adds no tax on shipping where the rate leaves it out, and none without a rate', () => {
    const lines = [{ unitMinor: 1_000, costMinor: 600, quantity: 3 }];
    expect(
      orderTotals({
        lines,
        shippingMinor: 500,
        tax: { rateMicros: 72_500, shippingTaxed: false, inclusive: false },
      }),
    ).toMatchObject({ taxMinor: 218, shippingTaxMinor: 0, totalMinor: 3_718 }); // 217.5 → 218
    expect(orderTotals({ lines, shippingMinor: 0, tax: null })).toMatchObject({
      taxMinor: 0,
      totalMinor: 3_000,
      profitMinor: 1_200,
    });
  });

  it('charges exactly the prices shown with VAT where prices include it', () => {
    const vat = { rateMicros: 190_000, shippingTaxed: true, inclusive: true };
    const totals = orderTotals({
      lines: [{ unitMinor: 1_001, costMinor: 600, quantity: 3 }],
      shippingMinor: 499,
      tax: vat,
      discount: { kind: 'amount', amountMinor: 300 },
    });
    // One unit shows 1,001 + 190.19 → 1,191; three show 3,573 (tax 570, not 570.57 → 571).
    expect(shownUnitPrice(1_001, vat)).toBe(1_191);
    expect(totals.lines).toEqual([
      { netMinor: 3_003, discountMinor: 300, taxMinor: 570 - 57, discountTaxMinor: 57 },
    ]);
    // Items shown 3,573, discount shown 357, shipping shown 499 + 95 = 594.
    expect(totals.totalMinor).toBe(3 * 1_191 - (300 + 57) + (499 + 95));
    expect(shownUnitPrice(1_001, { ...vat, inclusive: false })).toBe(1_001);
  });

  it('caps a line’s discount at its profit and says so', () => {
    const totals = orderTotals({
      lines: [
        { unitMinor: 1_000, costMinor: 950, quantity: 1 },
        { unitMinor: 1_000, costMinor: 500, quantity: 1 },
      ],
      shippingMinor: 0,
      tax: null,
      discount: { kind: 'amount', amountMinor: 600 },
    });
    expect(totals.lines.map((line) => line.discountMinor)).toEqual([50, 300]);
    expect(totals).toMatchObject({ discountMinor: 350, discountCapped: true, profitMinor: 200 });
  });

  it('splits an amount over the chosen lines only, adding up to it exactly', () => {
    const totals = orderTotals({
      lines: [
        { unitMinor: 3_333, costMinor: 1_000, quantity: 1 },
        { unitMinor: 3_333, costMinor: 1_000, quantity: 2, discountable: false },
        { unitMinor: 3_334, costMinor: 1_000, quantity: 1 },
      ],
      shippingMinor: 0,
      tax: null,
      discount: { kind: 'amount', amountMinor: 1_001 },
    });
    expect(totals.lines.map((line) => line.discountMinor)).toEqual([500, 0, 501]);
    expect(totals.discountMinor).toBe(1_001);
  });

  it('takes the shipping a creator offers free out of the profit, and taxes only what the buyer pays', () => {
    const lines = [{ unitMinor: 2_000, costMinor: 1_000, quantity: 3 }];
    const tax = { rateMicros: 190_000, shippingTaxed: true, inclusive: false };
    // Express costs 2,999, Standard (the cheapest) 999: the creator pays 999, the buyer 2,000.
    const totals = orderTotals({
      lines,
      shippingMinor: buyerShippingOf(2_999, 999),
      creatorShippingMinor: 999,
      tax,
    });
    expect(totals).toMatchObject({
      shippingMinor: 2_000,
      creatorShippingMinor: 999,
      shippingTaxMinor: 380,
      taxMinor: 1_140 + 380,
      totalMinor: 6_000 + 2_000 + 1_520,
      platformMinor: 3_000,
      profitMinor: 6_000 - 3_000 - 999,
    });
    expect(orderTotals({ lines, shippingMinor: 999, tax: null })).toMatchObject({
      creatorShippingMinor: 0,
      profitMinor: 3_000,
    });
  });

  it('holds its arithmetic for random carts, rates, shipping and codes', () => {
    const draw = random(34);
    for (let run = 0; run < 1_000; run++) {
      const lines: TTotalsLine[] = Array.from({ length: draw.int(1, 20) }, () => {
        const costMinor = draw.int(0, 50_000);
        return {
          costMinor,
          unitMinor: costMinor + draw.int(0, 50_000),
          quantity: draw.int(1, 99),
          discountable: draw.chance() > 0.2,
        };
      });
      const discount: TDiscountRule | null =
        draw.chance() < 0.3
          ? null
          : draw.chance() < 0.5
            ? { kind: 'percent', percentMicros: draw.int(0, 1_000_000) }
            : { kind: 'amount', amountMinor: draw.int(0, 10_000_000) };
      const tax =
        draw.chance() < 0.2
          ? null
          : {
              rateMicros: draw.int(0, 300_000),
              shippingTaxed: draw.chance() < 0.5,
              inclusive: draw.chance() < 0.5,
            };
      // Sometimes the shop ships free over an amount: the cheapest method paid from the profit.
      const methodMinor = draw.int(0, 10_000);
      const cheapestMinor = Math.min(methodMinor, draw.int(0, 10_000));
      const before = orderTotals({ lines, shippingMinor: methodMinor, tax, discount });
      const offer = creatorFreeShipping({
        thresholdMinor: draw.chance() < 0.5 ? null : draw.int(1, 2_000_000),
        itemsMinor: before.itemsMinor,
        discountMinor: before.discountMinor,
        platformMinor: before.platformMinor,
        cheapestMinor,
      });
      const creatorShippingMinor = offer?.creatorShippingMinor ?? 0;
      const totals = orderTotals({
        lines,
        shippingMinor: buyerShippingOf(methodMinor, creatorShippingMinor),
        creatorShippingMinor,
        tax,
        discount,
      });
      expect(totals.shippingMinor + totals.creatorShippingMinor).toBe(methodMinor);
      if (offer?.applies) expect(offer.creatorShippingMinor).toBe(cheapestMinor);
      const figures = [
        totals.itemsMinor,
        totals.discountMinor,
        totals.shippingMinor,
        totals.creatorShippingMinor,
        totals.taxMinor,
        totals.totalMinor,
        totals.platformMinor,
        totals.profitMinor,
        ...totals.lines.flatMap((line) => [line.netMinor, line.discountMinor, line.taxMinor]),
      ];
      for (const figure of figures) expect(Number.isSafeInteger(figure) && figure >= 0).toBe(true);
      expect(totals.totalMinor).toBe(
        totals.itemsMinor - totals.discountMinor + totals.shippingMinor + totals.taxMinor,
      );
      // As the database checks it (orders_amounts); never below cost, whoever pays the shipping.
      expect(totals.profitMinor).toBe(
        totals.totalMinor -
          totals.shippingMinor -
          totals.taxMinor -
          totals.platformMinor -
          totals.creatorShippingMinor,
      );
      expect(totals.profitMinor).toBe(
        totals.itemsMinor - totals.discountMinor - totals.platformMinor - totals.creatorShippingMinor,
      );
      lines.forEach((line, i) => {
        const got = totals.lines[i];
        // No line below its platform cost, whatever the code.
        expect(got && got.netMinor - got.discountMinor).toBeGreaterThanOrEqual(
          line.costMinor * line.quantity,
        );
        if (line.discountable === false) expect(got?.discountMinor).toBe(0);
        const halfUp = (minor: number) =>
          (2n * BigInt(minor) * BigInt(tax?.rateMicros ?? 0) + 1_000_000n) / 2_000_000n;
        if (!tax?.inclusive) {
          // Half up on the exact product, checked with BigInt.
          expect(BigInt(got?.taxMinor ?? 0)).toBe(halfUp((got?.netMinor ?? 0) - (got?.discountMinor ?? 0)));
        } else if (got && got.discountTaxMinor === Number(halfUp(got.discountMinor))) {
          // The line costs its units at their price shown with tax, less the discount with its tax.
          const shown = BigInt(line.quantity) * (BigInt(line.unitMinor) + halfUp(line.unitMinor));
          expect(BigInt(got.netMinor - got.discountMinor + got.taxMinor)).toBe(
            shown - BigInt(got.discountMinor + got.discountTaxMinor),
          );
        }
      });
      if (discount?.kind === 'amount' && !totals.discountCapped) {
        const base = lines.reduce(
          (sum, l) => sum + (l.discountable === false ? 0 : l.unitMinor * l.quantity),
          0,
        );
        expect(totals.discountMinor).toBe(Math.min(discount.amountMinor, base));
      }
    }
  });
});

describe('orderMoneyRows', () => {
  it('shows tax apart where prices exclude it, and each figure with its tax where they include it', () => {
    const lines = [{ unitMinor: 1_001, costMinor: 600, quantity: 3 }];
    const discount = { kind: 'amount', amountMinor: 300 } as const;
    const rowsOf = (inclusive: boolean) => {
      const tax = { rateMicros: 190_000, shippingTaxed: true, inclusive };
      return orderMoneyRows({ ...orderTotals({ lines, shippingMinor: 499, tax, discount }), tax });
    };
    expect(rowsOf(false)).toEqual([
      { kind: 'items', minor: 3_003 },
      { kind: 'discount', minor: 300 },
      { kind: 'shipping', minor: 499 },
      { kind: 'tax', minor: 514 + 95 }, // 2,703 × 19 % = 513.57; 499 × 19 % = 94.81
      { kind: 'total', minor: 3_003 - 300 + 499 + 609 },
    ]);
    expect(rowsOf(true)).toEqual([
      { kind: 'items', minor: 3 * 1_191 },
      { kind: 'discount', minor: 357 },
      { kind: 'shipping', minor: 594 },
      { kind: 'total', minor: 3_573 - 357 + 594 },
      { kind: 'taxIncluded', minor: 513 + 95 },
    ]);
  });
});
