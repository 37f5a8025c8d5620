import { logsRoutes, type TLogItem } from '@linkstore/contract';
import { FileSearchOutlined } from '@ant-design/icons';
import { DatePicker, Form, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../shared/crud-page';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { KeywordsFilter, SearchBar } from '../shared/search-bar';
import { usePagedList } from '../shared/use-paged-list';
import { LogDetailDialog } from './log-detail-dialog';
import { LogTextView } from './log-text-view';

type TDay = { format: (pattern: string) => string };

interface TSearchValues {
  keywords: string;
  module: string;
  status: 'success' | 'failure' | undefined;
  days?: [TDay, TDay] | null;
}

const INITIAL_SEARCH: TSearchValues = { keywords: '', module: '', status: undefined, days: null };

/** Operation logs: every change made through the API and every sign-in, newest first. */
export default function LogPage() {
  const { t, i18n } = useTranslation('system');
  const list = usePagedList(logsRoutes.page, { keywords: '', module: '' });
  const [detail, setDetail] = useState<TLogItem>();
  const actionsColumn = useActionsColumn<TLogItem>([
    {
      route: logsRoutes.page,
      label: t('logs.action.detail'),
      icon: <FileSearchOutlined aria-hidden />,
      ariaLabel: (log) => t('logs.action.detailOf', { time: log.createTime }),
      onClick: setDetail,
    },
  ]);

  const search = (values: TSearchValues) => {
    const days = values.days;
    list.search({
      keywords: values.keywords,
      module: values.module.trim(),
      status: values.status,
      startDate: days ? days[0].format('YYYY-MM-DD') : undefined,
      endDate: days ? days[1].format('YYYY-MM-DD') : undefined,
    });
  };

  const columns: TableColumnsType<TLogItem> = [
    { title: t('logs.field.createTime'), dataIndex: 'createTime', width: 170 },
    {
      title: t('logs.field.operator'),
      dataIndex: 'operator',
      render: (operator: string) => operator || '—',
    },
    { title: t('logs.field.module'), dataIndex: 'module' },
    {
      title: t('logs.field.content'),
      dataIndex: 'content',
      render: (content: string) => <LogTextView text={content} />,
    },
    {
      title: t('logs.field.request'),
      key: 'request',
      render: (_: unknown, log) => (
        <Typography.Text code>
          {log.method} {log.requestUri}
        </Typography.Text>
      ),
    },
    {
      title: t('logs.field.result'),
      key: 'result',
      render: (_: unknown, log) => (
        <Tag color={log.success ? 'success' : 'error'}>
          {log.success ? t('logs.status.success') : t('logs.status.failure')} {log.resultCode || log.status}
        </Tag>
      ),
    },
    { title: t('logs.field.ip'), dataIndex: 'ip' },
    {
      title: t('logs.field.client'),
      key: 'client',
      render: (_: unknown, log) => `${log.browser} · ${log.os}`,
    },
    {
      title: t('logs.field.executionTime'),
      dataIndex: 'executionTime',
      align: 'right',
      render: (ms: number) =>
        new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'millisecond' }).format(ms),
    },
  ];

  return (
    <CrudPage
      title={t('logs.title')}
      search={
        <SearchBar<TSearchValues> initialValues={INITIAL_SEARCH} onSearch={search}>
          <KeywordsFilter
            placeholder={t('logs.search.keywordsPlaceholder')}
            style={{ width: 220, maxWidth: '100%' }}
          />
          <Form.Item name="module" label={t('logs.field.module')}>
            <Input placeholder={t('logs.search.modulePlaceholder')} allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="status" label={t('logs.field.result')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('logs.search.statusPlaceholder')}
              options={[
                { value: 'success', label: t('logs.status.success') },
                { value: 'failure', label: t('logs.status.failure') },
              ]}
            />
          </Form.Item>
          <Form.Item name="days" label={t('logs.search.days')} style={{ maxWidth: '100%' }}>
            <DatePicker.RangePicker
              placeholder={[t('logs.search.startDate'), t('logs.search.endDate')]}
              style={{ width: 230, maxWidth: '100%' }}
            />
          </Form.Item>
        </SearchBar>
      }
    >
      <PagedTable<TLogItem> list={list} rowKey="id" columns={[...columns, ...actionsColumn]} />
      <LogDetailDialog log={detail} onClose={() => setDetail(undefined)} />
    </CrudPage>
  );
}
