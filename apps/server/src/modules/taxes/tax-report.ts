import {
  formatPercentMicros,
  minorDigitsOf,
  minorToDecimal,
  type TLanguage,
  type TTaxReport,
  type TTaxReportQuery,
  type TTaxReportRow,
  type TTaxReportTotal,
} from '@linkstore/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AppDatabase } from '../../platform/db/database';
import { queryRows } from '../../platform/db/rows';
import { translate } from '../../platform/i18n/translate';
import { csvField, csvFile } from '../../platform/xlsx/csv';

/**
 * The tax report (issue 34, decision 0056): the tax the orders froze, per jurisdiction and UTC
 * month, so finance can file returns. Read with SQL from the orders, their captures and their
 * refunds, which it never changes.
 *
 * Tax is collected in the month the order was paid; it goes back in the month a refund
 * completed, each refund the order's tax in proportion to the capture it returned. The shares are
 * cumulative differences of rounded running totals, so the refunds of a fully refunded order give
 * back exactly its tax, whatever their number and amounts.
 *
 * Rows are split by scheme: EU imports under IOSS (goods worth at most €150, VAT collected at
 * checkout) are filed on their own monthly IOSS return, so they are rows of their own ('ioss');
 * the rest are ''. Imports worth more charged no tax and have no row.
 */

/** First instant of a `yyyy-MM` month (UTC), and of the month after `to`: the range is [start, end). */
function monthBounds(query: TTaxReportQuery): { start: Date; end: Date } {
  const at = (month: string, after: number) =>
    new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + after, 1));
  return { start: at(query.from, 0), end: at(query.to, 1) };
}

interface ReportRow {
  month: string;
  currency_code: string;
  country_code: string;
  region: string;
  scheme: string;
  tax_name: string;
  rate_micros: number;
  inclusive: boolean | string;
  orders: string;
  sales: string;
  collected: string;
  refunded: string;
}

/** What a report row is keyed by besides its month: the jurisdiction as the order froze it. */
const KEYS = sql`currency_code, country_code, region, scheme, tax_name, rate_micros, inclusive`;

async function reportRows(db: AppDatabase, query: TTaxReportQuery): Promise<ReportRow[]> {
  const { start, end } = monthBounds(query);
  return queryRows<ReportRow>(
    db,
    sql`
    -- Buyers' orders that charged tax and were paid ('b' orders are creators paying the
    -- platform: no tax). Not materialized: each half below reads only its own orders through it.
    with taxed as not materialized (
      select o.id, o.paid_at, o.total_minor, o.tax_minor, o.currency_code,
        o.tax_country as country_code, o.tax_region as region,
        case when o.tax_scheme = 'ioss' then 'ioss' else '' end as scheme, coalesce(o.tax_name, '') as tax_name,
        o.tax_rate_micros as rate_micros, o.tax_inclusive as inclusive
      from orders o
      where o.side = 'c' and o.status in (1, 2) and o.paid_at is not null and o.tax_country is not null
    ),
    collected as (
      select to_char(t.paid_at at time zone 'UTC', 'YYYY-MM') as month, ${KEYS},
        count(*) as orders, sum(t.total_minor - t.tax_minor) as sales, sum(t.tax_minor) as collected,
        0::bigint as refunded
      from taxed t
      where t.paid_at >= ${start} and t.paid_at < ${end}
      group by 1, ${KEYS}
    ),
    -- The completed refunds of the orders with one in the range, each with its order's running
    -- total over all of them (not only the range's): a refund's share depends on the ones before.
    running as (
      select r.completed_at, r.amount_minor::bigint as amount, t.tax_minor::bigint as tax,
        p.captured_minor::bigint as captured, t.currency_code, t.country_code, t.region, t.scheme, t.tax_name,
        t.rate_micros, t.inclusive,
        -- sum() of bigints is numeric: cast back, so the divisions below are integer ones.
        (sum(r.amount_minor) over (partition by r.order_id order by r.completed_at, r.id))::bigint as cum
      from refunds r
      join taxed t on t.id = r.order_id
      join payments p on p.id = r.payment_id
      where r.status = 'completed' and r.completed_at is not null
        and p.capture_id is not null and p.captured_minor > 0
        and r.order_id in (select d.order_id from refunds d where d.status = 'completed'
          and d.completed_at >= ${start} and d.completed_at < ${end})
    ),
    -- round(tax × cum / captured) − round(tax × previous cum / captured), half up in integers:
    -- round(a × b / c) = (2ab + c) / 2c.
    refunded as (
      select to_char(u.completed_at at time zone 'UTC', 'YYYY-MM') as month, ${KEYS},
        0::bigint as orders, 0::bigint as sales, 0::bigint as collected,
        sum((2 * u.tax * u.cum + u.captured) / (2 * u.captured)
          - (2 * u.tax * (u.cum - u.amount) + u.captured) / (2 * u.captured)) as refunded
      from running u
      where u.completed_at >= ${start} and u.completed_at < ${end}
      group by 1, ${KEYS}
    ),
    both_halves as (
      select * from collected union all select * from refunded
    )
    select month, ${KEYS}, sum(orders)::text as orders, sum(sales)::text as sales,
      sum(collected)::text as collected, sum(refunded)::text as refunded
    from both_halves
    group by month, ${KEYS}
    order by month, ${KEYS}`,
  );
}

/** The report of a range of months: its rows, in order, and its totals per currency. */
export async function taxReport(db: AppDatabase, query: TTaxReportQuery): Promise<TTaxReport> {
  const rows: TTaxReportRow[] = (await reportRows(db, query)).map((row) => {
    const collectedMinor = Number(row.collected);
    const refundedMinor = Number(row.refunded);
    return {
      month: row.month,
      countryCode: row.country_code,
      region: row.region,
      scheme: row.scheme === 'ioss' ? 'ioss' : '',
      taxName: row.tax_name,
      rateMicros: Number(row.rate_micros),
      inclusive: row.inclusive === true || row.inclusive === 't',
      currencyCode: row.currency_code,
      orders: Number(row.orders),
      salesMinor: Number(row.sales),
      collectedMinor,
      refundedMinor,
      netMinor: collectedMinor - refundedMinor,
    };
  });
  const totals = new Map<string, TTaxReportTotal>();
  for (const row of rows) {
    const total = totals.get(row.currencyCode) ?? {
      currencyCode: row.currencyCode,
      collectedMinor: 0,
      refundedMinor: 0,
      netMinor: 0,
    };
    total.collectedMinor += row.collectedMinor;
    total.refundedMinor += row.refundedMinor;
    total.netMinor += row.netMinor;
    totals.set(row.currencyCode, total);
  }
  return { rows, totals: [...totals.values()].sort((a, b) => a.currencyCode.localeCompare(b.currencyCode)) };
}

// ── The files: CSV and .xlsx ─────────────────────────────────────────────────────────────────

/** The files' columns, in order; their headers are `taxes.report.column.<column>`. */
const COLUMNS = [
  'month',
  'country',
  'region',
  'scheme',
  'taxName',
  'rate',
  'inclusive',
  'currency',
  'orders',
  'sales',
  'collected',
  'refunded',
  'net',
] as const;
type Column = (typeof COLUMNS)[number];
/** Columns the .xlsx holds as numbers: the rate, the count and the amounts; the rest is text. */
const NUMBER_COLUMNS = [
  'rate',
  'orders',
  'sales',
  'collected',
  'refunded',
  'net',
] as const satisfies Column[];
const AMOUNT_COLUMNS = ['sales', 'collected', 'refunded', 'net'] as const satisfies Column[];

/**
 * A report row's cells as text, one per column, as both files write them: amounts are exact
 * decimals of the currency ("12.34"), the rate a percentage ("8.875"), the scheme "IOSS" or empty.
 */
function cellsOf(lang: TLanguage, row: TTaxReportRow): Record<Column, string> {
  const decimal = (minor: number) => minorToDecimal(minor, minorDigitsOf(row.currencyCode));
  return {
    month: row.month,
    country: row.countryCode,
    region: row.region,
    scheme: row.scheme === 'ioss' ? 'IOSS' : '',
    taxName: row.taxName,
    rate: formatPercentMicros(row.rateMicros),
    inclusive: translate(lang, row.inclusive ? 'taxes.report.yes' : 'taxes.report.no'),
    currency: row.currencyCode,
    orders: String(row.orders),
    sales: decimal(row.salesMinor),
    collected: decimal(row.collectedMinor),
    refunded: decimal(row.refundedMinor),
    net: decimal(row.netMinor),
  };
}

/**
 * The report as CSV in the caller's language: a header row and one row per report row, every
 * text cell a spreadsheet would run as a formula (a tax's name an operator typed) kept as text.
 */
export async function taxReportCsv(
  db: AppDatabase,
  lang: TLanguage,
  query: TTaxReportQuery,
): Promise<Buffer> {
  const { rows } = await taxReport(db, query);
  return csvFile([
    COLUMNS.map((column) => csvField(translate(lang, `taxes.report.column.${column}`), { text: true })),
    ...rows.map((row) => {
      const cells = cellsOf(lang, row);
      return COLUMNS.map((column) =>
        csvField(cells[column], { text: !NUMBER_COLUMNS.some((number) => number === column) }),
      );
    }),
  ]);
}

/** The number format of an amount: the currency's decimals ("0.00"; "0" for JPY). */
function moneyFormat(currencyCode: string): string {
  const digits = minorDigitsOf(currencyCode);
  return digits === 0 ? '0' : `0.${'0'.repeat(digits)}`;
}

/**
 * The report as an .xlsx in the caller's language: the CSV's header and rows, with the rate, the
 * orders and the amounts as numbers (each the exact decimal the CSV writes), so a spreadsheet sums
 * them. Text cells are stored as text, never as formulas.
 */
export async function taxReportXlsx(
  db: AppDatabase,
  lang: TLanguage,
  query: TTaxReportQuery,
): Promise<Buffer> {
  const { rows } = await taxReport(db, query);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LinkStore';
  const sheet = workbook.addWorksheet(translate(lang, 'taxes.report.sheet'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = COLUMNS.map((column) => ({
    header: translate(lang, `taxes.report.column.${column}`),
    key: column,
    width: column === 'taxName' || AMOUNT_COLUMNS.some((c) => c === column) ? 16 : 12,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const cells: Record<Column, string | number> = cellsOf(lang, row);
    for (const column of NUMBER_COLUMNS) cells[column] = Number(cells[column]);
    const added = sheet.addRow(cells);
    for (const column of AMOUNT_COLUMNS) added.getCell(column).numFmt = moneyFormat(row.currencyCode);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
