import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DictLabel } from '../dict/dict-label';
import { routeKey } from '../http/call-route';
import { RichTextView } from '../rich-text/rich-text-view';
import { noticeDetailQuery, READ_STATE_ROUTES, type TNoticePaths } from './notices-api';

/** One notice; opening it marks it read for the reader (the bell's count follows). */
export function NoticeDetailPage({ paths }: { paths: TNoticePaths }) {
  const { t } = useTranslation('common');
  const headingId = useId();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const isValidId = /^[1-9]\d{0,14}$/.test(id);
  const detail = useQuery({ ...noticeDetailQuery(id), enabled: isValidId, retry: false });
  const isLoaded = detail.isSuccess;
  useEffect(() => {
    // The server marked it read: the count and the lists are stale.
    if (!isLoaded) return;
    for (const route of READ_STATE_ROUTES) void queryClient.invalidateQueries({ queryKey: routeKey(route) });
  }, [isLoaded, queryClient]);

  const navigate = useNavigate();
  const back = <Button onClick={() => void navigate(paths.list)}>{t('notices.backToList')}</Button>;
  if (!isValidId || detail.isError) {
    return <Result status="404" title={t('notices.notFound')} extra={back} />;
  }
  const notice = detail.data;
  return (
    <Flex vertical gap={16} component="article" aria-labelledby={headingId}>
      {notice ? (
        <>
          <Typography.Title level={1} id={headingId} style={{ fontSize: 20, margin: 0 }}>
            {notice.title}
          </Typography.Title>
          <Flex gap="small" align="center" wrap>
            <DictLabel code="notice_type" value={notice.type} />
            <DictLabel code="notice_level" value={notice.level} />
            <Typography.Text type="secondary">
              {t('notices.byline', { name: notice.publisherName ?? '—', time: notice.publishTime ?? '' })}
            </Typography.Text>
          </Flex>
          <Card size="small">
            <RichTextView doc={notice.content} />
          </Card>
        </>
      ) : (
        <Skeleton active />
      )}
      <Flex>{back}</Flex>
    </Flex>
  );
}
