import {
  ErrorCode,
  XLSX_MIME_TYPE,
  ZTaxReport,
  type TConsoleRefund,
  type TTaxReport,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { payoutsKit, type Creator } from '../../test/payouts-kit';
import { refundsKit, type PaidOrder } from '../../test/refunds-kit';
import { accessTokenFor, operatorWith } from '../../test/users';
import { orders } from '../orders/orders.table';
import { refunds } from '../refunds/refunds.table';

/**
 * The tax report (issue 34): tax collected per jurisdiction and UTC month from the orders' frozen
 * tax, given back in the month each refund completed (its share of the capture, cumulatively exact
 * per order), net of both; creators' purchases and unpaid orders left out; EU imports under IOSS
 * in rows of their own; as CSV and .xlsx too.
 */
let ctx: TestContext;
const tokens: Record<string, string> = {};
const kit = refundsKit(() => ctx, 'taxrep');
const money = payoutsKit(() => ctx, 'taxrep');
const { call, ok, expectForbidden } = apiCalls(() => ctx.app, tokens);

let ann: Creator;

/** An order's frozen tax, as checkout would have written it (the kit makes untaxed orders). */
interface Taxed {
  paidAt: string;
  country: 'DE' | 'US';
  taxMinor: number;
  shippingMinor?: number;
  /** An EU import's scheme, as checkout froze it; none: an order from before IOSS. */
  taxScheme?: 'ioss' | 'import';
}

const JURISDICTIONS = {
  DE: { taxCountry: 'DE', taxRegion: '', taxName: 'VAT', taxRateMicros: 190_000, taxInclusive: true },
  US: { taxCountry: 'US', taxRegion: 'NY', taxName: 'Sales tax', taxRateMicros: 40_000, taxInclusive: false },
} as const;

/**
 * A paid buyer's order of `totalMinor` (capture, sale credit and all, through the kit), then its
 * tax and paid time set: the platform amount makes room for tax and shipping, so the profit (the
 * ledger's credit) stays and profit = total − shipping − tax − platform holds.
 */
async function taxedOrder(totalMinor: number, profitMinor: number, taxed: Taxed): Promise<PaidOrder> {
  const order = await kit.paidOrder({ ...ann, totalMinor, profitMinor });
  const shippingMinor = taxed.shippingMinor ?? 0;
  await ctx.database.db
    .update(orders)
    .set({
      ...JURISDICTIONS[taxed.country],
      taxScheme: taxed.taxScheme ?? null,
      taxMinor: taxed.taxMinor,
      shippingMinor,
      platformMinor: totalMinor - shippingMinor - taxed.taxMinor - profitMinor,
      paidAt: new Date(taxed.paidAt),
    })
    .where(eq(orders.id, order.orderId));
  return order;
}

/** Refunds `amountMinor` of the order through the console, completed at `completedAt`. */
async function refundAt(order: PaidOrder, amountMinor: number, completedAt: string): Promise<void> {
  const { version } = (await kit.orderOf(order.orderId)) ?? { version: 0 };
  const done = await ok<TConsoleRefund>('admin', 'POST', '/system/orders/refund', {
    orderNo: order.orderNo,
    amountMinor,
    reason: 'Returned',
    version,
  });
  expect(done.status).toBe('completed');
  await ctx.database.db
    .update(refunds)
    .set({ completedAt: new Date(completedAt) })
    .where(eq(refunds.id, Number(done.id)));
}

const report = (from: string, to: string, as = 'admin') =>
  ok<TTaxReport>(as, 'GET', `/taxes/report?from=${from}&to=${to}`);

const DE_VAT = { countryCode: 'DE', region: '', taxName: 'VAT', rateMicros: 190_000, inclusive: true };
const NY_TAX = {
  countryCode: 'US',
  region: 'NY',
  taxName: 'Sales tax',
  rateMicros: 40_000,
  inclusive: false,
};
const row = (month: string, at: object, figures: number[], scheme: 'ioss' | '' = '') => {
  const [orderCount, salesMinor, collectedMinor, refundedMinor] = figures as [number, number, number, number];
  return {
    month,
    ...at,
    scheme,
    currencyCode: 'USD',
    orders: orderCount,
    salesMinor,
    collectedMinor,
    refundedMinor,
    netMinor: collectedMinor - refundedMinor,
  };
};

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.admin = await accessTokenFor(ctx.app, 'admin');
  tokens.reader = await operatorWith(ctx, 'tax-report-reader', ['commerce:tax:query']);
  tokens.outsider = await operatorWith(ctx, 'tax-report-outsider', ['sys:order:query']);
  ann = await money.creator('ann');

  // March: German VAT (incl.) on two orders, the second in its last second; New York sales tax
  // on two, one of them with untaxed shipping.
  const germanMarch = await taxedOrder(11_900, 3_000, {
    paidAt: '2026-03-10T09:00:00Z',
    country: 'DE',
    taxMinor: 1_900,
  });
  await taxedOrder(1_190, 500, { paidAt: '2026-03-31T23:59:59Z', country: 'DE', taxMinor: 190 });
  await taxedOrder(5_700, 2_000, {
    paidAt: '2026-03-20T12:00:00Z',
    country: 'US',
    taxMinor: 200,
    shippingMinor: 500,
  });
  const nyRefunded = await taxedOrder(1_820, 500, {
    paidAt: '2026-03-25T12:00:00Z',
    country: 'US',
    taxMinor: 70,
  });
  // April, from its first second.
  await taxedOrder(2_380, 1_000, { paidAt: '2026-04-01T00:00:00Z', country: 'DE', taxMinor: 380 });

  // Half of the March German order back in April: half its tax, 950.
  await refundAt(germanMarch, 5_950, '2026-04-15T10:00:00Z');
  // The New York order refunded whole in three parts over April and May. Each share rounded on
  // its own would give 23 + 23 + 23 = 69; cumulatively they are 23, 24 and 23: its 70 exactly.
  await refundAt(nyRefunded, 606, '2026-04-01T08:00:00Z');
  await refundAt(nyRefunded, 606, '2026-04-02T08:00:00Z');
  await refundAt(nyRefunded, 608, '2026-05-03T08:00:00Z');

  // Left out: a creator's purchase (side 'b': no tax) and an unpaid buyer's order, both in March.
  const purchase = await kit.paidOrder({ ...ann, totalMinor: 1_190, profitMinor: 0, status: 0 });
  await ctx.database.db
    .update(orders)
    .set({
      ...JURISDICTIONS.DE,
      side: 'b',
      status: 1,
      taxMinor: 190,
      platformMinor: 1_000,
      paidAt: new Date('2026-03-12T00:00:00Z'),
    })
    .where(eq(orders.id, purchase.orderId));
  const unpaid = await kit.paidOrder({ ...ann, totalMinor: 1_190, profitMinor: 0, status: 0 });
  await ctx.database.db
    .update(orders)
    .set({ ...JURISDICTIONS.DE, taxMinor: 190, platformMinor: 1_000 })
    .where(eq(orders.id, unpaid.orderId));
  // An order paid without tax (the kit's own, paid in January) is no jurisdiction's.
  await kit.paidOrder({ ...ann, totalMinor: 1_000, profitMinor: 300 });

  // July, Germany: two IOSS imports (VAT collected at checkout), one order from before IOSS, and
  // an import over €150 that charged no tax (the carrier collects it on delivery): no row.
  await taxedOrder(2_380, 1_000, {
    paidAt: '2026-07-02T10:00:00Z',
    country: 'DE',
    taxMinor: 380,
    taxScheme: 'ioss',
  });
  await taxedOrder(1_190, 500, {
    paidAt: '2026-07-20T10:00:00Z',
    country: 'DE',
    taxMinor: 190,
    taxScheme: 'ioss',
  });
  await taxedOrder(1_190, 500, { paidAt: '2026-07-21T10:00:00Z', country: 'DE', taxMinor: 190 });
  const overIoss = await kit.paidOrder({ ...ann, totalMinor: 20_000, profitMinor: 5_000 });
  await ctx.database.db
    .update(orders)
    .set({ taxScheme: 'import', paidAt: new Date('2026-07-05T10:00:00Z') })
    .where(eq(orders.id, overIoss.orderId));
});

/** The cells of a CSV the report wrote (no field of these ranges is quoted). */
const csvCells = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
afterAll(() => ctx.close());

describe('the tax report', () => {
  it('adds up each jurisdiction per month: tax collected when paid, refunded when the refund completed', async () => {
    const answer = await report('2026-03', '2026-04');
    expect(ZTaxReport.parse(answer)).toEqual(answer);
    expect(answer.rows).toEqual([
      // Orders, sales before tax, collected, refunded.
      row('2026-03', DE_VAT, [2, 10_000 + 1_000, 1_900 + 190, 0]),
      row('2026-03', NY_TAX, [2, 5_500 + 1_750, 200 + 70, 0]),
      row('2026-04', DE_VAT, [1, 2_000, 380, 950]),
      row('2026-04', NY_TAX, [0, 0, 0, 23 + 24]),
    ]);
    expect(answer.totals).toEqual([
      { currencyCode: 'USD', collectedMinor: 2_740, refundedMinor: 997, netMinor: 1_743 },
    ]);
  });

  it('gives a fully refunded order’s tax back exactly, and each refund in its own month', async () => {
    expect((await report('2026-05', '2026-05')).rows).toEqual([row('2026-05', NY_TAX, [0, 0, 0, 23])]);
    const spring = await report('2026-03', '2026-05');
    const newYork = spring.rows.filter((r) => r.region === 'NY');
    expect(newYork.reduce((sum, r) => sum + r.refundedMinor, 0)).toBe(70);
    expect(spring.totals[0]?.refundedMinor).toBe(950 + 70);
  });

  it('shows nothing for months without taxed orders or refunds', async () => {
    expect(await report('2026-01', '2026-02')).toEqual({ rows: [], totals: [] });
  });

  it('keeps IOSS imports in rows of their own, and imports over €150 (no tax charged) out', async () => {
    expect((await report('2026-07', '2026-07')).rows).toEqual([
      row('2026-07', DE_VAT, [1, 1_000, 190, 0]),
      row('2026-07', DE_VAT, [2, 2_000 + 1_000, 380 + 190, 0], 'ioss'),
    ]);
  });

  it('exports the same rows as .xlsx: the CSV’s headers and figures, amounts as numbers', async () => {
    for (const [from, to] of [
      ['2026-03', '2026-05'],
      ['2026-07', '2026-07'],
    ]) {
      const query = `from=${from}&to=${to}`;
      const res = await call('admin', 'GET', `/taxes/report/xlsx?${query}`, undefined, 'fr');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX_MIME_TYPE);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="tax-report-${from}-${to}.xlsx"`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
      const sheet = workbook.worksheets[0];
      expect(sheet?.name).toBe('Rapport de taxes');

      const csv = csvCells(
        (await call('admin', 'GET', `/taxes/report/export?${query}`, undefined, 'fr')).rawPayload,
      );
      expect(sheet?.rowCount).toBe(csv.length);
      csv.forEach((cells, r) => {
        const cellsRow = sheet?.getRow(r + 1);
        cells.forEach((text, c) => {
          const value = cellsRow?.getCell(c + 1).value ?? '';
          // The header and text as written; from the rate on (column 6), figures as the numbers the CSV writes.
          if (r > 0 && c >= 5 && /^-?\d+(\.\d+)?$/.test(text)) expect(value, `${r}:${c}`).toBe(Number(text));
          else expect(value, `${r}:${c}`).toBe(text);
        });
      });
      expect(csv[0]?.[3]).toBe('Régime');
    }
    // The IOSS row says so; an amount keeps the currency's two decimals when shown.
    const res = await call('admin', 'GET', '/taxes/report/xlsx?from=2026-07&to=2026-07');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
    const ioss = workbook.worksheets[0]?.getRow(3);
    expect(ioss?.getCell(4).value).toBe('IOSS');
    expect(ioss?.getCell(11).value).toBe(5.7);
    expect(ioss?.getCell(11).numFmt).toBe('0.00');
  });

  it('is for operators who may read taxes; the export needs its own permission', async () => {
    expect((await report('2026-03', '2026-03', 'reader')).rows).toHaveLength(2);
    await expectForbidden('outsider', [
      ['GET', '/taxes/report?from=2026-03&to=2026-04'],
      ['GET', '/taxes/report/export?from=2026-03&to=2026-04'],
      ['GET', '/taxes/report/xlsx?from=2026-03&to=2026-04'],
    ]);
    await expectForbidden('reader', [
      ['GET', '/taxes/report/export?from=2026-03&to=2026-04'],
      ['GET', '/taxes/report/xlsx?from=2026-03&to=2026-04'],
    ]);
  });

  it('refuses a month that is not one, an end before the start and more than 36 months, per field', async () => {
    const cases: Array<[string, string, string]> = [
      ['from=2026-13&to=2026-12', 'from', 'from must be a month as YYYY-MM, such as 2026-03'],
      ['from=2026-03&to=2026-3', 'to', 'to must be a month as YYYY-MM, such as 2026-03'],
      ['from=2026-04&to=2026-03', 'to', 'The first month must not be after the last'],
      ['from=2023-12&to=2026-12', 'to', 'A tax report can span at most 36 months'],
    ];
    for (const [query, field, message] of cases) {
      for (const path of ['/taxes/report', '/taxes/report/export', '/taxes/report/xlsx']) {
        const res = await call('admin', 'GET', `${path}?${query}`);
        const body = res.json<{ code: string; data: { fields: unknown } | null }>();
        expect({ path, query, status: res.statusCode, code: body.code, fields: body.data?.fields }).toEqual({
          path,
          query,
          status: 400,
          code: ErrorCode.VALIDATION_FAILED,
          fields: [{ field, message }],
        });
      }
    }
    expect((await call('admin', 'GET', '/taxes/report?from=2024-01&to=2026-12')).statusCode).toBe(200);
  });

  it('exports the rows as CSV: a BOM, headers in the caller’s language, exact decimal amounts', async () => {
    const res = await call('admin', 'GET', '/taxes/report/export?from=2026-03&to=2026-05', undefined, 'fr');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="tax-report-2026-03-2026-05.csv"');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').slice(1).split('\r\n')).toEqual([
      'Mois (UTC),Pays,Région,Régime,Taxe,Taux (%),Prix TTC,Devise,Commandes payées,Ventes hors taxes,Taxe perçue,Taxe remboursée,Taxe nette',
      '2026-03,DE,,,VAT,19,Oui,USD,2,110.00,20.90,0.00,20.90',
      '2026-03,US,NY,,Sales tax,4,Non,USD,2,72.50,2.70,0.00,2.70',
      '2026-04,DE,,,VAT,19,Oui,USD,1,20.00,3.80,9.50,-5.70',
      '2026-04,US,NY,,Sales tax,4,Non,USD,0,0.00,0.00,0.47,-0.47',
      '2026-05,US,NY,,Sales tax,4,Non,USD,0,0.00,0.00,0.23,-0.23',
      '',
    ]);
  });

  it('keeps a tax name a spreadsheet would run as a formula as text, and quotes commas', async () => {
    await taxedOrder(1_190, 500, { paidAt: '2026-06-10T00:00:00Z', country: 'DE', taxMinor: 190 });
    await ctx.database.db
      .update(orders)
      .set({ taxName: '=HYPERLINK("x"),1' })
      .where(eq(orders.paidAt, new Date('2026-06-10T00:00:00Z')));
    const res = await call('admin', 'GET', '/taxes/report/export?from=2026-06&to=2026-06');
    const lines = res.rawPayload.toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFMonth (UTC),Country,Region,Scheme,Tax,Rate (%),Prices with tax,Currency,Orders paid,Sales before tax,Tax collected,Tax refunded,Net tax',
    );
    expect(lines[1]).toBe('2026-06,DE,,,"\'=HYPERLINK(""x""),1",19,Yes,USD,1,10.00,1.90,0.00,1.90');
    // The .xlsx keeps it as text: a string cell, never a formula.
    const xlsx = await call('admin', 'GET', '/taxes/report/xlsx?from=2026-06&to=2026-06');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
    const cell = workbook.worksheets[0]?.getRow(2).getCell(5);
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
    expect(cell?.value).toBe('=HYPERLINK("x"),1');
  });
});
