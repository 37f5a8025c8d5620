import { Card } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DemoFrame } from '../demo-frame';

/** Level 2 of the nested menus: a header, and the level-3 page inside it. */
export default function Level2Page() {
  const { t } = useTranslation('demos');
  return (
    <Card size="small">
      <DemoFrame level={2} title={t('multiLevel.level2')}>
        <Outlet />
      </DemoFrame>
    </Card>
  );
}
