import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * An English column or any of its translations matches an `ilike` pattern. Only the texts are
 * searched, never the language codes (a search for "es" must not find every translated row).
 */
export const textMatches = (english: AnyColumn, translated: AnyColumn, pattern: string): SQL =>
  sql`(${english} ilike ${pattern} or exists (select 1 from jsonb_each_text(${translated}) as t(lang, text) where t.text ilike ${pattern}))`;

/** A translated text in `lang`, English (the column) when that translation is missing or empty. */
export const inLanguage = (translations: AnyColumn, english: AnyColumn, lang: string) =>
  sql<string>`coalesce(nullif(${translations} ->> ${lang}, ''), ${english})`;
