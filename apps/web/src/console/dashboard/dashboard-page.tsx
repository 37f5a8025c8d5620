import { Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../shared/session/user-store';
import { useOperatorName } from '../use-operator-name';
import { DashboardFigures } from './dashboard-figures';

/** The console home: who is signed in, then the figures their permissions let them read. */
export default function DashboardPage() {
  const { t } = useTranslation('console');
  const user = useUser((state) => state.info?.user);
  const name = useOperatorName();
  return (
    <section aria-labelledby="console-home-heading">
      <Typography.Title level={1} id="console-home-heading">
        {user ? t('dashboard.heading', { name }) : t('dashboard.headingAnonymous')}
      </Typography.Title>
      <Card>
        {user ? (
          <Descriptions column={1}>
            <Descriptions.Item label={t('dashboard.username')}>
              {user.username ?? user.email ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.roles')}>
              {user.roles.length > 0 ? (
                user.roles.map((role) => <Tag key={role}>{role}</Tag>)
              ) : (
                <Typography.Text type="secondary">{t('dashboard.noRoles')}</Typography.Text>
              )}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )}
      </Card>
      <DashboardFigures />
    </section>
  );
}
