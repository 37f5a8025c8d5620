import { LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TopBar } from '../../shared/layout/top-bar';
import { useSession } from '../../shared/session/session-store';
import styles from './home-page.module.css';

/** The signed-in landing page; the dashboard arrives with its own issue. */
export function HomePage() {
  const { t } = useTranslation('studio');
  const { t: tCommon } = useTranslation('common');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const clearTokens = useSession((state) => state.clearTokens);
  const queryClient = useQueryClient();

  const onLogout = () => {
    clearTokens();
    queryClient.clear();
    void message.success(tCommon('session.logout.success'));
    void navigate('/login');
  };

  return (
    <>
      <TopBar
        actions={
          <Button icon={<LogoutOutlined aria-hidden />} onClick={onLogout}>
            {tCommon('session.logout.action')}
          </Button>
        }
      />
      <main className={styles.main}>
        <Typography.Title level={1}>{t('home.dashboard.heading')}</Typography.Title>
        <Typography.Paragraph>{t('home.dashboard.text')}</Typography.Paragraph>
      </main>
    </>
  );
}
