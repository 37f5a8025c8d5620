import { seedOperators, type OperatorSeedReport } from './platform/auth/operators.seed';
import { seedCountries } from './modules/countries/countries.seed';
import { seedShipping } from './modules/shipping/shipping.seed';
import { seedConfigs } from './modules/configs/configs.seed';
import { seedDepts } from './modules/depts/depts.seed';
import { seedDicts } from './modules/dicts/dicts.seed';
import { seedMenus } from './modules/menus/menus.seed';
import { seedInfoPages } from './modules/info-pages/info-pages.seed';
import { seedTaxRates } from './modules/taxes/taxes.seed';
import { seedCatalogue, seededRandom, type CatalogueSeedReport } from './modules/catalog/catalog.seed';
import { seedDemoOrders } from './modules/orders/demo-orders.seed';
import { DEMO_EMAIL, seedDemoShop, type DemoSeedReport } from './modules/shops/demo-shop.seed';
import type { FileStorage } from './platform/storage/storage';
import type { AppDatabase } from './platform/db/database';
import { withTransaction } from './platform/db/transaction';

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
  /** Information page versions (page × language) inserted. */
  infoPages: number;
  /** Only when asked for (`demo` option): the sample catalogue and the demo creator's shop. */
  catalogue?: CatalogueSeedReport;
  /**
   * With the catalogue, the countries it ships to: shipping zones inserted (each with its methods,
   * only on an install that never had one) and tax rates (by country, region and first day).
   */
  shipping?: number;
  taxRates?: number;
  demo?: DemoSeedReport;
  /** Orders inserted in the demo shop (only while it has none). */
  demoOrders?: number;
}

export interface SeedOptions {
  seedPassword?: string | undefined;
  dataDir?: string | undefined;
  /**
   * Also seed the sample catalogue and the demo creator (the embedded default, or SEED_DEMO=true),
   * with their drawn images put in this storage. Tests leave it out: their template database
   * stays without a catalogue, and only catalog.seed.test.ts pays for one.
   */
  demo?: { storage: FileStorage } | undefined;
}

/** Fixed, so every install gets the same demo orders (dated relative to the day it starts). */
const DEMO_ORDERS_SEED = 6_112_026;

/** Idempotent: every step inserts only what is missing, so it runs on every start. */
export async function runSeed(db: AppDatabase, options: SeedOptions = {}): Promise<SeedReport> {
  const base = await withTransaction(db, async (scoped) => {
    return {
      countries: await seedCountries(scoped),
      operators: await seedOperators(scoped, options),
      // After the operators: it places them in their departments.
      depts: await seedDepts(scoped),
      configs: await seedConfigs(scoped),
      dicts: await seedDicts(scoped),
      // After the operators: it grants what it inserts to their ADMIN role.
      menus: await seedMenus(scoped),
      infoPages: await seedInfoPages(scoped),
    };
  });
  if (!options.demo) return base;
  const { storage } = options.demo;
  // Separate transactions: the operators are kept even if drawing the catalogue fails.
  const catalogue = await withTransaction(db, (tx) => seedCatalogue(tx, storage));
  // Without zones a platform ships everywhere, untaxed (decision 0056): the demo sells as a real shop.
  const commerce = await withTransaction(db, async (tx) => ({
    shipping: await seedShipping(tx),
    taxRates: await seedTaxRates(tx),
  }));
  const demo = await withTransaction(db, (tx) =>
    seedDemoShop(tx, storage, {
      seedPassword: options.seedPassword,
      generatedPassword: base.operators.generatedPassword,
      dataDir: options.dataDir,
    }),
  );
  const demoOrders = await withTransaction(db, (tx) =>
    seedDemoOrders(tx, {
      ownerEmail: DEMO_EMAIL,
      random: seededRandom(DEMO_ORDERS_SEED),
    }),
  );
  return { ...base, catalogue, ...commerce, demo, demoOrders };
}
