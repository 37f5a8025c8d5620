import { isRecord, readJson } from '../../shared/preferences/local-storage';
import { StorageKey } from '../../shared/preferences/storage-keys';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The default theme colour as the app paints it in each theme (`paintedPrimary`) and the text
 * on it (`textOnFill`), fixed here because computing them needs antd; a test keeps them equal.
 */
export const LANDING_COLORS = {
  light: { primary: '#3366cc', onPrimary: '#ffffff' },
  dark: { primary: '#689bff', onPrimary: 'rgba(0, 0, 0, 0.88)' },
} as const;

/** Light, dark, or the system's when the settings say `auto` (the app's own rule). */
export function isLandingDark(): boolean {
  const theme = readJson(StorageKey.settings, isRecord)?.theme;
  if (theme === 'dark') return true;
  if (theme !== 'auto') return false;
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

function paint(): void {
  const isDark = isLandingDark();
  const colors = LANDING_COLORS[isDark ? 'dark' : 'light'];
  const style = document.documentElement.style;
  style.setProperty('--linkstore-primary', colors.primary);
  style.setProperty('--linkstore-on-primary', colors.onPrimary);
  style.colorScheme = isDark ? 'dark' : 'light';
}

/**
 * The theme the settings keep, painted the way the app's theme provider does (colour scheme and
 * primary colour) without antd, and followed while the page shows. A theme colour an operator
 * picked in the settings drawer shows once the app runs. Returns the way to stop following.
 */
export function followLandingTheme(): () => void {
  paint();
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', paint);
  return () => query.removeEventListener('change', paint);
}
