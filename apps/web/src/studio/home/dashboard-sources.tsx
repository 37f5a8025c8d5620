import {
  DASHBOARD_SOURCE_KEYS,
  type TDashboardSeriesName,
  type TDashboardSourceKey,
  type TDashboardSources,
} from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Segmented, Skeleton, Table, theme } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/money/use-money';
import { dashboardSourcesQuery } from './dashboard-api';
import { percent, pointLabel } from './dashboard-format';
import type { TDashboardPeriod } from './dashboard';
import type { TChartOption } from '../../shared/charts/echart';
import styles from './home-page.module.css';

const EChart = lazy(() => import('../../shared/charts/echart'));

/** One colour per line, the same in the chart and the list under it (six: five sources and "other"). */
const PALETTE = ['#1677ff', '#fa8c16', '#52c41a', '#eb2f96', '#13c2c2', '#8c8c8c'];

/** Networks spelled as they spell themselves; any other source is shown as the link gave it. */
const BRANDS: Record<string, string> = {
  tiktok: 'TikTok',
  instagram: 'Instagram',
  youtube: 'YouTube',
  facebook: 'Facebook',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
  whatsapp: 'WhatsApp',
  twitter: 'Twitter',
};

/**
 * A source's name for people: the network's own spelling, words for "other" and for links
 * without a source, else the link's text as it is (rendered as text, never as markup).
 */
export function sourceName(source: string | null, by: TDashboardSourceKey, t: TFunction<'studio'>): string {
  if (source === null) return t('home.dashboard.sources.other');
  if (by === 'user_source' && source === 'default') return t('home.dashboard.sources.noUserSource');
  if (by === 'page_source' && source === '') return t('home.dashboard.sources.noPageSource');
  return BRANDS[source.toLowerCase()] ?? source;
}

type TSource = TDashboardSources['sources'][number];

/** A source's total of the chosen series over the range. */
function totalOf(series: TDashboardSeriesName, source: TSource): number {
  switch (series) {
    case 'earnings':
      return source.earnings;
    case 'clicks':
      return source.clicks;
    case 'sales':
      return source.units;
    case 'conversion':
      return source.conversion;
  }
}

/** Traffic sources: the chosen series split by `user_source` or `page_source` (issue 18). */
export function TrafficSources({ tz, period }: { tz: string; period: TDashboardPeriod }) {
  const { t, i18n } = useTranslation('studio');
  const { token } = theme.useToken();
  const money = useMoney();
  const [by, setBy] = useState<TDashboardSourceKey>('user_source');
  const [asTable, setAsTable] = useState(false);
  const query = useQuery({
    ...dashboardSourcesQuery(tz, by, period.choice),
    placeholderData: (previous) => previous,
  });
  const data = query.data;
  const series = data?.series ?? period.series;
  const format = (value: number): string =>
    series === 'earnings'
      ? money.format(value)
      : series === 'conversion'
        ? percent(value, i18n.language)
        : new Intl.NumberFormat(i18n.language).format(value);
  const seriesName = t(`home.dashboard.series.${series}`);
  const sources = useMemo(
    () =>
      (data?.sources ?? []).map((source, k) => ({
        key: source.source ?? '\u0000other',
        name: sourceName(source.source, data?.by ?? by, t),
        color: PALETTE[k % PALETTE.length] ?? '#8c8c8c',
        total: totalOf(series, source),
        source,
      })),
    [data, by, t, series],
  );
  const summary = t('home.dashboard.sources.summary', {
    series: seriesName,
    list: sources.map((s) => `${s.name} ${format(s.total)}`).join(', '),
  });

  const option = useMemo<TChartOption>(
    () => ({
      grid: { left: 8, right: 8, top: 12, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (value) => format(Math.round(Number(value))) },
      xAxis: {
        type: 'category',
        data: (data?.buckets ?? []).map((b) =>
          pointLabel(b.label, data?.granularity ?? 'day', i18n.language),
        ),
        axisLabel: { color: token.colorTextSecondary, hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        axisLabel: {
          color: token.colorTextSecondary,
          formatter: (value: number) => format(Math.round(value)),
        },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: sources.map((s) => ({
        name: s.name,
        type: 'line',
        data: s.source.points,
        symbol: 'none',
        // Counts and money add up across sources; rates do not.
        ...(series === 'conversion' ? {} : { stack: 'sources', areaStyle: { opacity: 0.25 } }),
        lineStyle: { width: 2, color: s.color },
        itemStyle: { color: s.color },
      })),
    }),
    // format depends on series, money and language, all already in the list through sources/t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, sources, token, i18n.language, money.rate],
  );

  return (
    <Card
      title={<h2 className={styles.cardTitle}>{t('home.dashboard.sources.heading')}</h2>}
      className={styles.chartCard}
    >
      <div className={styles.chartControls}>
        <Segmented<TDashboardSourceKey>
          aria-label={t('home.dashboard.sources.byLabel')}
          options={DASHBOARD_SOURCE_KEYS.map((value) => ({
            value,
            label: t(`home.dashboard.sources.by.${value}`),
          }))}
          value={by}
          onChange={setBy}
          className={styles.segmented}
        />
      </div>
      {query.isError ? (
        <Alert type="error" showIcon title={t('home.dashboard.loadFailed')} />
      ) : !data ? (
        <Skeleton active />
      ) : sources.length === 0 ? (
        <p className={styles.empty}>{t('home.dashboard.sources.empty')}</p>
      ) : (
        <>
          {asTable ? (
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={sources}
              columns={[
                { title: t('home.dashboard.sources.source'), dataIndex: 'name' },
                { title: seriesName, dataIndex: 'total', render: (v: number) => format(v), align: 'right' },
                {
                  title: t('home.dashboard.sources.orders'),
                  key: 'orders',
                  render: (_: unknown, row: (typeof sources)[number]) => row.source.orders,
                  align: 'right',
                },
                {
                  title: t('home.dashboard.series.clicks'),
                  key: 'clicks',
                  render: (_: unknown, row: (typeof sources)[number]) => row.source.clicks,
                  align: 'right',
                },
              ]}
            />
          ) : (
            <>
              <Suspense fallback={<Skeleton active />}>
                <EChart option={option} label={summary} height={240} />
              </Suspense>
              <ul className={styles.legend} aria-label={t('home.dashboard.sources.legend')}>
                {sources.map((s) => (
                  <li key={s.key}>
                    <span className={styles.swatch} style={{ background: s.color }} aria-hidden />
                    <span className={styles.legendName}>{s.name}</span>
                    <span className={styles.legendValue}>{format(s.total)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Button type="link" onClick={() => setAsTable((shown) => !shown)}>
            {asTable ? t('home.dashboard.sources.showChart') : t('home.dashboard.sources.showTable')}
          </Button>
        </>
      )}
    </Card>
  );
}
