import { type TMyNoticeItem } from '@linkstore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, List, Select, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DictLabel } from '../dict/dict-label';
import { myNoticesQuery, useReadAllNotices, type TNoticePaths } from './notices-api';

interface TFilters {
  title: string;
  isRead: '' | '0' | '1';
}
const NO_FILTERS: TFilters = { title: '', isRead: '' };
const PAGE_SIZE = 10;

/** "My notices": the caller's published notices, newest first, with what they have read. */
export function MyNoticesPage({ paths }: { paths: TNoticePaths }) {
  const { t } = useTranslation('common');
  const headingId = useId();
  const [filters, setFilters] = useState<TFilters>(NO_FILTERS);
  const [pageNum, setPageNum] = useState(1);
  const [form] = Form.useForm<TFilters>();
  const readAll = useReadAllNotices();
  const page = useQuery({
    ...myNoticesQuery({
      pageNum,
      pageSize: PAGE_SIZE,
      ...(filters.title ? { title: filters.title } : {}),
      ...(filters.isRead ? { isRead: filters.isRead } : {}),
    }),
    placeholderData: keepPreviousData,
  });

  const search = (values: TFilters) => {
    setFilters({ title: values.title.trim(), isRead: values.isRead });
    setPageNum(1);
  };

  return (
    <Flex vertical gap={16} component="section" aria-labelledby={headingId}>
      <Typography.Title level={1} id={headingId} style={{ fontSize: 20, margin: 0 }}>
        {t('notices.myTitle')}
      </Typography.Title>
      <Card size="small">
        <Form<TFilters> form={form} layout="inline" initialValues={NO_FILTERS} onFinish={search}>
          <Form.Item name="title" label={t('notices.field.title')}>
            <Input allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="isRead" label={t('notices.field.state')}>
            <Select
              style={{ minWidth: 140 }}
              options={[
                { value: '', label: t('notices.state.all') },
                { value: '0', label: t('notices.state.unread') },
                { value: '1', label: t('notices.state.read') },
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Flex gap="small" wrap>
              <Button type="primary" htmlType="submit">
                {t('notices.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  search(NO_FILTERS);
                }}
              >
                {t('notices.reset')}
              </Button>
            </Flex>
          </Form.Item>
        </Form>
      </Card>
      <Card
        size="small"
        extra={
          <Button loading={readAll.isPending} onClick={() => readAll.mutate()}>
            {t('notices.readAll')}
          </Button>
        }
        title={t('notices.total', { count: page.data?.total ?? 0 })}
      >
        <List<TMyNoticeItem>
          loading={page.isLoading}
          dataSource={page.data?.list ?? []}
          // antd's own empty text is too faint for WCAG AA.
          locale={{ emptyText: <Typography.Text type="secondary">{t('notices.empty')}</Typography.Text> }}
          pagination={{
            current: pageNum,
            pageSize: PAGE_SIZE,
            total: page.data?.total ?? 0,
            onChange: setPageNum,
            hideOnSinglePage: true,
            showSizeChanger: false,
          }}
          renderItem={(item) => (
            <List.Item>
              <Flex vertical gap={4} style={{ minWidth: 0, width: '100%' }}>
                <Flex gap="small" align="center" wrap>
                  <Link
                    to={paths.detail(item.id)}
                    style={{
                      fontWeight: item.isRead ? 400 : 600,
                      display: 'inline-flex',
                      alignItems: 'center',
                      minHeight: 44,
                    }}
                  >
                    {item.title}
                  </Link>
                  <Tag color={item.isRead ? 'default' : 'processing'}>
                    {item.isRead ? t('notices.state.read') : t('notices.state.unread')}
                  </Tag>
                </Flex>
                <Flex gap="small" align="center" wrap>
                  <DictLabel code="notice_type" value={item.type} size="small" />
                  <DictLabel code="notice_level" value={item.level} size="small" />
                  <Typography.Text type="secondary">
                    {t('notices.byline', { name: item.publisherName ?? '—', time: item.publishTime ?? '' })}
                  </Typography.Text>
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  );
}
