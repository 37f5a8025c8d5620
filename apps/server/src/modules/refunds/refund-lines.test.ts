import { ErrorCode, type TConsoleOrderDetail, type TConsoleRefund } from '@linkstore/contract';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { addSubcategory, addVariedProduct } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { ledgerViolations } from '../../test/ledger-invariant';
import { payoutsKit, type Creator } from '../../test/payouts-kit';
import { refundsKit, type OrderLineInput } from '../../test/refunds-kit';
import { accessTokenFor, operatorWith } from '../../test/users';
import { productVariants } from '../catalog/catalog.table';
import { refundLines } from './refunds.table';

/**
 * Refunds by lines (issue 33, decision 0055 "Downstream"): the amount computed from the lines'
 * paid value as a share of the capture, restock of only those lines' variants, a line never
 * refunded beyond what is left of it (per field, nothing written, also under a race), refunds of
 * an amount as before, and the ledger reconciling throughout.
 */
let ctx: TestContext;
const tokens: Record<string, string> = {};
const kit = refundsKit(() => ctx, 'rfln');
const money = payoutsKit(() => ctx, 'rfln');
const { paidOrder, refundsOf, reversalsOf, paymentOf, orderOf, eventsOf } = kit;
const { call, ok } = apiCalls(() => ctx.app, tokens, '/system/orders');

let ann: Creator;
let hoodie: { id: number; variantIds: Record<string, number> };

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.admin = await accessTokenFor(ctx.app, 'admin');
  tokens.refunder = await operatorWith(ctx, 'line-refunder', ['sys:order:query', 'sys:order:refund']);
  ann = await money.creator('ann');
  const categoryId = await addSubcategory(ctx.database.db, 'Refund hoodies');
  hoodie = await addVariedProduct(ctx.database.db, {
    categoryId,
    title: 'Hoodie',
    options: [
      { name: 'Size', values: [{ value: 'M' }, { value: 'L' }] },
      { name: 'Colour', values: [{ value: 'Black' }] },
    ],
    variants: [
      { values: ['M', 'Black'], sku: 'RFL-M-BLK', costMinor: 1_500, stock: 5 },
      { values: ['L', 'Black'], sku: 'RFL-L-BLK', costMinor: 1_600, stock: 5 },
    ],
  });
});
afterAll(async () => {
  await ctx.close();
});

const refund = (as: string, body: object, lang?: string) => call(as, 'POST', '/refund', body, lang);
type Refusal = { code: string; msg: string; data: { fields: { field: string; message: string }[] } | null };
const refusalOf = (res: { json: <T>() => T }) => res.json<Refusal>();

/** A line of the hoodie in a size, as checkout freezes it. */
function hoodieLine(size: 'M' | 'L', quantity: number, sellingUnitMinor: number): OrderLineInput {
  const sku = `RFL-${size}-BLK`;
  return {
    productId: hoodie.id,
    variantId: hoodie.variantIds[sku] ?? null,
    title: 'Hoodie',
    variantLabel: `${size} / Black`,
    sku,
    quantity,
    sellingUnitMinor,
    platformUnitMinor: size === 'M' ? 1_500 : 1_600,
  };
}

/** 2 × M at $25.00 and 1 × L at $27.00: $77.00, of which $31.00 is the creator's profit. */
const twoLineOrder = () =>
  paidOrder({
    ...ann,
    totalMinor: 7_700,
    profitMinor: 3_100,
    lines: [hoodieLine('M', 2, 2_500), hoodieLine('L', 1, 2_700)],
  });

async function stocks(): Promise<Record<string, number>> {
  const rows = await ctx.database.db
    .select({ sku: productVariants.sku, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.id, Object.values(hoodie.variantIds)));
  return Object.fromEntries(rows.map((row) => [row.sku, row.stock]));
}

const detailOf = (orderNo: string) => ok<TConsoleOrderDetail>('admin', 'GET', `/${orderNo}`);

/** The orders export's last column for one order: what is still to pack. */
async function toPack(orderNo: string): Promise<string> {
  const res = await call('admin', 'GET', `/export?orderNo=${orderNo}`);
  expect(res.statusCode, res.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  const row = workbook.worksheets[0]?.getRow(2);
  expect(row?.getCell(1).value).toBe(orderNo);
  const value = row?.getCell(row.cellCount).value;
  return typeof value === 'string' ? value : '';
}

describe('a refund by lines', () => {
  it('computes its amount from the lines, returns only their stock and names them in the refund, the order and its history', async () => {
    const order = await twoLineOrder();
    const [m, l] = order.itemIds.map(String);
    const before = await stocks();

    const first = await ok<TConsoleRefund>('refunder', 'POST', '/refund', {
      orderNo: order.orderNo,
      lines: [{ itemId: l, quantity: 1 }],
      restock: true,
      reason: 'Too small',
      version: 0,
    });
    expect(first).toMatchObject({
      status: 'completed',
      amountMinor: 2_700,
      // The profit share stays proportional to the amount: round(3100 × 2700 / 7700).
      profitReversedMinor: 1_087,
      restock: true,
      lines: [
        {
          itemId: l,
          title: 'Hoodie',
          variantLabel: 'L / Black',
          sku: 'RFL-L-BLK',
          quantity: 1,
          amountMinor: 2_700,
        },
      ],
    });
    // Only the L came back.
    expect(await stocks()).toEqual({ ...before, 'RFL-L-BLK': (before['RFL-L-BLK'] ?? 0) + 1 });

    let detail = await detailOf(order.orderNo);
    expect(detail.items.map((item) => [item.id, item.variantLabel, item.refundedQuantity])).toEqual([
      [m, 'M / Black', 0],
      [l, 'L / Black', 1],
    ]);
    expect(detail.refunds[0]?.lines).toEqual(first.lines);
    const requested = detail.history.find((event) => event.action === 'refund_requested');
    const refunded = detail.history.find((event) => event.action === 'refunded');
    expect(requested?.detail).toMatchObject({ amountMinor: 2_700, restock: true, lines: first.lines });
    expect(refunded?.detail).toMatchObject({ amountMinor: 2_700, restocked: true, lines: first.lines });
    // The packing list leaves out what was refunded: only the two M are still to ship.
    expect(await toPack(order.orderNo)).toBe('2 × Hoodie — M / Black [RFL-M-BLK]');

    // One M without the goods back, then the other with them: only that one unit returns.
    await ok('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      lines: [{ itemId: m, quantity: 1 }],
      reason: 'Goodwill',
      version: 1,
    });
    expect(await stocks()).toEqual({ ...before, 'RFL-L-BLK': (before['RFL-L-BLK'] ?? 0) + 1 });
    const last = await ok<TConsoleRefund>('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      lines: [{ itemId: m, quantity: 1 }],
      restock: true,
      reason: 'Returned',
      version: 2,
    });
    expect(last.amountMinor).toBe(2_500);
    expect(await stocks()).toEqual({
      'RFL-M-BLK': (before['RFL-M-BLK'] ?? 0) + 1,
      'RFL-L-BLK': (before['RFL-L-BLK'] ?? 0) + 1,
    });

    // Every line refunded: exactly the capture, and exactly the whole profit reversed.
    expect((await paymentOf(order.orderId))?.refundedMinor).toBe(7_700);
    expect((await reversalsOf(order.orderId)).reduce((sum, r) => sum - r.amountMinor, 0)).toBe(3_100);
    detail = await detailOf(order.orderNo);
    expect(detail).toMatchObject({ fullyRefunded: true, refundableMinor: 0 });
    expect(detail.items.map((item) => item.refundedQuantity)).toEqual([2, 1]);
    expect(await toPack(order.orderNo)).toBe('');
    expect(await ledgerViolations(ctx.app, ctx.database.db)).toEqual([]);
  });

  it('takes the proportional share of a capture that differs from the lines’ value, to the last unit', async () => {
    // The lines are worth $100.00 and the capture took 123.45: shares of 12345, cumulative.
    const order = await paidOrder({
      ...ann,
      totalMinor: 10_000,
      profitMinor: 5_300,
      mismatchCapturedMinor: 12_345,
      lines: [hoodieLine('M', 1, 4_000), hoodieLine('L', 2, 3_000)],
    });
    const [m, l] = order.itemIds.map(String);
    const first = await ok<TConsoleRefund>('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      lines: [{ itemId: l, quantity: 1 }],
      reason: 'Part',
      version: 0,
    });
    expect(first.amountMinor).toBe(3_704); // round(12345 × 3000 / 10000) = round(3703.5)
    const rest = await ok<TConsoleRefund>('admin', 'POST', '/refund', {
      // Asked in any order, priced in the order's line order.
      orderNo: order.orderNo,
      lines: [
        { itemId: l, quantity: 1 },
        { itemId: m, quantity: 1 },
      ],
      reason: 'Rest',
      version: 1,
    });
    expect(rest.lines.map((line) => [line.itemId, line.amountMinor])).toEqual([
      [m, 4_938], // round(12345 × 7000 / 10000) − 3704 = 8642 − 3704
      [l, 3_703], // 12345 − 8642: the last unit of rounding is what is left
    ]);
    expect(rest.amountMinor).toBe(8_641);
    expect((await paymentOf(order.orderId))?.refundedMinor).toBe(12_345);
    expect(await refundsOf(order.orderId)).toHaveLength(2);
  });

  it('never exceeds what is left: after a refund of an amount, a line gets only the rest', async () => {
    const order = await paidOrder({
      ...ann,
      totalMinor: 2_500,
      profitMinor: 1_000,
      lines: [hoodieLine('M', 1, 2_500)],
    });
    await ok('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      amountMinor: 2_000,
      reason: 'Late',
      version: 0,
    });
    const line = await ok<TConsoleRefund>('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      lines: [{ itemId: String(order.itemIds[0]), quantity: 1 }],
      reason: 'Returned',
      version: 1,
    });
    expect(line).toMatchObject({ amountMinor: 500, lines: [{ quantity: 1, amountMinor: 500 }] });
    expect((await reversalsOf(order.orderId)).reduce((sum, r) => sum - r.amountMinor, 0)).toBe(1_000);
  });

  it('refuses a line beyond what is left of it, an unknown line, a line twice, or lines with an amount, per field, translated, writing nothing', async () => {
    const order = await twoLineOrder();
    const other = await twoLineOrder();
    const [m, l] = order.itemIds.map(String);
    const base = { orderNo: order.orderNo, reason: 'x', version: 0 };
    const cases: [object, string, string, string | RegExp][] = [
      [
        { ...base, lines: [{ itemId: m, quantity: 3 }] },
        ErrorCode.REFUND_TOO_LARGE,
        'lines.0.quantity',
        'At most 2 of Hoodie — M / Black can still be refunded',
      ],
      [
        {
          ...base,
          lines: [
            { itemId: m, quantity: 1 },
            { itemId: l, quantity: 2 },
          ],
        },
        ErrorCode.REFUND_TOO_LARGE,
        'lines.1.quantity',
        'At most 1 of Hoodie — L / Black',
      ],
      [
        { ...base, lines: [{ itemId: String(other.itemIds[0]), quantity: 1 }] },
        ErrorCode.VALIDATION_FAILED,
        'lines.0.itemId',
        `not part of order ${order.orderNo}`,
      ],
      [
        {
          ...base,
          lines: [
            { itemId: m, quantity: 1 },
            { itemId: m, quantity: 1 },
          ],
        },
        ErrorCode.VALIDATION_FAILED,
        'lines.1.itemId',
        'listed twice',
      ],
      [
        { ...base, amountMinor: 100, lines: [{ itemId: m, quantity: 1 }] },
        ErrorCode.VALIDATION_FAILED,
        'amountMinor',
        'not both',
      ],
      [base, ErrorCode.VALIDATION_FAILED, 'amountMinor', 'required'],
      [
        { ...base, lines: [{ itemId: m, quantity: 0 }] },
        ErrorCode.VALIDATION_FAILED,
        'lines.0.quantity',
        /./,
      ],
      [{ ...base, lines: [] }, ErrorCode.VALIDATION_FAILED, 'lines', /./],
    ];
    for (const [body, code, field, text] of cases) {
      const res = await refund('admin', body);
      const refusal = refusalOf(res);
      expect(refusal.code, res.body).toBe(code);
      expect(refusal.data?.fields.map((f) => f.field)).toEqual([field]);
      expect(refusal.data?.fields[0]?.message).toMatch(text);
    }
    const spanish = refusalOf(await refund('admin', { ...base, lines: [{ itemId: m, quantity: 3 }] }, 'es'));
    expect(spanish.data?.fields[0]?.message).toBe(
      'Como máximo se pueden reembolsar aún 2 de Hoodie — M / Black. No se reembolsó nada.',
    );
    expect(await refundsOf(order.orderId)).toHaveLength(0);
    expect((await paymentOf(order.orderId))?.refundedMinor).toBe(0);
    expect((await orderOf(order.orderId))?.version).toBe(0);
    expect(await eventsOf(order.orderId)).toEqual([]);

    // What earlier refunds took is no longer refundable; a failed one would have given it back.
    await ok('admin', 'POST', '/refund', { ...base, lines: [{ itemId: m, quantity: 1 }] });
    const again = refusalOf(
      await refund('admin', { ...base, version: 1, lines: [{ itemId: m, quantity: 2 }] }),
    );
    expect(again).toMatchObject({ code: ErrorCode.REFUND_TOO_LARGE });
    expect(again.data?.fields[0]).toMatchObject({ field: 'lines.0.quantity' });
    expect(again.data?.fields[0]?.message).toContain('At most 1 of Hoodie — M / Black');
    expect(await refundsOf(order.orderId)).toHaveLength(1);
  });

  it('two concurrent refunds of a line’s last unit: one wins, the other hears which line, one reversal', async () => {
    const order = await paidOrder({
      ...ann,
      totalMinor: 2_700,
      profitMinor: 1_100,
      lines: [hoodieLine('L', 1, 2_700)],
    });
    const before = await stocks();
    const body = {
      orderNo: order.orderNo,
      lines: [{ itemId: String(order.itemIds[0]), quantity: 1 }],
      restock: true,
      reason: 'Both at once',
      version: 0,
    };
    const answers = await Promise.all([refund('admin', body), refund('refunder', body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((res) => res.statusCode === 409);
    expect(loser && refusalOf(loser)).toMatchObject({
      code: ErrorCode.REFUND_TOO_LARGE,
      data: { fields: [{ field: 'lines.0.quantity' }] },
    });
    expect(await refundsOf(order.orderId)).toHaveLength(1);
    expect((await reversalsOf(order.orderId)).map((r) => r.amountMinor)).toEqual([-1_100]);
    expect((await paymentOf(order.orderId))?.refundedMinor).toBe(2_700);
    expect((await stocks())['RFL-L-BLK']).toBe((before['RFL-L-BLK'] ?? 0) + 1);
    const lines = await ctx.database.db
      .select()
      .from(refundLines)
      .where(eq(refundLines.orderItemId, order.itemIds[0] ?? 0));
    expect(lines).toHaveLength(1);
  });
});

describe('refunds of an amount, beside refunds by lines', () => {
  it('keep their amount and restock the whole order, less the units lines already returned, once', async () => {
    const order = await twoLineOrder();
    const [m] = order.itemIds.map(String);
    const before = await stocks();
    await ok('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      lines: [{ itemId: m, quantity: 1 }],
      restock: true,
      reason: 'One back',
      version: 0,
    });
    const amount = await ok<TConsoleRefund>('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      amountMinor: 1_000,
      restock: true,
      reason: 'All back',
      version: 1,
    });
    expect(amount).toMatchObject({ amountMinor: 1_000, lines: [] });
    // The order's 2 M and 1 L are all back: one M by the line, the rest by the order.
    const back = {
      'RFL-M-BLK': (before['RFL-M-BLK'] ?? 0) + 2,
      'RFL-L-BLK': (before['RFL-L-BLK'] ?? 0) + 1,
    };
    expect(await stocks()).toEqual(back);
    // A later refund with restock returns nothing more, by amount or by line.
    await ok('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      amountMinor: 100,
      restock: true,
      reason: 'Again',
      version: 2,
    });
    await ok('admin', 'POST', '/refund', {
      orderNo: order.orderNo,
      lines: [{ itemId: m, quantity: 1 }],
      restock: true,
      reason: 'Again',
      version: 3,
    });
    expect(await stocks()).toEqual(back);
    const detail = await detailOf(order.orderNo);
    const refunded = detail.history.filter((event) => event.action === 'refunded');
    expect(refunded.map((event) => event.detail.restocked)).toEqual([true, true, false, false]);
    // Refunds of an amount take no line's units.
    expect(detail.items.map((item) => item.refundedQuantity)).toEqual([2, 0]);
    expect(await ledgerViolations(ctx.app, ctx.database.db)).toEqual([]);
  });
});
