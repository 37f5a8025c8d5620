import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import type { TSize } from '../preferences/app-preferences-store';
import type { TTheme } from '../preferences/settings-store';

export const COMPONENT_SIZES: Record<TSize, SizeType> = { default: 'middle', large: 'large', small: 'small' };

/** `auto` follows the operating system's colour scheme. */
export function resolveIsDark(theme: TTheme, prefersDark: boolean): boolean {
  return theme === 'dark' || (theme === 'auto' && prefersDark);
}

export function buildThemeConfig(isDark: boolean, themeColor: string): ThemeConfig {
  return {
    algorithm: isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary: themeColor },
  };
}
