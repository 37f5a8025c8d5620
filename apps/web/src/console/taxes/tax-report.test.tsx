import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTaxReport, TTaxReportRow } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TChartOption } from '../../shared/charts/echart';
import { ok } from '../../shared/test/fake-api';
import { stubViewportWidth } from '../../shared/test/viewport';
import {
  installFakeApi,
  lastQuery,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import TaxReportPage, { lastMonths } from './tax-report';

/** The chart drawn is its option: kept to read the bars, shown as its label. */
const charts: TChartOption[] = [];
vi.mock('../../shared/charts/echart', () => ({
  default: ({ option, label }: { option: TChartOption; label: string }) => {
    charts.push(option);
    return <div role="img" aria-label={label} />;
  },
}));

const REPORT = 'GET /api/v1/taxes/report';
const EXPORT = '/api/v1/taxes/report/export';
const XLSX = '/api/v1/taxes/report/xlsx';

const GERMANY = { countryCode: 'DE', region: '', taxName: 'VAT', rateMicros: 190_000, inclusive: true };
const NEW_YORK = {
  countryCode: 'US',
  region: 'NY',
  taxName: 'Sales tax',
  rateMicros: 88_750,
  inclusive: false,
};

function row(
  month: string,
  at: typeof GERMANY,
  collectedMinor: number,
  refundedMinor: number,
  scheme: 'ioss' | '' = '',
): TTaxReportRow {
  return {
    month,
    ...at,
    scheme,
    currencyCode: 'USD',
    orders: collectedMinor > 0 ? 2 : 0,
    salesMinor: collectedMinor * 5,
    collectedMinor,
    refundedMinor,
    netMinor: collectedMinor - refundedMinor,
  };
}

const SPRING: TTaxReport = {
  rows: [
    row('2026-03', GERMANY, 2_090, 0),
    row('2026-03', NEW_YORK, 270, 0),
    row('2026-04', GERMANY, 380, 950),
    row('2026-04', NEW_YORK, 0, 47),
  ],
  totals: [{ currencyCode: 'USD', collectedMinor: 2_740, refundedMinor: 997, netMinor: 1_743 }],
};

/** The row of a month and tax, once the table shows it. */
async function rowOf(month: string, tax: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .getAllByRole('row')
      .find((r) => r.textContent?.startsWith(month) && r.textContent.includes(tax));
    expect(found).toBeDefined();
  });
  return found as HTMLElement;
}

afterEach(() => {
  signOutOperator();
  charts.length = 0;
});

describe('the tax report page', () => {
  it('asks for the last 12 UTC months, charts the net stacked by country and lists the rows with totals', async () => {
    signInOperator(['commerce:tax:query', 'commerce:tax:export']);
    const api = installFakeApi({ [REPORT]: () => ok(SPRING) });
    await renderConsolePage(TaxReportPage);
    expect(await screen.findByRole('heading', { name: 'Tax report' })).toBeInTheDocument();
    expect(lastQuery(api, REPORT)).toEqual(lastMonths(12, new Date()));

    const april = await rowOf('Apr 2026', 'VAT');
    expect(within(april).getByText('Germany')).toBeInTheDocument();
    expect(april).toHaveTextContent('VAT');
    expect(april).toHaveTextContent('incl.');
    expect(april).toHaveTextContent('$3.80');
    expect(april).toHaveTextContent('$9.50');
    expect(april).toHaveTextContent('-$5.70');
    const newYork = await rowOf('Mar 2026', 'Sales tax');
    expect(newYork).toHaveTextContent('United States');
    expect(newYork).toHaveTextContent('NY');
    expect(newYork).toHaveTextContent('8.875%');
    expect(screen.getByRole('group', { name: 'Totals' })).toHaveTextContent(
      'Collected $27.40 · Refunded $9.97 · Net $17.43',
    );

    expect(await screen.findByRole('img', { name: /^Net tax in USD per month/ })).toBeInTheDocument();
    const option = charts.at(-1);
    const series = (option?.series ?? []) as { name: string; stack: string; data: number[] }[];
    expect(series.map((s) => [s.name, s.stack])).toEqual([
      ['Germany', 'net'],
      ['United States', 'net'],
    ]);
    // Twelve columns, the months without tax at 0.
    expect((option?.xAxis as { data: string[] }).data).toHaveLength(12);
    expect(series.every((s) => s.data.length === 12)).toBe(true);
  });

  it('reads a picked range of months and exports the same range as CSV', async () => {
    signInOperator(['commerce:tax:query', 'commerce:tax:export']);
    const api = installFakeApi({ [REPORT]: () => ok(SPRING) });
    const exports: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      if (url.pathname !== EXPORT) return api.fetch(input, init);
      exports.push(url);
      return new Response('\uFEFFMonth (UTC)', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="tax-report-2026-03-2026-04.csv"',
        },
      });
    });
    const createObjectURL = vi.fn(() => 'blob:tax-report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    await renderConsolePage(TaxReportPage);
    await rowOf('Apr 2026', 'VAT');

    const [start, end] = screen.getAllByRole('textbox') as [HTMLInputElement, HTMLInputElement];
    await user.click(start);
    await user.type(start, '2026-03{Enter}');
    await user.type(end, '2026-04{Enter}');
    await waitFor(() => expect(lastQuery(api, REPORT)).toEqual({ from: '2026-03', to: '2026-04' }));
    // Two months: two columns, each country's net in integer minor units.
    await waitFor(() =>
      expect((charts.at(-1)?.xAxis as { data: string[] }).data).toEqual(['Mar 2026', 'Apr 2026']),
    );
    const series = (charts.at(-1)?.series ?? []) as { name: string; data: number[] }[];
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['Germany', [2_090, -570]],
      ['United States', [270, -47]],
    ]);

    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(Object.fromEntries(exports[0]?.searchParams ?? [])).toEqual({ from: '2026-03', to: '2026-04' });
    click.mockRestore();
  });

  it('marks IOSS rows apart from the same country’s others, and exports the range as .xlsx', async () => {
    signInOperator(['commerce:tax:query', 'commerce:tax:export']);
    const report: TTaxReport = {
      rows: [row('2026-07', GERMANY, 190, 0), row('2026-07', GERMANY, 570, 0, 'ioss')],
      totals: [{ currencyCode: 'USD', collectedMinor: 760, refundedMinor: 0, netMinor: 760 }],
    };
    const api = installFakeApi({ [REPORT]: () => ok(report) });
    const exports: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      if (url.pathname !== XLSX && url.pathname !== EXPORT) return api.fetch(input, init);
      exports.push(url);
      return new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="tax-report-2025-08-2026-07.xlsx"',
        },
      });
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    await renderConsolePage(TaxReportPage);

    await waitFor(() =>
      expect(screen.getAllByRole('row').filter((r) => r.textContent?.startsWith('Jul 2026'))).toHaveLength(2),
    );
    const july = screen.getAllByRole('row').filter((r) => r.textContent?.startsWith('Jul 2026'));
    expect(july.map((r) => within(r).queryByText('IOSS') !== null)).toEqual([false, true]);
    expect(july[1]).toHaveTextContent('$5.70');
    expect(screen.getByText(/rows of their own, marked IOSS/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Export \.xlsx/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(exports.map((url) => url.pathname)).toEqual([XLSX]);
    expect(Object.fromEntries(exports[0]?.searchParams ?? [])).toEqual(lastMonths(12, new Date()));
    click.mockRestore();
  });

  it('says when the months have no tax, and hides the export without its permission, at 360 px', async () => {
    stubViewportWidth(360);
    signInOperator(['commerce:tax:query']);
    installFakeApi({ [REPORT]: () => ok({ rows: [], totals: [] }) });
    await renderConsolePage(TaxReportPage);
    expect(await screen.findByText(/^No tax collected or refunded from/)).toBeInTheDocument();
    expect(screen.getByText('No tax in these months')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export CSV/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export \.xlsx/ })).not.toBeInTheDocument();
  });
});
