import { normalizeLanguage, type TLanguage } from '@linkstore/contract';

export interface TStartupQuery {
  language?: TLanguage;
  userSource?: string;
  pageSource?: string;
}

/**
 * Reads `lang`, `user_source` and `page_source` from the query inside the hash
 * (`#/login?lang=es&user_source=tiktok`), as shared links carry them.
 */
export function readStartupQuery(hash: string): TStartupQuery {
  const queryStart = hash.indexOf('?');
  if (queryStart === -1) return {};
  const query = new URLSearchParams(hash.slice(queryStart + 1));
  const result: TStartupQuery = {};
  const lang = query.get('lang');
  if (lang) result.language = normalizeLanguage(lang);
  const userSource = query.get('user_source');
  if (userSource !== null) result.userSource = userSource;
  const pageSource = query.get('page_source');
  if (pageSource !== null) result.pageSource = pageSource;
  return result;
}
