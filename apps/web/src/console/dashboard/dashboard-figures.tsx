import { logsRoutes, productsRoutes, type TLowStockItem, type TVisitTrend } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Segmented, Skeleton, Statistic, Table, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChartOption } from '../../shared/charts/echart';
import { formatGrowth, formatMoney } from '../../shared/format/format';
import { routeQueryOptions } from '../../shared/http/call-route';
import { useCanCall } from '../../shared/permission/access';
import { PagedTable } from '../shared/paged-table';
import { usePagedList } from '../shared/use-paged-list';

const EChart = lazy(() => import('../../shared/charts/echart'));

const DAY_MS = 86_400_000;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

function Figure({ title, value, note }: { title: string; value: string | number; note?: string }) {
  return (
    <Col xs={24} sm={12} lg={6}>
      <Card size="small" style={{ height: '100%' }}>
        <Statistic title={title} value={value} />
        {note ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
      </Card>
    </Col>
  );
}

/** Visitors and page views today (with growth against yesterday) and in total. */
export function VisitStats() {
  const { t, i18n } = useTranslation('console');
  const stats = useQuery(routeQueryOptions(logsRoutes.visitStats));
  if (!stats.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const s = stats.data;
  return (
    <Row gutter={[16, 16]}>
      <Figure
        title={t('dashboard.visits.todayUv')}
        value={s.todayUvCount}
        note={t('dashboard.visits.growth', { rate: formatGrowth(s.uvGrowthRate, i18n.language) })}
      />
      <Figure title={t('dashboard.visits.totalUv')} value={s.totalUvCount} />
      <Figure
        title={t('dashboard.visits.todayPv')}
        value={s.todayPvCount}
        note={t('dashboard.visits.growth', { rate: formatGrowth(s.pvGrowthRate, i18n.language) })}
      />
      <Figure title={t('dashboard.visits.totalPv')} value={s.totalPvCount} />
    </Row>
  );
}

/** Today's orders and revenue, open flags, payouts in flight and the users online now. */
export function CommerceOverview() {
  const { t, i18n } = useTranslation('console');
  const overview = useQuery({ ...routeQueryOptions(logsRoutes.overview), refetchInterval: 60_000 });
  if (!overview.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const o = overview.data;
  const money = (totals: { currencyCode: string; amountMinor: number }[]) =>
    totals.length === 0
      ? formatMoney(0, 'USD', i18n.language)
      : totals.map((m) => formatMoney(m.amountMinor, m.currencyCode, i18n.language)).join(' + ');
  return (
    <Row gutter={[16, 16]}>
      <Figure title={t('dashboard.overview.todayOrders')} value={o.todayOrders} />
      <Figure title={t('dashboard.overview.todayRevenue')} value={money(o.todayRevenue)} />
      <Figure title={t('dashboard.overview.flaggedOrders')} value={o.flaggedOrders} />
      <Figure
        title={t('dashboard.overview.payoutsInFlight')}
        value={o.payoutsInFlight}
        note={money(o.payoutsInFlightAmount)}
      />
      <Figure
        title={t('dashboard.overview.onlineUsers')}
        value={o.onlineUsers}
        note={t('dashboard.overview.onlineNote')}
      />
    </Row>
  );
}

/** Page views and distinct addresses per day, as a chart or as a table. */
export function VisitTrend() {
  const { t } = useTranslation('console');
  const [days, setDays] = useState(7);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  // Today as of when the dashboard opened.
  const [today] = useState(() => Date.now());
  const range = useMemo(() => {
    return { startDate: utcDay(today - (days - 1) * DAY_MS), endDate: utcDay(today) };
  }, [days, today]);
  const trend = useQuery(routeQueryOptions(logsRoutes.visitTrend, { query: range }));
  const option = useMemo((): TChartOption | undefined => {
    const data: TVisitTrend | undefined = trend.data;
    if (!data) return undefined;
    return {
      tooltip: { trigger: 'axis' },
      legend: { data: [t('dashboard.trend.pv'), t('dashboard.trend.ip')] },
      grid: { left: 40, right: 16, top: 40, bottom: 24 },
      xAxis: { type: 'category', data: data.dates.map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { type: 'line', name: t('dashboard.trend.pv'), data: data.pvList, smooth: true },
        { type: 'line', name: t('dashboard.trend.ip'), data: data.ipList, smooth: true },
      ],
    };
  }, [trend.data, t]);

  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('dashboard.trend.title')}</h2>}
      extra={
        <Flex gap={8} wrap>
          <Segmented
            aria-label={t('dashboard.trend.range')}
            value={days}
            onChange={(value) => setDays(value)}
            options={[
              { value: 7, label: t('dashboard.trend.last7') },
              { value: 30, label: t('dashboard.trend.last30') },
            ]}
          />
          <Segmented
            aria-label={t('dashboard.trend.view')}
            value={view}
            onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
            options={[
              { value: 'chart', label: t('dashboard.trend.chart') },
              { value: 'table', label: t('dashboard.trend.table') },
            ]}
          />
        </Flex>
      }
    >
      {!trend.data || !option ? (
        <Skeleton active />
      ) : view === 'chart' ? (
        <Suspense fallback={<Skeleton active />}>
          <EChart option={option} label={t('dashboard.trend.chartLabel', { days })} height={280} />
        </Suspense>
      ) : (
        <Table
          size="small"
          rowKey="date"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={trend.data.dates.map((date, i) => ({
            date,
            pv: trend.data.pvList[i] ?? 0,
            ip: trend.data.ipList[i] ?? 0,
          }))}
          columns={[
            { title: t('dashboard.trend.date'), dataIndex: 'date' },
            { title: t('dashboard.trend.pv'), dataIndex: 'pv', align: 'right' },
            { title: t('dashboard.trend.ip'), dataIndex: 'ip', align: 'right' },
          ]}
        />
      )}
    </Card>
  );
}

/** Variants on sale running out (fewer units than the low-stock setting), fewest first. */
export function LowStock() {
  const { t } = useTranslation('console');
  const list = usePagedList(productsRoutes.lowStock, {});
  const threshold = list.answer?.threshold;
  return (
    <Flex vertical gap={8}>
      {threshold === undefined ? null : (
        <Typography.Text type="secondary">{t('dashboard.lowStock.intro', { threshold })}</Typography.Text>
      )}
      <PagedTable<TLowStockItem>
        list={list}
        rowKey="variantId"
        columns={[
          { title: t('dashboard.lowStock.product'), dataIndex: 'title' },
          {
            title: t('dashboard.lowStock.variant'),
            dataIndex: 'label',
            render: (label: string) => label || t('dashboard.lowStock.noVariant'),
          },
          { title: t('dashboard.lowStock.sku'), dataIndex: 'sku' },
          { title: t('dashboard.lowStock.stock'), dataIndex: 'stock', align: 'right' },
        ]}
      />
    </Flex>
  );
}

/** The figures the signed-in operator may read: each part only with its route's access. */
export function DashboardFigures() {
  const canCall = useCanCall();
  const { t } = useTranslation('console');
  const showVisits = canCall(logsRoutes.visitStats);
  const showOverview = canCall(logsRoutes.overview);
  const showLowStock = canCall(productsRoutes.lowStock);
  if (!showVisits && !showOverview && !showLowStock) return null;
  return (
    <Flex vertical gap={16} style={{ marginTop: 16 }}>
      {showOverview ? (
        <section aria-labelledby="console-overview-heading">
          <h2 id="console-overview-heading" style={{ fontSize: 16 }}>
            {t('dashboard.overview.title')}
          </h2>
          <CommerceOverview />
        </section>
      ) : null}
      {showVisits ? (
        <section aria-labelledby="console-visits-heading">
          <h2 id="console-visits-heading" style={{ fontSize: 16 }}>
            {t('dashboard.visits.title')}
          </h2>
          <Flex vertical gap={16}>
            <VisitStats />
            <VisitTrend />
          </Flex>
        </section>
      ) : null}
      {showLowStock ? (
        <section aria-labelledby="console-low-stock-heading">
          <h2 id="console-low-stock-heading" style={{ fontSize: 16 }}>
            {t('dashboard.lowStock.title')}
          </h2>
          <LowStock />
        </section>
      ) : null}
    </Flex>
  );
}
