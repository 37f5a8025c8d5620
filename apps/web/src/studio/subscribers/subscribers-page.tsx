import { DownloadOutlined } from '@ant-design/icons';
import type { TSubscriber } from '@linkstore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Pagination, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDay } from '../../shared/format/use-format';
import { LANGUAGE_NATIVE_NAMES } from '../../shared/i18n/languages';
import { useIsPhone } from '../../shared/layout/use-is-phone';
import { PageHeading } from '../layout/page-heading';
import { subscribersQuery, useExportSubscribers } from './api';
import styles from './subscribers-page.module.css';

const PAGE_SIZE = 20;

/**
 * `#/subscribers`: the buyers who ticked "Email me news and offers" at checkout and have not
 * unsubscribed (the creator's own shop's only), a page at a time, and their export as CSV.
 */
export function SubscribersPage() {
  const { t } = useTranslation('subscribers');
  const [page, setPage] = useState({ pageNum: 1, pageSize: PAGE_SIZE });
  const subscribers = useQuery({
    ...subscribersQuery(page.pageNum, page.pageSize),
    placeholderData: keepPreviousData,
  });
  const total = subscribers.data?.total ?? 0;
  return (
    <>
      <PageHeading>{t('title')}</PageHeading>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {subscribers.data?.total === 0 ? (
        <Empty
          className={styles.empty}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Title level={2} className={styles.emptyTitle}>
                {t('empty.title')}
              </Typography.Title>
              <Typography.Paragraph>{t('empty.text')}</Typography.Paragraph>
            </>
          }
        />
      ) : (
        <>
          <div className={styles.toolbar}>
            <ExportButton />
          </div>
          <SubscriberList
            subscribers={subscribers.data?.list ?? []}
            total={total}
            isLoading={subscribers.isPending || subscribers.isPlaceholderData}
            page={page}
            onPage={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
          />
        </>
      )}
    </>
  );
}

/** "Export CSV": every subscriber, saved by the browser; its button spins while the file is made. */
function ExportButton() {
  const { t } = useTranslation('subscribers');
  const { t: studio } = useTranslation('studio');
  const exporting = useExportSubscribers();
  return (
    <div role="group" aria-label={t('exportLabel')}>
      <Button
        className={styles.tap}
        icon={<DownloadOutlined aria-hidden />}
        loading={exporting.isPending}
        onClick={() => exporting.mutate()}
      >
        {studio('exports.csv')}
      </Button>
    </div>
  );
}

interface TListProps {
  subscribers: TSubscriber[];
  total: number;
  isLoading: boolean;
  page: { pageNum: number; pageSize: number };
  onPage: (pageNum: number, pageSize: number) => void;
}

/** A table on wide screens, a card per subscriber below 768 px. */
function SubscriberList(props: TListProps) {
  return useIsPhone() ? <SubscriberCards {...props} /> : <SubscriberTable {...props} />;
}

function SubscriberTable({ subscribers, total, isLoading, page, onPage }: TListProps) {
  const { t } = useTranslation('subscribers');
  const day = useDay();
  const columns: TableColumnsType<TSubscriber> = [
    {
      title: t('column.email'),
      dataIndex: 'email',
      render: (email: string) => <span className={styles.email}>{email}</span>,
    },
    { title: t('column.since'), key: 'since', render: (_, row) => day(row.since) },
    { title: t('column.language'), key: 'language', render: (_, row) => LANGUAGE_NATIVE_NAMES[row.language] },
  ];
  return (
    <Table<TSubscriber>
      rowKey="email"
      size="middle"
      columns={columns}
      dataSource={subscribers}
      loading={isLoading}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total,
        showTotal: (count) => t('total', { count }),
        onChange: onPage,
      }}
    />
  );
}

function SubscriberCards({ subscribers, total, isLoading, page, onPage }: TListProps) {
  const { t } = useTranslation('subscribers');
  const day = useDay();
  if (subscribers.length === 0) return isLoading ? <Spin /> : null;
  return (
    <Spin spinning={isLoading}>
      <ul className={styles.cards} aria-label={t('title')}>
        {subscribers.map((row) => (
          <li key={row.email} className={styles.card}>
            <Typography.Text strong>{row.email}</Typography.Text>
            <Typography.Text type="secondary" className={styles.detail}>
              {t('card', { day: day(row.since), language: LANGUAGE_NATIVE_NAMES[row.language] })}
            </Typography.Text>
          </li>
        ))}
      </ul>
      <Pagination
        className={styles.pagination}
        simple
        current={page.pageNum}
        pageSize={page.pageSize}
        total={total}
        showTotal={(count) => t('total', { count })}
        onChange={onPage}
      />
    </Spin>
  );
}
