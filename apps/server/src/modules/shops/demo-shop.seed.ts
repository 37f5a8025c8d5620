import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import { CREDENTIALS_FILE } from '../../platform/auth/operators.seed';
import { hashPassword } from '../../platform/auth/passwords';
import { insertCreatorAccount } from '../../platform/auth/user-writes';
import type { AppDatabase } from '../../platform/db/database';
import { bannerPicture, iconPicture, storeSeedPictures } from '../files/files.api';
import type { FileStorage } from '../../platform/storage/storage';
import { categories, products } from '../catalog/catalog.table';
import { sellingVariant } from './products-in-shop';
import { addProductStats } from './shops.repository';
import { shopBanners, shopCategoryPrices, shopProducts, shops } from './shops.table';

export const DEMO_EMAIL = 'demo@linkstore.local';
export const DEMO_SHOP_SLUG = 'demo';

/** Products of the catalogue (by id order) given a price override, hidden, and given stats. */
const OVERRIDES = 3;
const HIDDEN = 4;
const WITH_STATS = 80;

export interface DemoSeedOptions {
  /** SEED_PASSWORD: the demo creator shares the operators' password. */
  seedPassword?: string | undefined;
  /** The operators' password generated in this same run, reused so there is one to note. */
  generatedPassword?: string | undefined;
  dataDir?: string | undefined;
}

export interface DemoSeedReport {
  /** The demo creator exists (created now or before): the start banner shows how to sign in. */
  exists: boolean;
  created: boolean;
  /** Set when this run chose the password (no SEED_PASSWORD): show it once. */
  generatedPassword?: string;
}

/** The configured password, else the operators' one of this run, else a new one (generated). */
function demoPassword(options: DemoSeedOptions): { password: string; generated?: string } {
  if (options.seedPassword) return { password: options.seedPassword };
  const generated = options.generatedPassword ?? randomBytes(12).toString('base64url');
  return { password: generated, generated };
}

/** A password the operator did not choose is noted beside the operators' in DATA_DIR. */
function noteCredentials(dataDir: string, password: string): void {
  mkdirSync(dataDir, { recursive: true });
  appendFileSync(
    join(dataDir, CREDENTIALS_FILE),
    `Demo creator (studio sign-in):\n${DEMO_EMAIL} ${password}\n`,
    {
      mode: 0o600,
    },
  );
}

/** The creator account as registration makes it: email (lower-case), password, nickname. */
async function insertDemoUser(db: AppDatabase, password: string): Promise<number> {
  return insertCreatorAccount(db, {
    email: DEMO_EMAIL,
    passwordHash: await hashPassword(password),
    nickname: 'demo',
  });
}

/** A first-level category and a second-level one under another parent, for two price rules. */
async function pickRuleCategories(db: AppDatabase): Promise<{ first?: number; second?: number }> {
  const [first] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, 0))
    .orderBy(asc(categories.sort), asc(categories.id))
    .limit(1);
  if (!first) return {};
  const [second] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(ne(categories.parentId, 0), ne(categories.parentId, first.id)))
    .orderBy(asc(categories.id))
    .limit(1);
  return { first: first.id, second: second?.id };
}

/** Overrides, hidden products and plausible view and click counts (clicks ≤ views). */
async function seedShopProducts(db: AppDatabase, shopId: number): Promise<void> {
  const catalogue = await db
    .select({ id: products.id, cost: sellingVariant.platformPriceMinor })
    .from(products)
    .innerJoinLateral(sellingVariant, sql`true`)
    .where(eq(products.status, 1))
    .orderBy(asc(products.id))
    .limit(WITH_STATS);
  if (catalogue.length === 0) return;
  const overridden = catalogue.slice(0, OVERRIDES).map((p, i) => ({
    shopId,
    productId: p.id,
    // 2.2×, 2.5×, 2.8× the cost, ending in .99: always above the platform price.
    overridePriceMinor: Math.ceil((p.cost * (22 + 3 * i)) / 1000) * 100 - 1,
  }));
  const hidden = catalogue
    .slice(OVERRIDES, OVERRIDES + HIDDEN)
    .map((p) => ({ shopId, productId: p.id, visible: 0 }));
  await db.insert(shopProducts).values([...overridden, ...hidden]);
  await addProductStats(
    db,
    catalogue.map((p, i) => {
      // Deterministic and uneven: a few popular products, a long tail.
      const views = Math.round(2400 / (1 + i * 0.6)) + ((p.id * 37) % 40);
      const clicks = Math.floor((views * (3 + ((p.id * 13) % 14))) / 100);
      return { shopId, productId: p.id, views, clicks };
    }),
  );
}

/**
 * The demo creator demo@linkstore.local and their shop `demo`: images, two banners, a default
 * of 200% rounded to .99, two category rules, three overrides, a few hidden products and some
 * traffic, so the studio and the shop look alive at first start. Runs only while the account
 * does not exist; it is never touched again once it does (the creator may have changed it).
 */
export async function seedDemoShop(
  db: AppDatabase,
  storage: FileStorage,
  options: DemoSeedOptions,
): Promise<DemoSeedReport> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_EMAIL))
    .limit(1);
  if (existing) return { exists: true, created: false };
  const [slugTaken] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(eq(shops.slug, DEMO_SHOP_SLUG))
    .limit(1);
  if (slugTaken) return { exists: false, created: false };

  const { password, generated } = demoPassword(options);
  const userId = await insertDemoUser(db, password);
  const [image, banner, bannerA, bannerB] = await storeSeedPictures(db, storage, [
    iconPicture('shop', 280, 'DP'),
    bannerPicture(280, 1),
    bannerPicture(190, 2),
    bannerPicture(20, 3),
  ]);
  const now = new Date();
  const [shop] = await db
    .insert(shops)
    .values({
      ownerUserId: userId,
      slug: DEMO_SHOP_SLUG,
      name: 'Demo picks',
      description: 'Things I use every day and gifts my followers keep asking about.',
      imageUrl: image?.url ?? null,
      bannerUrl: banner?.url ?? null,
      paypalEmail: 'demo-payouts@linkstore.local',
      pricesSavedAt: now,
      defaultPercentage: 200,
      rounding: '99',
    })
    .returning({ id: shops.id });
  if (!shop) throw new Error('demo shop not inserted');
  await db.insert(shopBanners).values([
    { shopId: shop.id, imageUrl: bannerA!.url, title: 'My favourites this month', sort: 1 },
    { shopId: shop.id, imageUrl: bannerB!.url, title: 'Gifts for every budget', sort: 2 },
  ]);
  const rules = await pickRuleCategories(db);
  const percentages = [
    ...(rules.first ? [{ shopId: shop.id, categoryId: rules.first, percentage: 150 }] : []),
    ...(rules.second ? [{ shopId: shop.id, categoryId: rules.second, percentage: 180 }] : []),
  ];
  if (percentages.length > 0) await db.insert(shopCategoryPrices).values(percentages);
  await seedShopProducts(db, shop.id);
  if (generated && options.dataDir) noteCredentials(options.dataDir, generated);
  return { exists: true, created: true, ...(generated ? { generatedPassword: generated } : {}) };
}
