import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../shared/session/user-store';
import { SuspensionBanner } from '../shop/suspension-banner';
import { QuickStart } from './quick-start-card';
import styles from './home-page.module.css';

/** The signed-in landing page: greeting and quick start; the dashboard arrives with its own issue. */
export function HomePage() {
  const { t } = useTranslation('studio');
  const nickname = useUser((state) => state.info?.user.nickname);
  return (
    <div className={styles.page}>
      <Typography.Title level={1}>{t('home.dashboard.heading')}</Typography.Title>
      <SuspensionBanner />
      <Typography.Paragraph>
        {nickname ? t('home.dashboard.greeting', { name: nickname }) : t('home.dashboard.text')}
      </Typography.Paragraph>
      <QuickStart />
    </div>
  );
}
