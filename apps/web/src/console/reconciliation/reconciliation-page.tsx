import { CheckCircleFilled, SyncOutlined, WarningFilled } from '@ant-design/icons';
import {
  reconciliationRoutes,
  ZReconciliationCheck,
  type TReconciliationDifference,
  type TReconciliationRun,
} from '@linkstore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Card, Flex, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney, useMoment } from '../../shared/format/use-format';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { RouteButton } from '../shared/toolbar';
import { usePagedList } from '../shared/use-paged-list';
import { latestRunQuery, runDetailQuery, useRunReconciliation } from './api';

const DIFFERENCES_PAGE_SIZE = 10;

/**
 * Commerce › Reconciliation: the latest run (all match, or its differences), Run now, and every
 * run. A run compares the creators' ledger with orders, captures, refunds and payouts.
 */
export default function ReconciliationPage() {
  const { t } = useTranslation('reconciliation');
  const { message } = App.useApp();
  const latest = useQuery(latestRunQuery);
  const runs = usePagedList(reconciliationRoutes.runs, {});
  const run = useRunReconciliation();
  const [shownId, setShownId] = useState<string | undefined>();
  const moment = useMoment();

  const runNow = () =>
    run.mutate(undefined, {
      onSuccess: (done) => {
        setShownId(done.id);
        if (done.differenceCount === 0) void message.success(t('runDone.match'));
        else void message.warning(t('runDone.differences', { count: done.differenceCount }));
      },
    });

  const columns: TableColumnsType<TReconciliationRun> = [
    { title: t('runs.startedAt'), dataIndex: 'startedAt', render: moment },
    {
      title: t('runs.trigger'),
      dataIndex: 'trigger',
      render: (trigger: TReconciliationRun['trigger'], row) =>
        trigger === 'operator'
          ? t('runs.byOperator', { name: row.startedByName ?? '—' })
          : t('runs.bySchedule'),
    },
    { title: t('runs.creators'), dataIndex: 'creatorsChecked', align: 'right' },
    {
      title: t('runs.differences'),
      dataIndex: 'differenceCount',
      align: 'right',
      render: (count: number, row) =>
        row.finishedAt === null ? (
          <Tag>{t('runs.unfinished')}</Tag>
        ) : count === 0 ? (
          <Tag color="success">{t('runs.match')}</Tag>
        ) : (
          <Tag color="error">{count}</Tag>
        ),
    },
    { title: t('runs.finishedAt'), dataIndex: 'finishedAt', render: moment },
  ];
  const actionsColumn = useActionsColumn<TReconciliationRun>([
    {
      route: reconciliationRoutes.detail,
      label: t('runs.show'),
      ariaLabel: (row) => t('runs.showLabel', { when: moment(row.startedAt) }),
      onClick: (row) => setShownId(row.id),
    },
  ]);

  const shown = shownId ?? latest.data?.list[0]?.id;
  return (
    <Flex vertical gap={16} component="section" aria-labelledby="reconciliation-title">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} id="reconciliation-title" style={{ fontSize: 20, margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <RouteButton
          route={reconciliationRoutes.run}
          type="primary"
          icon={<SyncOutlined aria-hidden spin={run.isPending} />}
          loading={run.isPending}
          onClick={runNow}
        >
          {run.isPending ? t('running') : t('runNow')}
        </RouteButton>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      {run.isPending && <Alert type="info" showIcon icon={<Spin size="small" />} title={t('progress')} />}
      {latest.isPending ? (
        <Spin />
      ) : shown === undefined ? (
        <Alert type="info" showIcon title={t('noRun')} />
      ) : (
        <RunCard id={shown} />
      )}
      <Card size="small" title={t('runs.title')}>
        <PagedTable<TReconciliationRun> list={runs} rowKey="id" columns={[...columns, ...actionsColumn]} />
      </Card>
    </Flex>
  );
}

/** One run: all match, or its differences a page at a time. */
function RunCard({ id }: { id: string }) {
  const { t } = useTranslation('reconciliation');
  const moment = useMoment();
  const money = useFormatMoney();
  const [pageNum, setPageNum] = useState(1);
  const detail = useQuery({
    ...runDetailQuery(id, pageNum, DIFFERENCES_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const data = detail.data;
  if (!data) return <Spin />;
  const { run, differences } = data;
  const when = moment(run.startedAt);
  const checkLabel = (check: string) =>
    (ZReconciliationCheck.options as readonly string[]).includes(check) ? t(`check.${check}`) : check;
  const columns: TableColumnsType<TReconciliationDifference> = [
    { title: t('difference.check'), dataIndex: 'check', render: checkLabel },
    {
      title: t('difference.where'),
      key: 'where',
      render: (_: unknown, d) =>
        [
          d.userId && t('difference.creator', { id: d.userId }),
          d.orderNo && t('difference.order', { orderNo: d.orderNo }),
          d.payoutId && t('difference.payout', { id: d.payoutId }),
          d.refundId && t('difference.refund', { id: d.refundId }),
        ]
          .filter(Boolean)
          .join(' · ') || t('difference.everyone'),
    },
    {
      title: t('difference.expected'),
      dataIndex: 'expectedMinor',
      align: 'right',
      render: (cents: number) => money(cents, 'USD'),
    },
    {
      title: t('difference.actual'),
      dataIndex: 'actualMinor',
      align: 'right',
      render: (cents: number) => money(cents, 'USD'),
    },
    { title: t('difference.detail'), dataIndex: 'detail' },
  ];

  if (run.finishedAt === null) {
    return <Alert type="warning" showIcon title={t('unfinished', { when })} />;
  }
  if (run.differenceCount === 0) {
    return (
      <Card size="small">
        <Flex gap={12} align="center" role="status">
          <CheckCircleFilled
            style={{ fontSize: 32, color: 'var(--ant-color-success, #52c41a)' }}
            aria-hidden
          />
          <div>
            <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
              {t('allMatch')}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('allMatchText', { when, count: run.creatorsChecked })}
            </Typography.Text>
          </div>
        </Flex>
      </Card>
    );
  }
  return (
    <Card size="small">
      <Flex gap={12} align="center" role="alert" style={{ marginBottom: 12 }}>
        <WarningFilled style={{ fontSize: 32, color: 'var(--ant-color-error, #ff4d4f)' }} aria-hidden />
        <div>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {t('found', { count: run.differenceCount })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('foundText', { when, count: run.creatorsChecked })}
            {run.differenceCount > differences.total && ` ${t('capped', { count: differences.total })}`}
          </Typography.Text>
        </div>
      </Flex>
      <Table<TReconciliationDifference>
        size="small"
        rowKey={(d) => `${d.check}-${d.userId}-${d.orderNo}-${d.payoutId}-${d.refundId}-${d.detail}`}
        columns={columns}
        dataSource={differences.list}
        loading={detail.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: pageNum,
          pageSize: DIFFERENCES_PAGE_SIZE,
          total: differences.total,
          hideOnSinglePage: true,
          onChange: setPageNum,
        }}
      />
    </Card>
  );
}
