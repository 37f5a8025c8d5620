import { EllipsisOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** Read by screen readers and accessibility checkers, not drawn. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/**
 * What antd's Tabs draw in their overflow ("more") button: the ellipsis, and the button's name
 * as text ("More tabs"). antd gives that button no name of its own and no way to set one, only
 * its content (HTML_CodeSniffer: a button with no accessible name).
 */
export function TabsMoreIcon() {
  const { t } = useTranslation('common');
  return (
    <>
      <EllipsisOutlined aria-hidden />
      <span style={VISUALLY_HIDDEN}>{t('tabs.more')}</span>
    </>
  );
}

/** The ConfigProvider's `tabs`: every Tabs of the app, in every area, gets the named button. */
export const TABS_CONFIG = { more: { icon: <TabsMoreIcon /> } };
