import { ColumnHeightOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { SIZES, useAppPreferences, type TSize } from '../../shared/preferences/app-preferences-store';

/** Layout size (default, large, small): switches, persists and confirms. */
export function SizeSwitch() {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const size = useAppPreferences((state) => state.size);
  const setSize = useAppPreferences((state) => state.setSize);

  const items: MenuProps['items'] = SIZES.map((key) => ({ key, label: t(`navbar.size.${key}`) }));
  const onSelect = (key: string) => {
    if (key === size || !(SIZES as readonly string[]).includes(key)) return;
    setSize(key as TSize);
    void message.success(t('navbar.size.success'));
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, selectable: true, selectedKeys: [size], onClick: ({ key }) => onSelect(key) }}
    >
      <Button type="text" icon={<ColumnHeightOutlined aria-hidden />} aria-label={t('navbar.size.label')} />
    </Dropdown>
  );
}
