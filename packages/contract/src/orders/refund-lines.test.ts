import { describe, expect, it } from 'vitest';
import { ZRefundRequest } from './console-orders.schema';
import { refundableUnits, refundLineAmounts } from './refund-lines';

const items = [
  { id: '1', sellingUnitMinor: 2_500, quantity: 2 },
  { id: '2', sellingUnitMinor: 2_700, quantity: 1 },
  { id: '3', sellingUnitMinor: 333, quantity: 3 },
];
const value = 2 * 2_500 + 2_700 + 3 * 333; // 8,699

describe('refundLineAmounts', () => {
  it('is each line’s paid value when the capture is the lines’ value', () => {
    expect(
      refundLineAmounts({
        capturedMinor: value,
        leftMinor: value,
        items,
        before: [],
        lines: [
          { itemId: '1', quantity: 1 },
          { itemId: '3', quantity: 2 },
        ],
      }),
    ).toEqual([2_500, 666]);
  });

  it('takes the proportional share of a capture in another currency, and any split adds up to the capture', () => {
    const capturedMinor = 8_003; // the same order captured as 80.03 in another currency
    const splits = [
      [[{ itemId: '3', quantity: 1 }], [{ itemId: '3', quantity: 1 }], [{ itemId: '3', quantity: 1 }]],
      [[{ itemId: '1', quantity: 1 }], [{ itemId: '2', quantity: 1 }], [{ itemId: '1', quantity: 1 }]],
    ];
    for (const refunds of splits) {
      let refunded = 0;
      const before: { itemId: string; quantity: number }[] = [];
      for (const lines of refunds) {
        const amounts = refundLineAmounts({
          capturedMinor,
          leftMinor: capturedMinor - refunded,
          items,
          before,
          lines,
        });
        refunded += amounts.reduce((sum, amount) => sum + amount, 0);
        before.push(...lines);
      }
      const rest = refundLineAmounts({
        capturedMinor,
        leftMinor: capturedMinor - refunded,
        items,
        before,
        lines: [...refundableUnits(items, before)]
          .filter(([, quantity]) => quantity > 0)
          .map(([itemId, quantity]) => ({ itemId, quantity })),
      });
      expect(refunded + rest.reduce((sum, amount) => sum + amount, 0)).toBe(capturedMinor);
    }
    // round(8003 × 333 / 8699) = round(306.36…) = 306, then round(8003 × 666 / 8699) − 306 = 613 − 306.
    expect(
      refundLineAmounts({
        capturedMinor,
        leftMinor: capturedMinor,
        items,
        before: [],
        lines: [{ itemId: '3', quantity: 1 }],
      }),
    ).toEqual([306]);
    expect(
      refundLineAmounts({
        capturedMinor,
        leftMinor: capturedMinor - 306,
        items,
        before: [{ itemId: '3', quantity: 1 }],
        lines: [{ itemId: '3', quantity: 1 }],
      }),
    ).toEqual([307]);
  });

  it('gives back what a line was charged: less for the line a discount code took money off', () => {
    // A code for the hoodie only: $10 off its $50; the mug was charged in full. Captured $90.
    const discounted = [
      { id: 'hoodie', sellingUnitMinor: 5_000, quantity: 1, discountMinor: 1_000 },
      { id: 'mug', sellingUnitMinor: 5_000, quantity: 1, discountMinor: 0 },
    ];
    const refund = (lines: { itemId: string; quantity: number }[], before: typeof lines = []) =>
      refundLineAmounts({ capturedMinor: 9_000, leftMinor: 9_000, items: discounted, before, lines });
    expect(refund([{ itemId: 'hoodie', quantity: 1 }])).toEqual([4_000]);
    expect(refund([{ itemId: 'mug', quantity: 1 }])).toEqual([5_000]);
    expect(refund([{ itemId: 'mug', quantity: 1 }], [{ itemId: 'hoodie', quantity: 1 }])).toEqual([5_000]);
  });

  it('shares a line’s discount among its units exactly, and every split still adds up to the capture', () => {
    // Three tees at $10 with $1 off the line ($29 paid), one cap at $10: captured $39.
    const discounted = [
      { id: 'tee', sellingUnitMinor: 1_000, quantity: 3, discountMinor: 100 },
      { id: 'cap', sellingUnitMinor: 1_000, quantity: 1 },
    ];
    const first = refundLineAmounts({
      capturedMinor: 3_900,
      leftMinor: 3_900,
      items: discounted,
      before: [],
      lines: [{ itemId: 'tee', quantity: 1 }],
    });
    expect(first).toEqual([967]); // 2,900 / 3 = 966.67, half up
    const rest = refundLineAmounts({
      capturedMinor: 3_900,
      leftMinor: 3_900 - 967,
      items: discounted,
      before: [{ itemId: 'tee', quantity: 1 }],
      lines: [
        { itemId: 'tee', quantity: 2 },
        { itemId: 'cap', quantity: 1 },
      ],
    });
    expect(rest).toEqual([1_933, 1_000]);
  });

  it('never exceeds what is left: the excess comes off the last lines', () => {
    expect(
      refundLineAmounts({
        capturedMinor: value,
        leftMinor: 2_600,
        items,
        before: [],
        lines: [
          { itemId: '1', quantity: 1 },
          { itemId: '2', quantity: 1 },
        ],
      }),
    ).toEqual([2_500, 100]);
    expect(
      refundLineAmounts({
        capturedMinor: value,
        leftMinor: 0,
        items,
        before: [],
        lines: [{ itemId: '1', quantity: 1 }],
      }),
    ).toEqual([0]);
  });

  it('gives nothing for an order of no value, and counts what earlier refunds took', () => {
    expect(
      refundLineAmounts({
        capturedMinor: 100,
        leftMinor: 100,
        items: [{ id: '1', sellingUnitMinor: 0, quantity: 1 }],
        before: [],
        lines: [{ itemId: '1', quantity: 1 }],
      }),
    ).toEqual([0]);
    expect(
      refundableUnits(items, [
        { itemId: '1', quantity: 1 },
        { itemId: '1', quantity: 1 },
        { itemId: '2', quantity: 1 },
      ]),
    ).toEqual(
      new Map([
        ['1', 0],
        ['2', 0],
        ['3', 3],
      ]),
    );
  });
});

describe('ZRefundRequest', () => {
  const base = { orderNo: 'LS261101-ABCDEFG1', reason: 'Broken', version: 0 };
  const fieldsOf = (body: object) => {
    const parsed = ZRefundRequest.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('takes an amount or lines, one of them', () => {
    expect(fieldsOf({ ...base, amountMinor: 100 })).toEqual([]);
    expect(fieldsOf({ ...base, lines: [{ itemId: '12', quantity: 2 }] })).toEqual([]);
    expect(fieldsOf(base)).toEqual([['amountMinor', 'validation.required']]);
    expect(fieldsOf({ ...base, amountMinor: 100, lines: [{ itemId: '12', quantity: 1 }] })).toEqual([
      ['amountMinor', 'validation.refundAmountWithLines'],
    ]);
  });

  it('names a line twice, a bad id or quantity on its own field', () => {
    expect(
      fieldsOf({
        ...base,
        lines: [
          { itemId: '12', quantity: 1 },
          { itemId: '12', quantity: 1 },
        ],
      }),
    ).toEqual([['lines.1.itemId', 'validation.refundLineTwice']]);
    expect(fieldsOf({ ...base, lines: [{ itemId: 'x', quantity: 1 }] }).map(([field]) => field)).toEqual([
      'lines.0.itemId',
    ]);
    expect(fieldsOf({ ...base, lines: [{ itemId: '12', quantity: 100 }] }).map(([field]) => field)).toEqual([
      'lines.0.quantity',
    ]);
  });
});
