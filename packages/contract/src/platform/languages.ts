/** Interface languages, in the order the language switch shows them. */
export const LANGUAGES = ['en', 'es', 'pt', 'zh-cn', 'fr'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'en';

/** Maps any header or query value (`zh-CN`, `pt-BR`, `ES`) onto a supported language. */
export function normalizeLanguage(value: string | null | undefined): TLanguage {
  if (!value) return DEFAULT_LANGUAGE;
  const lower = value.trim().toLowerCase().replace('_', '-');
  if ((LANGUAGES as readonly string[]).includes(lower)) return lower as TLanguage;
  if (lower.startsWith('zh')) return 'zh-cn';
  const base = lower.split('-')[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as TLanguage) : DEFAULT_LANGUAGE;
}
