import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  ColorPicker,
  Divider,
  Drawer,
  Flex,
  Radio,
  Segmented,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import {
  LAYOUTS,
  THEMES,
  useSettings,
  type TLayout,
  type TTheme,
} from '../../shared/preferences/settings-store';
import styles from './console-layout.module.css';

/** Theme colour presets. */
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

/** The presets as a row of swatches (one click each); the picker beside them takes any colour. */
function ColorSwatches({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const { t } = useTranslation('console');
  return (
    <Flex
      wrap
      gap={6}
      role="radiogroup"
      aria-label={t('settings.themeColorPresets')}
      className={styles.swatches}
    >
      {THEME_COLOR_PRESETS.map((color) => {
        const isChecked = color.toLowerCase() === value.toLowerCase();
        return (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={isChecked}
            aria-label={color}
            title={color}
            className={styles.swatch}
            style={{ background: color }}
            onClick={() => onChange(color)}
          >
            {isChecked && <CheckOutlined aria-hidden />}
          </button>
        );
      })}
    </Flex>
  );
}

/**
 * The settings panel: theme, theme colour, tags view, sidebar
 * logo, watermark and navigation layout; every choice is kept by the settings store (localStorage
 * `settings` key). Hidden when the settings' `showSettings` is off.
 */
export function SettingsDrawer() {
  const { t } = useTranslation('console');
  const [isOpen, setOpen] = useState(false);
  const settings = useSettings();
  const change = settings.changeSetting;
  // A phone always has the side drawer (console-layout): a top or mix layout waits for a wider screen.
  const isMobile = useAppPreferences((state) => state.device === 'mobile');
  if (!settings.showSettings) return null;
  const isLayoutOffOnPhone = isMobile && settings.layout !== 'left';

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
            value={settings.themeColor}
            disabledAlpha
            presets={[{ label: t('settings.themeColor'), colors: THEME_COLOR_PRESETS }]}
            onChangeComplete={(color) => change('themeColor', color.toHexString().slice(0, 7))}
          >
            {/* A real button as the trigger (antd's is a div, which cannot carry a name). */}
            <Button
              aria-label={t('settings.themeColorCurrent', { value: settings.themeColor })}
              icon={
                <span
                  aria-hidden
                  className={styles.swatchSample}
                  style={{ background: settings.themeColor }}
                />
              }
            >
              {settings.themeColor}
            </Button>
          </ColorPicker>
        </SettingRow>
        <ColorSwatches value={settings.themeColor} onChange={(color) => change('themeColor', color)} />
        <Divider titlePlacement="start">{t('settings.interface')}</Divider>
        <SettingRow label={t('settings.tagsView')}>
          <Switch
            aria-label={t('settings.tagsView')}
            checked={settings.tagsView}
            onChange={(value) => change('tagsView', value)}
          />
        </SettingRow>
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
        {isLayoutOffOnPhone && (
          <Alert
            type="info"
            showIcon
            role="status"
            style={{ marginTop: 12 }}
            title={t('settings.layoutOnPhone', { layout: t(`settings.layouts.${settings.layout}`) })}
          />
        )}
      </Drawer>
    </>
  );
}
