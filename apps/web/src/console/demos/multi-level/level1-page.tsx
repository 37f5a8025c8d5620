import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DemoFrame } from '../demo-frame';

/** Level 1 of the nested menus: a header, and the level-2 page inside it. */
export default function Level1Page() {
  const { t } = useTranslation('demos');
  return (
    <DemoFrame title={t('multiLevel.level1')} intro={t('multiLevel.intro')}>
      <Outlet />
    </DemoFrame>
  );
}
