import { SettingOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Divider, Drawer, Flex, Radio, Segmented, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LAYOUTS,
  THEMES,
  useSettings,
  type TLayout,
  type TTheme,
} from '../../shared/preferences/settings-store';

/** Theme colour presets (console-api.md §5). */
export const THEME_COLOR_PRESETS = [
  '#4080FF',
  '#ff4500',
  '#ff8c00',
  '#90ee90',
  '#00ced1',
  '#1e90ff',
  '#c71585',
];

function SettingRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap="middle" style={{ marginBottom: 12 }}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/** The settings panel (SPEC.md §2): every choice is kept by the settings store. */
export function SettingsDrawer() {
  const { t } = useTranslation('console');
  const [isOpen, setOpen] = useState(false);
  const settings = useSettings();
  const change = settings.changeSetting;

  return (
    <>
      <Button
        type="text"
        icon={<SettingOutlined aria-hidden />}
        aria-label={t('settings.open')}
        onClick={() => setOpen(true)}
      />
      <Drawer title={t('settings.title')} open={isOpen} onClose={() => setOpen(false)} size={320}>
        <Divider titlePlacement="start">{t('settings.theme')}</Divider>
        <SettingRow label={t('settings.theme')}>
          <Segmented<TTheme>
            aria-label={t('settings.theme')}
            value={settings.theme}
            options={THEMES.map((value) => ({ value, label: t(`settings.themes.${value}`) }))}
            onChange={(value) => change('theme', value)}
          />
        </SettingRow>
        <SettingRow label={t('settings.themeColor')}>
          <ColorPicker
            aria-label={t('settings.themeColor')}
            value={settings.themeColor}
            disabledAlpha
            presets={[{ label: t('settings.themeColor'), colors: THEME_COLOR_PRESETS }]}
            onChangeComplete={(color) => change('themeColor', color.toHexString().slice(0, 7))}
          />
        </SettingRow>
        <Divider titlePlacement="start">{t('settings.interface')}</Divider>
        <SettingRow label={t('settings.sidebarLogo')}>
          <Switch
            aria-label={t('settings.sidebarLogo')}
            checked={settings.sidebarLogo}
            onChange={(value) => change('sidebarLogo', value)}
          />
        </SettingRow>
        <SettingRow label={t('settings.watermark')}>
          <Switch
            aria-label={t('settings.watermark')}
            checked={settings.watermarkEnabled}
            onChange={(value) => change('watermarkEnabled', value)}
          />
        </SettingRow>
        <Divider titlePlacement="start">{t('settings.navigation')}</Divider>
        <Radio.Group
          aria-label={t('settings.navigation')}
          value={settings.layout}
          onChange={(event) => change('layout', event.target.value as TLayout)}
          options={LAYOUTS.map((value) => ({ value, label: t(`settings.layouts.${value}`) }))}
        />
      </Drawer>
    </>
  );
}
