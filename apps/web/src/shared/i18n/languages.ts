import type { TLanguage } from '@linkstore/contract';

/** Each language named in itself, as the language switch shows it. */
export const LANGUAGE_NATIVE_NAMES: Record<TLanguage, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  'zh-cn': '简体中文',
  fr: 'Français',
};

/** BCP 47 tag for the html `lang` attribute. */
export const LANGUAGE_TAGS: Record<TLanguage, string> = {
  en: 'en',
  es: 'es',
  pt: 'pt',
  'zh-cn': 'zh-CN',
  fr: 'fr',
};
