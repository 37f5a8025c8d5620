import { BellOutlined } from '@ant-design/icons';
import { ZNoticeNews, type TNoticeNews } from '@linkstore/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Empty, Flex, List, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { routeKey } from '../http/call-route';
import { showLiveNotification } from '../realtime/live-notification';
import { useRealtime, useRealtimeConnected } from '../realtime/realtime';
import {
  myNoticesQuery,
  NOTICE_QUEUES,
  READ_STATE_ROUTES,
  unreadCountQuery,
  useReadAllNotices,
  type TNoticePaths,
} from './notices-api';
import styles from './notice-bell.module.css';

/** How many unread notices the bell's dropdown lists. */
export const BELL_SIZE = 5;

/**
 * The top bar's notice bell (console and studio): the unread count (not drawn at 0), a dropdown
 * with the latest unread notices, "Mark all read" and "View more". A notice published while the
 * page is open arrives live (`/user/queue/message`, `/topic/notice`): the count and the list are
 * read again and a notification says so. Each reconnect of the socket reads them again too.
 */
export function NoticeBell({ paths, className }: { paths: TNoticePaths; className?: string }) {
  const { t } = useTranslation('common');
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const count = useQuery(unreadCountQuery()).data?.count ?? 0;
  const latest = useQuery({
    ...myNoticesQuery({ pageNum: 1, pageSize: BELL_SIZE, isRead: '0' }),
    enabled: isOpen,
  });
  const readAll = useReadAllNotices();

  const readAgain = () => {
    for (const route of READ_STATE_ROUTES) void queryClient.invalidateQueries({ queryKey: routeKey(route) });
  };
  // What was published while the socket was down (a token renewal) arrives through the count.
  useRealtimeConnected(readAgain);

  const onNews = (body: unknown) => {
    const parsed = ZNoticeNews.safeParse(body);
    if (!parsed.success) return;
    const news: TNoticeNews = parsed.data;
    readAgain();
    showLiveNotification(notification, {
      key: `notice-${news.id}`,
      title: t('notices.live'),
      description: news.title,
      onClick: () => void navigate(paths.detail(news.id)),
    });
  };
  useRealtime(NOTICE_QUEUES[0], onNews);
  useRealtime(NOTICE_QUEUES[1], onNews);

  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };
  const items = latest.data?.list ?? [];

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={isOpen}
      onOpenChange={setOpen}
      title={t('notices.title')}
      content={
        <Flex vertical gap="small" className={styles.body}>
          {items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} />
          ) : (
            <List
              size="small"
              dataSource={items}
              renderItem={(item) => (
                <List.Item>
                  <Link
                    to={paths.detail(item.id)}
                    className={styles.item}
                    onClick={(event) => {
                      event.preventDefault();
                      go(paths.detail(item.id));
                    }}
                  >
                    <Typography.Text ellipsis>{item.title}</Typography.Text>
                    <Typography.Text type="secondary" className={styles.time}>
                      {item.publishTime}
                    </Typography.Text>
                  </Link>
                </List.Item>
              )}
            />
          )}
          <Flex justify="space-between" gap="small">
            <Button
              type="link"
              disabled={count === 0}
              loading={readAll.isPending}
              onClick={() => readAll.mutate()}
            >
              {t('notices.readAll')}
            </Button>
            <Button type="link" onClick={() => go(paths.list)}>
              {t('notices.viewMore')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Button type="text" className={className} aria-label={t('notices.label', { count })}>
        <Badge count={count} size="small" offset={[2, -2]}>
          <BellOutlined aria-hidden />
        </Badge>
      </Button>
    </Popover>
  );
}
