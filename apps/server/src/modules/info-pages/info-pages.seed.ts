import { INFO_PAGE_KEYS, LANGUAGES, plainTextToDoc } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { SEED_INFO_PAGES } from './info-pages.seed-data';
import { infoPages } from './info-pages.table';

/** Inserts the versions that are missing; what operators wrote (or emptied) stays as it is. */
export async function seedInfoPages(db: AppDatabase): Promise<number> {
  const rows = await db
    .insert(infoPages)
    .values(
      INFO_PAGE_KEYS.flatMap((page) =>
        LANGUAGES.map((lang) => ({
          page,
          lang,
          doc: JSON.stringify(plainTextToDoc(SEED_INFO_PAGES[page][lang])),
        })),
      ),
    )
    .onConflictDoNothing({ target: [infoPages.page, infoPages.lang] })
    .returning({ page: infoPages.page });
  return rows.length;
}
