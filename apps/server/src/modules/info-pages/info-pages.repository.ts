import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { infoPages } from './info-pages.table';
import { stampNow } from '../../platform/db/stamp';

export type InfoPageRow = typeof infoPages.$inferSelect;

export function listInfoPages(db: AppDatabase): Promise<InfoPageRow[]> {
  return db.select().from(infoPages).orderBy(asc(infoPages.page), asc(infoPages.lang));
}

export async function findInfoPage(
  db: AppDatabase,
  page: string,
  lang: string,
): Promise<InfoPageRow | undefined> {
  const [row] = await db
    .select()
    .from(infoPages)
    .where(and(eq(infoPages.page, page), eq(infoPages.lang, lang)))
    .limit(1);
  return row;
}

/** The page's versions in these languages (a buyer's and the English one). */
export function findInfoPageVersions(db: AppDatabase, page: string, langs: string[]): Promise<InfoPageRow[]> {
  return db
    .select()
    .from(infoPages)
    .where(and(eq(infoPages.page, page), inArray(infoPages.lang, langs)));
}

/** Inserts or replaces one version. */
export async function upsertInfoPage(
  db: AppDatabase,
  page: string,
  lang: string,
  doc: string,
): Promise<InfoPageRow> {
  const now = stampNow();
  const [row] = await db
    .insert(infoPages)
    .values({ page, lang, doc, updatedAt: now })
    .onConflictDoUpdate({ target: [infoPages.page, infoPages.lang], set: { doc, updatedAt: now } })
    .returning();
  if (!row) throw new Error('information page not saved');
  return row;
}
