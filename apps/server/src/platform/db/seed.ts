import { seedOperators, type OperatorSeedReport } from '../auth/operators.seed';
import { seedCountries } from '../../modules/countries/countries.seed';
import type { AppDatabase } from './database';

export interface SeedReport {
  countries: number;
  operators: OperatorSeedReport;
}

export interface SeedOptions {
  seedPassword?: string | undefined;
  dataDir?: string | undefined;
}

/** Idempotent: every step inserts only what is missing, so it runs on every start. */
export async function runSeed(db: AppDatabase, options: SeedOptions = {}): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    const scoped = tx as unknown as AppDatabase;
    return {
      countries: await seedCountries(scoped),
      operators: await seedOperators(scoped, options),
    };
  });
}
