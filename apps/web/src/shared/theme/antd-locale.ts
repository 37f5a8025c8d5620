import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { TLanguage } from '@linkstore/contract';

/**
 * antd's own texts (pagination, pickers, empty states). English is antd's built-in default and is
 * passed explicitly: ConfigProvider wraps its children differently with and without a locale,
 * so going from none to one would remount the page and lose what the user typed.
 */
export const DEFAULT_ANTD_LOCALE: Locale = enUS;

const loaders: Record<Exclude<TLanguage, 'en'>, () => Promise<Locale>> = {
  es: () => import('antd/es/locale/es_ES').then((module) => module.default),
  pt: () => import('antd/es/locale/pt_BR').then((module) => module.default),
  'zh-cn': () => import('antd/es/locale/zh_CN').then((module) => module.default),
  fr: () => import('antd/es/locale/fr_FR').then((module) => module.default),
};

export async function loadAntdLocale(language: TLanguage): Promise<Locale> {
  return language === 'en' ? enUS : loaders[language]();
}
