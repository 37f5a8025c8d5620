import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type AppDatabase, type DatabaseHandle } from '../../platform/db/database';
import { MIGRATIONS_DIR } from '../../platform/db/migrate';
import { queryRows } from '../../platform/db/rows';
import { ledgerViolations } from '../../test/ledger-invariant';
import { reconcile } from '../reconciliation/reconciliation.api';
import {
  LEGACY_PRODUCTS,
  LEGACY_SHOPS,
  REMOVED_PRODUCT_ID,
  writeLegacyData,
} from '../../test/pre-variants-data';

/**
 * Migration 0031 (decision 0055) on data written before it: every product becomes a one-variant
 * product with its cost and stock, and every order line names that variant. The data is written
 * in the shape the migrations before 0031 left (raw SQL: today's code knows only variants).
 */
const BEFORE = '0031_product_variants';
const handles: DatabaseHandle[] = [];
const folders: string[] = [];

/** A copy of the migrations folder holding only those before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'linkstore-migrations-'));
  folders.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return dir;
}

afterAll(async () => {
  for (const handle of handles) await handle.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** What migration 0031 must leave as it was, read the same way before and after it. */
async function keptRows(db: AppDatabase): Promise<Record<string, unknown[]>> {
  const read = (query: SQL) => queryRows(db, query);
  return {
    products: await read(sql`select id, category_id, title, titles, status, sort from products order by id`),
    images: await read(sql`select id, product_id, url, sort from product_images order by id`),
    reviews: await read(sql`select id, product_id, order_item_id, rating, status from reviews order by id`),
    orderItems: await read(sql`
      select id, order_id, product_id, title, image_url, quantity, platform_price_minor,
        selling_price_minor, profit_minor
      from order_items order by id`),
    orders: await read(sql`
      select id, order_no, shop_id, owner_user_id, status, side, total_minor, platform_minor, profit_minor,
        paid_at, completed_at
      from orders order by id`),
    payments: await read(sql`
      select id, order_id, status, amount_minor, captured_minor, refunded_minor from payments order by id`),
    refunds: await read(sql`
      select id, order_id, payment_id, amount_minor, status, profit_reversed_minor, restock
      from refunds order by id`),
    ledger: await read(sql`
      select id, user_id, shop_id, kind, amount_minor, order_id, refund_id, payout_id, created_at
      from ledger_entries order by id`),
    purchases: await read(
      sql`select purchase_id, order_id, amount_minor from order_purchase_items order by 2`,
    ),
    shopProducts: await read(sql`
      select shop_id, product_id, override_price_minor, visible, sort from shop_products order by 1, 2`),
    categoryPrices: await read(
      sql`select shop_id, category_id, percentage from shop_category_prices order by 1, 2`,
    ),
    ...(await rollups(db)),
  };
}

/** The dashboard's roll-ups (migrations 0019–0027), every row. */
async function rollups(db: AppDatabase): Promise<Record<string, unknown[]>> {
  const read = (query: SQL) => queryRows(db, query);
  return {
    orderRollups: await read(sql`select * from order_rollups order by 1, 2, 3, 4, 5, 6`),
    orderTotals: await read(sql`select * from shop_order_totals order by 1, 2`),
    orderHours: await read(sql`select * from shop_order_hours order by 1, 2, 3`),
    eventRollups: await read(sql`select * from event_rollups order by 1, 2, 3, 4, 5, 6`),
    visitHours: await read(sql`select * from shop_visit_hours order by 1, 2`),
  };
}

/** `ledgerViolations` reads the payout rules from the app's settings: none set, the defaults. */
const appWithDefaults = { configValues: new Map<string, string>() } as unknown as FastifyInstance;

// One embedded database, migrated once, holds both data sets (the migrations are the same SQL on
// PostgreSQL): run in the PGlite lane only, not again beside the PostgreSQL one.
describe.skipIf(inject('testDatabase').kind !== 'pglite')('migration 0031: product variants', () => {
  let db: AppDatabase;
  /** What the generated shops hold before the migration, and what must survive it. */
  let shape: Record<string, number> | undefined;
  let violationsBefore: unknown[] = [];
  let costs: unknown[] = [];
  let kept: Record<string, unknown[]> = {};

  // Every migration, and 2,600 orders written and migrated: ~10–15 s alone.
  beforeAll(async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    handles.push(handle);
    if (handle.raw.kind !== 'pglite') throw new Error('expected PGlite');
    const orm = drizzle(handle.raw.client);
    await migrate(orm, { migrationsFolder: migrationsBefore(BEFORE) });
    db = handle.db;
    // A demo-like and a scale shop, as the app wrote them before 0031.
    await writeLegacyData(db);

    // The data is what it claims to be: both shops, every order status and side, every kind of
    // refund, lines of removed products, images and reviews (verified and not).
    [shape] = await queryRows<Record<string, number>>(
      db,
      sql`select
        (select count(*) from products)::int as products,
        (select count(*) from product_images)::int as images,
        (select count(*) from reviews where order_item_id is not null)::int as "verifiedReviews",
        (select count(*) from reviews where order_item_id is null)::int as "otherReviews",
        (select count(*) from orders)::int as orders,
        (select count(*) from order_items)::int as lines,
        (select count(*) from order_items where product_id >= ${REMOVED_PRODUCT_ID})::int as "removedLines",
        (select count(distinct (status, side)) from orders)::int as "statusSides",
        (select count(*) from payments where status = 'CREATED')::int as "paymentsNotCaptured",
        (select count(*) from payments where status = 'REFUNDED')::int as "paymentsRefunded",
        (select count(*) from payments where status = 'PARTIALLY_REFUNDED')::int as "paymentsPartly",
        (select count(*) from refunds where status = 'failed')::int as "refundsFailed",
        (select count(*) from refunds where status = 'pending')::int as "refundsPending",
        (select count(*) from (select order_id from refunds where status = 'completed'
          group by order_id having count(*) > 1) twice)::int as "ordersRefundedTwice",
        (select count(*) from ledger_entries where kind = 'purchase')::int as purchases,
        (select count(*) from shop_products where override_price_minor is not null)::int as overrides,
        (select count(*) from order_rollups where product_id <> 0)::int as "productRollups"`,
    );
    // Consistent as the app wrote it: nothing for reconciliation to find before the migration either.
    violationsBefore = await ledgerViolations(appWithDefaults, db);
    // A few rows by hand: a mug, a sold-out cap, a product off sale, an order with a line of a
    // product removed long ago.
    await db.execute(
      sql`insert into categories (id, parent_id, name) values (901, 0, 'Top'), (902, 901, 'Mugs')`,
    );
    await db.execute(sql`
      insert into products (id, category_id, title, platform_price_minor, stock, status)
      values (11, 902, 'Mug', 1299, 7, 1), (12, 902, 'Cap', 800, 0, 1), (13, 902, 'Old', 500, 3, 0)`);
    await db.execute(
      sql`insert into users (id, username, password_hash, nickname) values (77, 'mig', 'x', 'Mig')`,
    );
    await db.execute(sql`
      insert into shops (id, owner_user_id, slug, name) values (55, 77, 'mig', 'Mig shop')`);
    await db.execute(sql`
      insert into orders (id, order_no, shop_id, owner_user_id, buyer_email, shipping_address, language,
        currency_code, total_minor, platform_minor, profit_minor)
      values (66, 'LS261130-MIGRATE1', 55, 77, 'b@example.com', '{}'::jsonb, 'en', 'USD', 4197, 2598, 1599)`);
    await db.execute(sql`
      insert into order_items (order_id, product_id, title, quantity, platform_price_minor, selling_price_minor,
        profit_minor)
      values (66, 11, 'Mug', 2, 1299, 1999, 700), (66, 99, 'Removed long ago', 1, 0, 199, 199)`);

    costs = await queryRows(
      db,
      sql`select id as "productId", 'LS-' || id as sku, platform_price_minor as cost, stock
          from products order by id`,
    );
    kept = await keptRows(db);

    await migrate(orm, { migrationsFolder: MIGRATIONS_DIR });
  }, 60_000);

  it('makes each product a one-variant product with its cost and stock, and each order line name it', async () => {
    expect(
      await queryRows(
        db,
        sql`select product_id as "productId", sku, platform_price_minor as cost, stock, status,
              value1_id as v1, value2_id as v2, value3_id as v3
            from product_variants where product_id < 100 order by product_id`,
      ),
    ).toEqual([
      { productId: 11, sku: 'LS-11', cost: 1299, stock: 7, status: 1, v1: null, v2: null, v3: null },
      { productId: 12, sku: 'LS-12', cost: 800, stock: 0, status: 1, v1: null, v2: null, v3: null },
      { productId: 13, sku: 'LS-13', cost: 500, stock: 3, status: 1, v1: null, v2: null, v3: null },
    ]);
    const [mugVariant] = await queryRows<{ id: number }>(
      db,
      sql`select id from product_variants where product_id = 11`,
    );
    expect(
      await queryRows(
        db,
        sql`select product_id as "productId", variant_id as "variantId", sku, variant_label as label
            from order_items where order_id = 66 order by product_id`,
      ),
    ).toEqual([
      { productId: 11, variantId: mugVariant?.id, sku: 'LS-11', label: '' },
      { productId: 99, variantId: null, sku: '', label: '' },
    ]);
    // The cost and stock live on the variants only.
    expect(
      await queryRows(
        db,
        sql`select column_name as name from information_schema.columns
            where table_name = 'products' and column_name in ('platform_price_minor', 'stock')`,
      ),
    ).toEqual([]);
    // A second variant may not repeat a combination (no options: the one variant) nor a SKU.
    await expect(
      db.execute(
        sql`insert into product_variants (product_id, sku, platform_price_minor) values (11, 'X-1', 100)`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`insert into product_variants (product_id, sku, platform_price_minor) values (12, 'LS-11', 100)`,
      ),
    ).rejects.toThrow();
  });

  it('keeps a demo-like and a scale shop whole, and reconciliation finds 0 differences afterwards', async () => {
    expect(shape?.products).toBe(LEGACY_PRODUCTS.count);
    expect(shape?.orders).toBe(LEGACY_SHOPS.reduce((sum, shop) => sum + shop.orders, 0));
    expect(shape?.statusSides).toBe(4); // unpaid, paid and completed buyers' orders; the creator's own
    for (const key of [
      'images',
      'verifiedReviews',
      'otherReviews',
      'removedLines',
      'paymentsNotCaptured',
      'paymentsRefunded',
      'paymentsPartly',
      'refundsFailed',
      'refundsPending',
      'ordersRefundedTwice',
      'purchases',
      'overrides',
      'productRollups',
    ]) {
      expect(shape?.[key], key).toBeGreaterThan(0);
    }
    // Consistent as the app wrote it: reconciliation finds nothing before the migration either.
    expect(violationsBefore).toEqual([]);

    // Every product has exactly one variant, with its old cost and stock, no options, on sale.
    expect(
      await queryRows(
        db,
        sql`select product_id as "productId", sku, platform_price_minor as cost, stock
            from product_variants order by product_id`,
      ),
    ).toEqual(costs);
    expect(
      await queryRows(
        db,
        sql`select count(*)::int as n from product_variants
            where status <> 1 or value1_id is not null or value2_id is not null or value3_id is not null`,
      ),
    ).toEqual([{ n: 0 }]);
    expect(await queryRows(db, sql`select count(*)::int as n from product_options`)).toEqual([{ n: 0 }]);
    // Images, reviews, order lines, orders, payments, refunds, the ledger, the shops' prices and
    // the dashboard's roll-ups are as they were, pointing at the same product ids.
    const afterwards = await keptRows(db);
    for (const [name, rows] of Object.entries(kept)) expect(afterwards[name], name).toEqual(rows);
    // Every order line names its product's variant and SKU; a removed product's line none.
    expect(
      await queryRows(
        db,
        sql`select
          count(*) filter (where p.id is not null)::int as named,
          count(*) filter (where p.id is not null and (i.variant_id is distinct from v.id
            or i.sku <> v.sku or i.variant_label <> ''))::int as wrong,
          count(*) filter (where p.id is null and i.variant_id is null and i.sku = '')::int as removed,
          count(*) filter (where p.id is null and (i.variant_id is not null or i.sku <> ''))::int as "removedWrong"
        from order_items i
        left join products p on p.id = i.product_id
        left join product_variants v on v.product_id = i.product_id`,
      ),
    ).toEqual([
      {
        // …and the hand-written order's two lines: a mug's and a product removed long ago.
        named: (shape?.lines ?? 0) - (shape?.removedLines ?? 0) + 1,
        wrong: 0,
        removed: (shape?.removedLines ?? 0) + 1,
        removedWrong: 0,
      },
    ]);
    // The roll-ups counted anew from the migrated orders, lines and ledger come out the same.
    await db.execute(sql`truncate order_rollups, shop_order_totals, shop_order_hours`);
    await db.execute(sql`select linkstore_rollup_orders(0, 9223372036854775807)`);
    await db.execute(sql`select linkstore_rollup_ledger(0, 9223372036854775807)`);
    const recounted = await rollups(db);
    for (const name of ['orderRollups', 'orderTotals', 'orderHours']) {
      expect(recounted[name], name).toEqual(kept[name]);
    }

    // Reconciliation, the real code on the migrated database: 0 differences, and it did look.
    const found = await reconcile(db);
    expect(found.differences).toEqual([]);
    expect(found.creatorsChecked).toBe(LEGACY_SHOPS.length);
    expect(found.totals['ledger.sales']).toBeGreaterThan(0);
    expect(found.totals['ledger.refunds']).toBeGreaterThan(0);
    expect(await ledgerViolations(appWithDefaults, db)).toEqual([]);

    // The check is live: one payment captured a cent more than its order is a difference.
    const [paid] = await queryRows<{ id: number; orderNo: string }>(
      db,
      sql`select p.id, o.order_no as "orderNo" from payments p join orders o on o.id = p.order_id
          where p.status = 'COMPLETED' order by p.id limit 1`,
    );
    await db.execute(sql`update payments set captured_minor = captured_minor + 1 where id = ${paid?.id}`);
    const corrupted = await reconcile(db);
    expect(corrupted.differences.map((d) => [d.check, d.orderNo])).toContainEqual(['capture', paid?.orderNo]);
    expect(await ledgerViolations(appWithDefaults, db)).not.toEqual([]);
  });
});
