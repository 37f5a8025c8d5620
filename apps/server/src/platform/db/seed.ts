import { seedCountries } from '../../modules/countries/countries.seed';
import type { AppDatabase } from './database';

export interface SeedReport {
  countries: number;
}

/** Idempotent: every step inserts only what is missing, so it runs on every start. */
export async function runSeed(db: AppDatabase): Promise<SeedReport> {
  return db.transaction(async (tx) => ({
    countries: await seedCountries(tx as unknown as AppDatabase),
  }));
}
