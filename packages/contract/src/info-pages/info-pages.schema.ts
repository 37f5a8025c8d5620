import { z } from 'zod';
import { LANGUAGES } from '../platform/languages';
import { ZRichDoc } from '../platform/rich-text';
import { INFO_PAGE_KEYS } from './info-page-keys';

export const ZInfoPageKey = z.enum(INFO_PAGE_KEYS);
export const ZInfoPageLanguage = z.enum(LANGUAGES);

export const ZInfoPageParams = z.object({ page: ZInfoPageKey });
export type TInfoPageParams = z.infer<typeof ZInfoPageParams>;

/** One page in one language: `/system/info-pages/returns/es`. */
export const ZInfoPageVersionParams = z.object({ page: ZInfoPageKey, lang: ZInfoPageLanguage });
export type TInfoPageVersionParams = z.infer<typeof ZInfoPageVersionParams>;

/**
 * One page's text in one language as an operator edits it. `updateTime` (`yyyy-MM-dd HH:mm:ss`,
 * UTC) is null when the language has no version yet: the document is then empty, and buyers
 * reading in that language are shown the English one.
 */
export const ZInfoPageForm = z.object({
  page: ZInfoPageKey,
  lang: ZInfoPageLanguage,
  doc: ZRichDoc,
  updateTime: z.string().nullable(),
});
export type TInfoPageForm = z.infer<typeof ZInfoPageForm>;

/** Saving a version: an empty document removes it (buyers then read the English one). */
export const ZInfoPageRequest = z.object({ doc: ZRichDoc });
export type TInfoPageRequest = z.infer<typeof ZInfoPageRequest>;

/** Every page with the languages it has a version in, and when each was last saved. */
export const ZInfoPageSummary = z.object({
  page: ZInfoPageKey,
  versions: z.array(z.object({ lang: ZInfoPageLanguage, updateTime: z.string() })),
});
export const ZInfoPageList = z.array(ZInfoPageSummary);
export type TInfoPageList = z.infer<typeof ZInfoPageList>;

/**
 * A page as a buyer reads it: in the asked language, or in English when that language has no
 * version (`lang` says which one is shown).
 */
export const ZPublicInfoPage = z.object({
  page: ZInfoPageKey,
  lang: ZInfoPageLanguage,
  doc: ZRichDoc,
});
export type TPublicInfoPage = z.infer<typeof ZPublicInfoPage>;
