import { PlayCircleOutlined } from '@ant-design/icons';
import {
  jobsRoutes,
  QUEUED_JOB_NAMES,
  SCHEDULED_JOB_NAMES,
  type TJobRun,
  type TScheduledJob,
} from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoment } from '../../shared/format/use-format';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { CONSOLE_TABLE_LAYOUT, consoleColumns } from '../shared/table-layout';
import { useFocusableScroll } from '../shared/use-focusable-scroll';
import { usePagedList } from '../shared/use-paged-list';
import { jobListQuery, useRunJobNow } from './api';
import styles from './jobs-page.module.css';

/** The jobs the console knows by name; another shows its own name. */
const KNOWN_JOBS: readonly string[] = [...SCHEDULED_JOB_NAMES, ...QUEUED_JOB_NAMES];

/** "Every 2 s", "Every 10 min", "Every 24 h" in the operator's language. */
function useEvery(): (ms: number) => string {
  const { t, i18n } = useTranslation('system');
  return (ms) => {
    const [value, unit] =
      ms % 3_600_000 === 0
        ? [ms / 3_600_000, 'hour']
        : ms % 60_000 === 0
          ? [ms / 60_000, 'minute']
          : [ms / 1000, 'second'];
    const amount = new Intl.NumberFormat(i18n.language, { style: 'unit', unit, unitDisplay: 'short' }).format(
      value,
    );
    return t('jobs.every', { amount });
  };
}

/**
 * System › Scheduled jobs: each background job of the cluster with its period, last run
 * (when, how long, how it ended) and next run; "Run now" for those allowed; every failed run
 * with its error, newest first.
 */
export default function JobsPage() {
  const { t, i18n } = useTranslation('system');
  const { message } = App.useApp();
  const list = useQuery(jobListQuery);
  const failures = usePagedList(jobsRoutes.failures, {});
  const run = useRunJobNow();
  const moment = useMoment();
  const every = useEvery();
  const scrollBox = useFocusableScroll<HTMLDivElement>();
  const label = (name: string) => (KNOWN_JOBS.includes(name) ? t(`jobs.name.${name}`) : name);
  const duration = (ms: number | null) =>
    ms === null
      ? '—'
      : new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'millisecond' }).format(ms);
  const outcome = (r: TJobRun | null) =>
    r === null ? (
      <Tag>{t('jobs.outcome.never')}</Tag>
    ) : (
      <Tag color={r.outcome === 'success' ? 'success' : r.outcome === 'failure' ? 'error' : 'processing'}>
        {t(`jobs.outcome.${r.outcome}`)}
      </Tag>
    );

  const runNow = (job: TScheduledJob) =>
    run.mutate(job.name, {
      onSuccess: (answer) => {
        if (answer.started) void message.success(t('jobs.runStarted', { name: label(job.name) }));
        else void message.info(t('jobs.alreadyRunning', { name: label(job.name) }));
      },
    });

  const columns: TableColumnsType<TScheduledJob> = [
    {
      title: t('jobs.field.name'),
      dataIndex: 'name',
      render: (name: string) => (
        <Flex vertical>
          <span>{label(name)}</span>
          <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
            {name}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('jobs.field.schedule'), dataIndex: 'everyMs', render: every },
    {
      title: t('jobs.field.lastRun'),
      key: 'lastRun',
      render: (_: unknown, job) => moment(job.lastRun?.startedAt ?? null),
    },
    {
      title: t('jobs.field.duration'),
      key: 'duration',
      align: 'right',
      render: (_: unknown, job) => duration(job.lastRun?.durationMs ?? null),
    },
    {
      title: t('jobs.field.outcome'),
      key: 'outcome',
      render: (_: unknown, job) =>
        job.running ? <Tag color="processing">{t('jobs.outcome.running')}</Tag> : outcome(job.lastRun),
    },
    { title: t('jobs.field.nextRun'), dataIndex: 'nextRunAt', render: moment },
  ];
  const actionsColumn = useActionsColumn<TScheduledJob>([
    {
      route: jobsRoutes.runNow,
      render: (job) => (
        <Tooltip title={t('jobs.runNow')} trigger={['hover', 'focus']}>
          <Button
            type="link"
            className={styles.tapTarget}
            icon={<PlayCircleOutlined aria-hidden />}
            aria-label={t('jobs.runNowOf', { name: label(job.name) })}
            disabled={job.running || (run.isPending && run.variables === job.name)}
            onClick={() => runNow(job)}
          />
        </Tooltip>
      ),
    },
  ]);

  const failureColumns: TableColumnsType<TJobRun> = [
    { title: t('jobs.field.startedAt'), dataIndex: 'startedAt', render: moment },
    { title: t('jobs.field.name'), dataIndex: 'job', render: label },
    {
      title: t('jobs.field.trigger'),
      dataIndex: 'trigger',
      render: (trigger: TJobRun['trigger'], r) =>
        trigger === 'queue' ? t('jobs.trigger.queue', { attempt: r.attempt }) : t(`jobs.trigger.${trigger}`),
    },
    { title: t('jobs.field.duration'), dataIndex: 'durationMs', align: 'right', render: duration },
    {
      title: t('jobs.field.error'),
      dataIndex: 'error',
      render: (error: string | null) => <span className={styles.error}>{error ?? '—'}</span>,
    },
  ];

  const queue = list.data?.queue;
  return (
    <Flex vertical gap={16} component="section" aria-labelledby="jobs-title">
      <Typography.Title level={1} id="jobs-title" style={{ fontSize: 20, margin: 0 }}>
        {t('jobs.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('jobs.intro')}
      </Typography.Paragraph>
      <Card
        size="small"
        title={
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {t('jobs.scheduled')}
          </Typography.Title>
        }
      >
        <div ref={scrollBox}>
          <Table<TScheduledJob>
            {...CONSOLE_TABLE_LAYOUT}
            rowKey="name"
            columns={consoleColumns([...columns, ...actionsColumn])}
            dataSource={list.data?.jobs ?? []}
            loading={list.isFetching}
            pagination={false}
          />
        </div>
        {queue && (
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }} role="status">
            {t('jobs.queue', { waiting: queue.waiting, failed: queue.failed })}
          </Typography.Paragraph>
        )}
      </Card>
      <Card
        size="small"
        title={
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {t('jobs.failures')}
          </Typography.Title>
        }
      >
        <PagedTable<TJobRun> list={failures} rowKey="id" columns={failureColumns} />
      </Card>
    </Flex>
  );
}
