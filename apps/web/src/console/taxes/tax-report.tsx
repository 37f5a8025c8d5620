import { DownloadOutlined } from '@ant-design/icons';
import {
  MAX_TAX_REPORT_MONTHS,
  minorToDecimal,
  monthsInRange,
  taxRoutes,
  type TTaxReport,
  type TTaxReportQuery,
  type TTaxReportRow,
} from '@linkstore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  App,
  DatePicker,
  Empty,
  Flex,
  Segmented,
  Skeleton,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChartOption } from '../../shared/charts/echart';
import { formatMoney } from '../../shared/format/format';
import { useFormatMoney } from '../../shared/format/use-format';
import { apiClient } from '../../shared/http/api-client';
import { fillPath, routeQueryOptions } from '../../shared/http/call-route';
import type { TDownload } from '../../shared/http/http-client';
import { useRouteMutation } from '../../shared/http/use-route-mutation';
import { countryName } from '../../shared/i18n/display-names';
import { LANGUAGE_TAGS } from '../../shared/i18n/languages';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { CrudPage } from '../shared/crud-page';
import { RouteButton } from '../shared/toolbar';
import { useFocusableScroll } from '../shared/use-focusable-scroll';
import { saveFile } from '../../shared/http/download';

const EChart = lazy(() => import('../../shared/charts/echart'));

/** The range before the operator picks one: this month and the 11 before it. */
const DEFAULT_MONTHS = 12;
const PAGE_SIZE = 20;

/** `yyyy-MM` of the UTC month `offset` months from `now`'s. */
function utcMonth(now: Date, offset = 0): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}

/** The `months` UTC months up to and including this one. */
export function lastMonths(months: number, now: Date): TTaxReportQuery {
  return { from: utcMonth(now, 1 - months), to: utcMonth(now) };
}

/** Every month of the range, in order: the chart has a column for a month without tax too. */
function monthsOf({ from, to }: TTaxReportQuery): string[] {
  const start = new Date(`${from}-01T00:00:00Z`);
  return Array.from({ length: monthsInRange(from, to) }, (_, i) => utcMonth(start, i));
}

function useMonthLabel() {
  const language = useAppPreferences((state) => state.language);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`));
  }, [language]);
}

/** The report as CSV or .xlsx (the same rows), saved by the browser. */
function useExportTaxReport(route: typeof taxRoutes.reportExport | typeof taxRoutes.reportXlsx) {
  return useRouteMutation({
    mutationFn: async (query: TTaxReportQuery) => {
      const file = (await apiClient.request(fillPath(route.path, undefined), {
        method: route.method,
        params: query,
        responseType: 'blob',
      })) as TDownload;
      saveFile(file);
    },
  });
}

/**
 * The tax report (issue 34): tax collected per jurisdiction and UTC month from what the orders
 * froze, less what refunds gave back in the month they completed, to file returns. A chart of
 * the net per month stacked by country, the rows (paged here: the server answers them all; EU
 * imports under IOSS apart, for their own return), the totals per currency and the same rows as
 * CSV or .xlsx.
 */
export default function TaxReportPage() {
  const { t } = useTranslation('taxes');
  const { message } = App.useApp();
  const [range, setRange] = useState<TTaxReportQuery>(() => lastMonths(DEFAULT_MONTHS, new Date()));
  const report = useQuery({
    ...routeQueryOptions(taxRoutes.report, { query: range }),
    placeholderData: keepPreviousData,
  });
  const exportCsv = useExportTaxReport(taxRoutes.reportExport);
  const exportXlsx = useExportTaxReport(taxRoutes.reportXlsx);

  const pick = ([from, to]: [string, string]) => {
    if (!from || !to) setRange(lastMonths(DEFAULT_MONTHS, new Date()));
    else if (monthsInRange(from, to) > MAX_TAX_REPORT_MONTHS) {
      void message.warning(t('report.tooLong', { max: MAX_TAX_REPORT_MONTHS }));
    } else setRange({ from, to });
  };

  return (
    <CrudPage
      title={t('report.title')}
      search={
        <DatePicker.RangePicker
          picker="month"
          aria-label={t('report.range')}
          placeholder={[range.from, range.to]}
          onChange={(_, strings) => pick(strings)}
          style={{ maxWidth: 320 }}
        />
      }
      toolbar={
        <>
          <RouteButton
            route={taxRoutes.reportExport}
            icon={<DownloadOutlined aria-hidden />}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate(range)}
          >
            {t('report.export')}
          </RouteButton>
          <RouteButton
            route={taxRoutes.reportXlsx}
            icon={<DownloadOutlined aria-hidden />}
            loading={exportXlsx.isPending}
            onClick={() => exportXlsx.mutate(range)}
          >
            {t('report.exportXlsx')}
          </RouteButton>
        </>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('report.intro')} {t('report.iossIntro')}
      </Typography.Paragraph>
      {!report.data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <NetChart report={report.data} range={range} />
          <Totals report={report.data} />
          <ReportTable rows={report.data.rows} />
        </Flex>
      )}
    </CrudPage>
  );
}

/** Net tax per month, one bar per month stacked by country, in one currency at a time. */
function NetChart({ report, range }: { report: TTaxReport; range: TTaxReportQuery }) {
  const { t, i18n } = useTranslation('taxes');
  const language = useAppPreferences((state) => state.language);
  const monthLabel = useMonthLabel();
  const currencies = report.totals.map((total) => total.currencyCode);
  const [picked, setPicked] = useState<string | undefined>();
  const currency = picked && currencies.includes(picked) ? picked : currencies[0];

  const option = useMemo((): TChartOption | undefined => {
    if (!currency) return undefined;
    const months = monthsOf(range);
    const rows = report.rows.filter((row) => row.currencyCode === currency);
    const countries = [...new Set(rows.map((row) => row.countryCode))];
    // Amounts stay integer minor units; only the labels turn them into money.
    const format = (value: unknown) => formatMoney(Number(value), currency, i18n.language);
    return {
      tooltip: { trigger: 'axis', valueFormatter: format },
      legend: { data: countries.map((code) => countryName(language, code, code)) },
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: months.map(monthLabel) },
      yAxis: { type: 'value', axisLabel: { formatter: format } },
      series: countries.map((code) => ({
        type: 'bar',
        stack: 'net',
        name: countryName(language, code, code),
        data: months.map((month) =>
          rows
            .filter((row) => row.countryCode === code && row.month === month)
            .reduce((sum, row) => sum + row.netMinor, 0),
        ),
      })),
    };
  }, [currency, range, report.rows, language, i18n.language, monthLabel]);

  if (!currency || !option) {
    return (
      <Empty description={t('report.empty', { from: monthLabel(range.from), to: monthLabel(range.to) })} />
    );
  }
  return (
    <Flex vertical gap={8}>
      {currencies.length > 1 && (
        <Segmented
          size="small"
          aria-label={t('report.currency')}
          value={currency}
          onChange={(value) => setPicked(value)}
          options={currencies}
        />
      )}
      <Suspense fallback={<Skeleton active />}>
        <EChart
          option={option}
          label={t('report.chartLabel', {
            currency,
            from: monthLabel(range.from),
            to: monthLabel(range.to),
          })}
          height={280}
        />
      </Suspense>
    </Flex>
  );
}

/** The range's totals, one line per currency (never added across currencies). */
function Totals({ report }: { report: TTaxReport }) {
  const { t } = useTranslation('taxes');
  const money = useFormatMoney();
  return (
    <Flex vertical gap={4} role="group" aria-label={t('report.totals')}>
      {report.totals.map((total) => (
        <Typography.Text key={total.currencyCode} strong>
          {t('report.total', {
            collected: money(total.collectedMinor, total.currencyCode),
            refunded: money(total.refundedMinor, total.currencyCode),
            net: money(total.netMinor, total.currencyCode),
          })}
        </Typography.Text>
      ))}
    </Flex>
  );
}

const rowKey = (row: TTaxReportRow) =>
  [
    row.month,
    row.currencyCode,
    row.countryCode,
    row.region,
    row.scheme,
    row.taxName,
    row.rateMicros,
    row.inclusive,
  ].join('|');

/** The rows, 20 a page; the table scrolls sideways inside its own box on a phone. */
function ReportTable({ rows }: { rows: TTaxReportRow[] }) {
  const { t } = useTranslation('taxes');
  const language = useAppPreferences((state) => state.language);
  const money = useFormatMoney();
  const monthLabel = useMonthLabel();
  const scrollBox = useFocusableScroll<HTMLDivElement>();
  const percent = useMemo(
    () => new Intl.NumberFormat(LANGUAGE_TAGS[language], { style: 'percent', maximumFractionDigits: 4 }),
    [language],
  );
  // The fraction as an exact decimal string (0.08875), as the rates page shows it.
  const formatRate = (micros: number) => percent.format(minorToDecimal(micros, 6) as `${number}`);
  const amount = (key: 'salesMinor' | 'collectedMinor' | 'refundedMinor' | 'netMinor') => ({
    key,
    align: 'right' as const,
    render: (_: unknown, row: TTaxReportRow) => money(row[key], row.currencyCode),
  });

  const columns: TableColumnsType<TTaxReportRow> = [
    { title: t('report.column.month'), dataIndex: 'month', render: monthLabel },
    {
      title: t('field.country'),
      key: 'country',
      render: (_, row) => (
        <>
          {countryName(language, row.countryCode, row.countryCode)}
          {row.region !== '' && (
            <>
              {' '}
              <Typography.Text code>{row.region}</Typography.Text>
            </>
          )}
        </>
      ),
    },
    {
      title: t('field.name'),
      key: 'tax',
      render: (_, row) => (
        <>
          {row.taxName}
          {row.inclusive && <Tag style={{ marginInlineStart: 8 }}>{t('report.inclusive')}</Tag>}
          {row.scheme === 'ioss' && (
            <Tag color="blue" style={{ marginInlineStart: 8 }}>
              {t('report.ioss')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('field.rate'), dataIndex: 'rateMicros', align: 'right', render: formatRate },
    { title: t('report.column.orders'), dataIndex: 'orders', align: 'right' },
    { title: t('report.column.sales'), ...amount('salesMinor') },
    { title: t('report.column.collected'), ...amount('collectedMinor') },
    { title: t('report.column.refunded'), ...amount('refundedMinor') },
    { title: t('report.column.net'), ...amount('netMinor') },
  ];
  return (
    <div ref={scrollBox}>
      <Table<TTaxReportRow>
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('report.none') }}
      />
    </div>
  );
}
