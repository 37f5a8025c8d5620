import { and, asc, eq, sql } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import { insertCreatorAccount } from '../../platform/auth/user-writes';
import type { AppDatabase } from '../../platform/db/database';
import { rowRandom } from '../../platform/db/row-random';
import { categories, products } from '../catalog/catalog.table';
import { shopCategoryPrices, shopProducts, shops } from './shops.table';
import { resultRows } from '../../platform/db/rows';

export const SCALE_EMAIL = 'scale@linkstore.local';
export const SCALE_SHOP_SLUG = 'scale';
/** Products (the cheapest-first by id among the first ones) given a price override. */
const OVERRIDES = 20;

export interface ScaleShop {
  userId: number;
  shopId: number;
  email: string;
  paypalEmail: string;
  paypalPayerId: string;
  /** Products on sale beyond the wanted number, hidden in this shop. */
  hidden: number;
}

/** The scale creator's user id, when the generator ran on this database before. */
export async function findScaleCreator(db: AppDatabase): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, SCALE_EMAIL)).limit(1);
  return row?.id;
}

/**
 * The scale creator (`scale@linkstore.local`, the given password hash) and their shop `scale`:
 * 180% by default rounded to .99, 150% on the first top-level category, a few overrides, a
 * verified payout account, traffic figures on every product, and exactly `wanted` products shown
 * (the catalogue's first ones by id; any beyond are hidden in this shop). The caller checks the
 * creator does not exist yet.
 */
export async function seedScaleShop(
  db: AppDatabase,
  options: { passwordHash: string; wanted: number; seed: number; now: Date },
): Promise<ScaleShop> {
  const user = {
    id: await insertCreatorAccount(db, {
      email: SCALE_EMAIL,
      passwordHash: options.passwordHash,
      nickname: 'scale',
    }),
  };
  const paypalEmail = 'scale-payouts@linkstore.local';
  const paypalPayerId = 'SCALEPAYER0001';
  const [shop] = await db
    .insert(shops)
    .values({
      ownerUserId: user.id,
      slug: SCALE_SHOP_SLUG,
      name: 'Scale test shop',
      description: 'A generated shop with a year of orders, for measuring the studio at scale.',
      paypalEmail,
      paypalPayerId,
      paypalVerifiedAt: options.now,
      pricesSavedAt: options.now,
      defaultPercentage: 180,
      rounding: '99',
    })
    .returning({ id: shops.id });
  if (!shop) throw new Error('scale shop not inserted');
  const [firstLevel] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.parentId, 0), eq(categories.status, 1)))
    .orderBy(asc(categories.sort), asc(categories.id))
    .limit(1);
  if (firstLevel) {
    await db
      .insert(shopCategoryPrices)
      .values({ shopId: shop.id, categoryId: firstLevel.id, percentage: 150 });
  }
  // Beyond the wanted number: hidden here. The first few get an override of 2.4× their cost (.99).
  const hidden = await db.execute(sql`
    insert into ${shopProducts} (shop_id, product_id, visible, override_price_minor)
    select ${shop.id}, id,
      case when k > ${options.wanted} then 0 else 1 end,
      case when k <= ${OVERRIDES} then ceil(cost * 24 / 1000.0)::int * 100 - 1 end
    from (select p.id, (select min(v.platform_price_minor) from product_variants v where v.product_id = p.id) as cost,
        row_number() over (order by p.id) as k
      from ${products} p where p.status = 1) as p
    where k > ${options.wanted} or k <= ${OVERRIDES}
    returning visible`);
  // Plausible traffic: a few popular products, a long tail; clicks ≤ views, carts ≤ clicks.
  const r = (salt: number) => rowRandom(sql`p.id`, options.seed, salt);
  await db.execute(sql`
    insert into shop_product_stats (shop_id, product_id, views, clicks, add_to_carts)
    select ${shop.id}, p.id, v.views, v.views * (2 + floor(${r(11)} * 14))::int / 100,
      v.views * (1 + floor(${r(12)} * 4))::int / 100
    from ${products} p
    cross join lateral (select (20 + floor(40000 * ${r(10)} ^ 6))::int as views) v
    where p.status = 1`);
  return {
    userId: user.id,
    shopId: shop.id,
    email: SCALE_EMAIL,
    paypalEmail,
    paypalPayerId,
    hidden: resultRows<{ visible: number }>(hidden).filter((row) => row.visible === 0).length,
  };
}
