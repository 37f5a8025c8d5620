import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { TDashboardRange, TDashboardSeriesName, TGrowthRates } from '@linkstore/contract';
import { DASHBOARD_RANGES, DASHBOARD_SERIES } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Row,
  Segmented,
  Skeleton,
  Statistic,
  Table,
  theme,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/money/use-money';
import {
  dashboardSeriesQuery,
  dashboardSummaryQuery,
  useDashboardTimeZone,
  type TSeriesChoice,
} from './dashboard-api';
import { percent, pointLabel } from './dashboard-format';
import { TopProducts } from './dashboard-products';
import { TrafficSources } from './dashboard-sources';
import type { TChartOption } from '../../shared/charts/echart';
import styles from './home-page.module.css';

const EChart = lazy(() => import('../../shared/charts/echart'));

const GROWTH_KEYS = ['yesterday', 'lastWeek', 'lastMonth', 'lastYear'] as const;

/** Today's earnings against the same span a day, a week, a month and a year before. */
function GrowthList({ growth }: { growth: TGrowthRates }) {
  const { t, i18n } = useTranslation('studio');
  return (
    <ul className={styles.growth}>
      {GROWTH_KEYS.map((key) => {
        const bp = growth[key];
        const against = t(`home.dashboard.growth.${key}`);
        if (bp === null)
          return (
            <li key={key}>
              <span aria-hidden>—</span>{' '}
              <span className={styles.srOnly}>{t('home.dashboard.growth.none')}</span> {against}
            </li>
          );
        const up = bp >= 0;
        return (
          <li key={key} className={up ? styles.up : styles.down}>
            {up ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />}{' '}
            {t(up ? 'home.dashboard.growth.up' : 'home.dashboard.growth.down', {
              value: percent(Math.abs(bp), i18n.language),
            })}{' '}
            {against}
          </li>
        );
      })}
    </ul>
  );
}

/** The dashboard's cards: products, earnings today / 7 days / in all, waiting to ship. */
export function DashboardCards({ tz }: { tz: string }) {
  const { t } = useTranslation('studio');
  const money = useMoney();
  const summary = useQuery(dashboardSummaryQuery(tz));
  if (summary.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('home.dashboard.loadFailed')}
        action={<Button onClick={() => void summary.refetch()}>{t('shop.retry')}</Button>}
      />
    );
  const data = summary.data;
  const cards = [
    {
      key: 'productsOnSale',
      value: data ? String(data.productsOnSale) : '',
      extra: data
        ? t('home.dashboard.cards.newProducts', {
            today: data.newProducts.today,
            week: data.newProducts.past7Days,
          })
        : null,
    },
    {
      key: 'earningsToday',
      value: data ? money.format(data.earnings.today) : '',
      extra: data ? <GrowthList growth={data.earnings.growth} /> : null,
    },
    { key: 'earnings7d', value: data ? money.format(data.earnings.past7Days) : '', extra: null },
    { key: 'earningsTotal', value: data ? money.format(data.earnings.total) : '', extra: null },
    {
      key: 'pendingShipment',
      value: data ? money.format(data.pendingShipment) : '',
      extra: data ? t('home.dashboard.cards.pendingOrders', { count: data.pendingShipmentOrders }) : null,
    },
  ] as const;
  return (
    <Row gutter={[12, 12]} className={styles.cards}>
      {cards.map((card) => (
        <Col key={card.key} xs={24} sm={12} xl={card.key === 'earningsToday' ? 8 : 4}>
          <Card size="small" className={styles.card}>
            <Statistic
              title={t(`home.dashboard.cards.${card.key}`)}
              value={card.value}
              loading={!data}
              styles={{ content: { fontSize: 22, overflowWrap: 'anywhere' } }}
            />
            {card.extra && <div className={styles.cardExtra}>{card.extra}</div>}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The chart selector: four series over 24 hours, 7 days, a month, a year or chosen days. */
export interface TDashboardPeriod {
  series: TDashboardSeriesName;
  setSeries: (series: TDashboardSeriesName) => void;
  range: TDashboardRange;
  setRange: (range: TDashboardRange) => void;
  custom: [Dayjs, Dayjs] | null;
  setCustom: (custom: [Dayjs, Dayjs] | null) => void;
  /** What is asked of the server: a custom range without days yet reads as 7 days. */
  choice: TSeriesChoice;
}

/** The series and period the chart chose, which the sources and top products follow. */
function useDashboardPeriod(): TDashboardPeriod {
  const [series, setSeries] = useState<TDashboardSeriesName>('earnings');
  const [range, setRange] = useState<TDashboardRange>('24h');
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  const choice: TSeriesChoice =
    range === 'custom' && custom
      ? { series, range, from: custom[0].format('YYYY-MM-DD'), to: custom[1].format('YYYY-MM-DD') }
      : { series, range: range === 'custom' ? '7d' : range };
  return { series, setSeries, range, setRange, custom, setCustom, choice };
}

export function DashboardChart({ tz, period }: { tz: string; period: TDashboardPeriod }) {
  const { t, i18n } = useTranslation('studio');
  const { token } = theme.useToken();
  const money = useMoney();
  const { series, setSeries, range, setRange, custom, setCustom, choice } = period;
  const [asTable, setAsTable] = useState(false);
  const query = useQuery({ ...dashboardSeriesQuery(tz, choice), placeholderData: (previous) => previous });
  const data = query.data;

  const format = (value: number): string =>
    series === 'earnings'
      ? money.format(value)
      : series === 'conversion'
        ? percent(value, i18n.language)
        : new Intl.NumberFormat(i18n.language).format(value);
  const seriesName = t(`home.dashboard.series.${series}`);
  const rows = useMemo(
    () =>
      (data?.points ?? []).map((point) => ({
        key: point.start,
        label: pointLabel(point.label, data?.granularity ?? 'day', i18n.language),
        value: point.value,
        previous: point.previous,
      })),
    [data, i18n.language],
  );
  const total = (pick: 'value' | 'previous') => rows.reduce((n, row) => n + row[pick], 0);
  const summary =
    series === 'conversion'
      ? seriesName
      : t('home.dashboard.chart.summary', {
          series: seriesName,
          total: format(total('value')),
          previous: format(total('previous')),
        });

  const option = useMemo<TChartOption>(
    () => ({
      grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (value) => format(Math.round(Number(value))) },
      legend: { top: 0, textStyle: { color: token.colorText } },
      xAxis: {
        type: 'category',
        data: rows.map((row) => row.label),
        axisLabel: { color: token.colorTextSecondary, hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        // Whole cents and counts: with nothing to draw, ECharts would tick 0, 0.2, 0.4… and a
        // fraction of a cent cannot be shown (money is integers).
        minInterval: 1,
        axisLabel: {
          color: token.colorTextSecondary,
          formatter: (value: number) => format(Math.round(value)),
        },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: [
        {
          name: t('home.dashboard.chart.previous'),
          type: 'line',
          data: rows.map((row) => row.previous),
          symbol: 'none',
          lineStyle: { type: 'dashed', width: 1, color: token.colorTextQuaternary },
          itemStyle: { color: token.colorTextQuaternary },
        },
        {
          name: t('home.dashboard.chart.current'),
          type: 'line',
          data: rows.map((row) => row.value),
          smooth: true,
          areaStyle: { opacity: 0.12 },
          lineStyle: { width: 2, color: token.colorPrimary },
          itemStyle: { color: token.colorPrimary },
        },
      ],
    }),
    // format depends on series, money and language, all already in the list through rows/t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, token, t, series, money.rate],
  );

  return (
    <Card
      title={<h2 className={styles.cardTitle}>{t('home.dashboard.chart.heading')}</h2>}
      className={styles.chartCard}
    >
      <div className={styles.chartControls}>
        <Segmented<TDashboardSeriesName>
          aria-label={t('home.dashboard.series.label')}
          options={DASHBOARD_SERIES.map((value) => ({ value, label: t(`home.dashboard.series.${value}`) }))}
          value={series}
          onChange={setSeries}
          className={styles.segmented}
        />
        <Segmented<TDashboardRange>
          aria-label={t('home.dashboard.range.label')}
          options={DASHBOARD_RANGES.map((value) => ({ value, label: t(`home.dashboard.range.${value}`) }))}
          value={range}
          onChange={setRange}
          className={styles.segmented}
        />
        {range === 'custom' && (
          <DatePicker.RangePicker
            aria-label={t('home.dashboard.range.customLabel')}
            value={custom}
            onChange={(dates) => setCustom(dates && dates[0] && dates[1] ? [dates[0], dates[1]] : null)}
          />
        )}
      </div>
      {query.isError ? (
        <Alert type="error" showIcon title={t('home.dashboard.loadFailed')} />
      ) : !data ? (
        <Skeleton active />
      ) : asTable ? (
        <Table
          size="small"
          rowKey="key"
          pagination={{ pageSize: 12, hideOnSinglePage: true }}
          dataSource={rows}
          columns={[
            { title: t('home.dashboard.chart.period'), dataIndex: 'label' },
            {
              title: t('home.dashboard.chart.current'),
              dataIndex: 'value',
              render: (v: number) => format(v),
              align: 'right',
            },
            {
              title: t('home.dashboard.chart.previous'),
              dataIndex: 'previous',
              render: (v: number) => format(v),
              align: 'right',
            },
          ]}
        />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <EChart option={option} label={summary} height={260} />
        </Suspense>
      )}
      <p className={styles.chartSummary}>{summary}</p>
      <Button type="link" onClick={() => setAsTable((shown) => !shown)}>
        {asTable ? t('home.dashboard.chart.showChart') : t('home.dashboard.chart.showTable')}
      </Button>
    </Card>
  );
}

/** The creator's dashboard (issue 18), in their profile's time zone, else their browser's. */
export function Dashboard() {
  const { t } = useTranslation('studio');
  const tz = useDashboardTimeZone();
  const period = useDashboardPeriod();
  return (
    <>
      <p className={styles.timeZone}>{t('home.dashboard.timeZone', { zone: tz })}</p>
      <DashboardCards tz={tz} />
      <DashboardChart tz={tz} period={period} />
      <TrafficSources tz={tz} period={period} />
      <TopProducts tz={tz} choice={period.choice} />
    </>
  );
}
