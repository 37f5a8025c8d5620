import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../shared/session/user-store';
import { PageHeading } from '../layout/page-heading';
import { myShopQuery } from '../shop/api';
import { SuspensionBanner } from '../shop/suspension-banner';
import { greetingName } from './greeting';
import { Dashboard } from './dashboard';
import { QuickStart } from './quick-start-card';
import styles from './home-page.module.css';

/** The signed-in landing page: greeting, the quick start until it is done, then the dashboard. */
export function HomePage() {
  const { t } = useTranslation('studio');
  const info = useUser((state) => state.info);
  const shopName = useQuery(myShopQuery).data?.name;
  const name = greetingName({ nickname: info?.user.nickname, email: info?.user.email, shopName });
  return (
    <div className={styles.page}>
      <PageHeading>{t('home.dashboard.heading')}</PageHeading>
      <SuspensionBanner />
      <Typography.Paragraph>
        {name ? t('home.dashboard.greeting', { name }) : t('home.dashboard.text')}
      </Typography.Paragraph>
      <QuickStart />
      <Dashboard />
    </div>
  );
}
