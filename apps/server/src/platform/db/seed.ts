import { seedOperators, type OperatorSeedReport } from '../auth/operators.seed';
import { seedCountries } from '../../modules/countries/countries.seed';
import { seedConfigs } from '../../modules/configs/configs.seed';
import { seedDepts } from '../../modules/depts/depts.seed';
import { seedDicts } from '../../modules/dicts/dicts.seed';
import { seedMenus } from '../../modules/menus/menus.seed';
import type { AppDatabase } from './database';

export interface SeedReport {
  countries: number;
  operators: OperatorSeedReport;
  /** Departments inserted (the seeded operators without one are put in theirs). */
  depts: number;
  configs: number;
  /** Dictionaries inserted, each with its items. */
  dicts: number;
  /** Built-in console menus inserted (and granted to ADMIN). */
  menus: number;
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
      // After the operators: it places them in their departments.
      depts: await seedDepts(scoped),
      configs: await seedConfigs(scoped),
      dicts: await seedDicts(scoped),
      // After the operators: it grants what it inserts to their ADMIN role.
      menus: await seedMenus(scoped),
    };
  });
}
