import type { AppDatabase } from '../../platform/db/database';
import { configs } from './configs.table';

export const SEED_CONFIGS = [
  {
    key: 'IP_QPS_THRESHOLD_LIMIT',
    name: 'IP requests per second limit',
    value: '10',
    remark: 'Requests per second one IP address may make',
  },
] as const;

/** Inserts the settings that are missing (by key); operators' values stay as they are. */
export async function seedConfigs(db: AppDatabase): Promise<number> {
  const rows = await db
    .insert(configs)
    .values(SEED_CONFIGS.map((c) => ({ ...c })))
    .onConflictDoNothing({ target: configs.key })
    .returning({ id: configs.id });
  return rows.length;
}
