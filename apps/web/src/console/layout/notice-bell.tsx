import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './console-layout.module.css';

/**
 * The navbar's notice bell. A placeholder until notices exist (a later issue): the count is 0,
 * the list is empty and "View all" leads nowhere yet. A zero count is not drawn (the button's
 * name still says "0 unread").
 */
export function NoticeBell() {
  const { t } = useTranslation('console');
  const count = 0;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('notices.title')}
      content={
        <Flex vertical gap="small" className={styles.noticeBody}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} />
          <Button type="link" block disabled>
            {t('notices.viewAll')}
          </Button>
        </Flex>
      }
    >
      <Button type="text" aria-label={t('notices.label', { count })}>
        <Badge count={count} size="small" offset={[2, -2]}>
          <BellOutlined aria-hidden />
        </Badge>
      </Button>
    </Popover>
  );
}
