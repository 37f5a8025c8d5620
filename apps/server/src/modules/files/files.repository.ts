import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { files } from './files.table';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

export async function insertFile(db: AppDatabase, values: NewFileRow): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('file not inserted');
  return row;
}

export async function findFileById(db: AppDatabase, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

export async function findFileByKey(db: AppDatabase, storageKey: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.storageKey, storageKey)).limit(1);
  return row;
}

export async function deleteFileById(db: AppDatabase, id: string): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}
