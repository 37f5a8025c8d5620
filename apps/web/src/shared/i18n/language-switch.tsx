import { GlobalOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { LANGUAGES, normalizeLanguage } from '@linkstore/contract';
import { useTranslation } from 'react-i18next';
import { useAppPreferences } from '../preferences/app-preferences-store';
import { applyLanguage, i18n } from './i18n';
import { LANGUAGE_NATIVE_NAMES } from './languages';

/**
 * Top-bar language menu: switches, persists, and confirms in the new language. `iconOnly`: the
 * globe alone (a phone's bar), the language still in the button's name.
 */
export function LanguageSwitch({ iconOnly = false, className }: { iconOnly?: boolean; className?: string }) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const language = useAppPreferences((state) => state.language);
  const setLanguage = useAppPreferences((state) => state.setLanguage);

  const onSelect = async (key: string) => {
    const next = normalizeLanguage(key);
    if (next === language) return;
    if (!(await applyLanguage(next))) return;
    setLanguage(next);
    // `t` of this render is bound to the old language; confirm in the new one.
    void message.success(i18n.getFixedT(next, 'common')('language.switch.success'));
  };

  const items: MenuProps['items'] = LANGUAGES.map((code) => ({
    key: code,
    label: <span lang={code === 'zh-cn' ? 'zh-CN' : code}>{LANGUAGE_NATIVE_NAMES[code]}</span>,
  }));

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, selectable: true, selectedKeys: [language], onClick: ({ key }) => void onSelect(key) }}
    >
      <Button
        type="text"
        className={className}
        icon={<GlobalOutlined aria-hidden />}
        aria-label={t('topBar.current', {
          label: t('language.switch.label'),
          value: LANGUAGE_NATIVE_NAMES[language],
        })}
      >
        {iconOnly ? null : LANGUAGE_NATIVE_NAMES[language]}
      </Button>
    </Dropdown>
  );
}
