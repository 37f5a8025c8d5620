import { LoadingOutlined } from '@ant-design/icons';
import { App as AntdApp, ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { NotifierBridge } from '../http/notifier';
import { useAppPreferences } from '../preferences/app-preferences-store';
import { useSettings } from '../preferences/settings-store';
import { DEFAULT_ANTD_LOCALE, loadAntdLocale } from './antd-locale';
import { TABS_CONFIG } from './tabs-more';
import { systemDark, systemLessMotion } from './system-preference';
import { buildThemeConfig, COMPONENT_SIZES, paintedPrimary, resolveIsDark, textOnFill } from './theme-config';

/**
 * Buttons as written: antd inserts a space between two Chinese characters ("登 录"), which reads
 * as a mistake in Chinese and made the same word differ between buttons and text.
 *
 * Buttons' loading icon without antd's width animation. That animated icon is only removed on
 * `transitionend`, with no deadline; when a short loading ends before its enter animation has
 * got going (a quick refusal on a busy machine) the event never comes, and an invisible
 * `aria-label="loading"` icon stays in the button for good: its name becomes "loading Login"
 * (the console sign-in journey could not find its button again). A plain icon is just removed.
 */
const BUTTON_CONFIG = { autoInsertSpace: false, loadingIcon: <LoadingOutlined /> };

/** Ant Design's ConfigProvider and App, driven by the settings and app preferences. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSettings((state) => state.theme);
  const themeColor = useSettings((state) => state.themeColor);
  const size = useAppPreferences((state) => state.size);
  const language = useAppPreferences((state) => state.language);
  const isSystemDark = useSyncExternalStore(systemDark.subscribe, systemDark.matches);
  const reduceMotion = useSyncExternalStore(systemLessMotion.subscribe, systemLessMotion.matches);
  const isDark = resolveIsDark(theme, isSystemDark);
  const [locale, setLocale] = useState<Locale>(DEFAULT_ANTD_LOCALE);

  useEffect(() => {
    let isCurrent = true;
    loadAntdLocale(language).then(
      (loaded) => {
        if (isCurrent) setLocale(loaded);
      },
      () => undefined, // antd keeps its English texts if the chunk cannot load.
    );
    return () => {
      isCurrent = false;
    };
  }, [language]);

  const themeConfig = useMemo(
    () => buildThemeConfig(isDark, themeColor, { reduceMotion }),
    [isDark, themeColor, reduceMotion],
  );
  // The primary colour antd paints, readable in this theme; the setting keeps the operator's choice.
  const primary = useMemo(() => paintedPrimary(isDark, themeColor), [isDark, themeColor]);
  // The page behind everything: painted, not left to the browser's canvas (which axe-core and
  // other contrast checkers take for white even when the dark scheme draws it black).
  const page = useMemo(() => antdTheme.getDesignToken(themeConfig).colorBgContainer, [themeConfig]);

  useEffect(() => {
    document.documentElement.style.setProperty('--linkstore-page', page);
    document.documentElement.style.setProperty('--linkstore-primary', primary);
    document.documentElement.style.setProperty('--linkstore-on-primary', textOnFill(primary));
    document.documentElement.style.colorScheme = isDark ? 'dark' : 'light';
  }, [page, primary, isDark]);

  return (
    <ConfigProvider
      theme={themeConfig}
      componentSize={COMPONENT_SIZES[size]}
      locale={locale}
      button={BUTTON_CONFIG}
      tabs={TABS_CONFIG}
    >
      <AntdApp>
        <NotifierBridge />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}
