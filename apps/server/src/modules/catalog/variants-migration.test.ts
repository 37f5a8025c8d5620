import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../platform/db/database';
import { MIGRATIONS_DIR } from '../../platform/db/migrate';
import { queryRows } from '../../platform/db/rows';

/**
 * Migration 0031 (decision 0055) on data written before it: every product becomes a one-variant
 * product with its cost and stock, and every order line names that variant. The data is written
 * in the shape the migrations before 0031 left (raw SQL: today's code knows only variants).
 */
const BEFORE = '0031_product_variants';
let handle: DatabaseHandle | undefined;
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
  await handle?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('migration 0031: product variants', () => {
  it('makes each product a one-variant product with its cost and stock, and each order line name it', async () => {
    handle = await openDatabase({ kind: 'pglite' });
    if (handle.raw.kind !== 'pglite') throw new Error('expected PGlite');
    const orm = drizzle(handle.raw.client);
    await migrate(orm, { migrationsFolder: migrationsBefore(BEFORE) });
    const db = handle.db;
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

    await migrate(orm, { migrationsFolder: MIGRATIONS_DIR });

    expect(
      await queryRows(
        db,
        sql`select product_id as "productId", sku, platform_price_minor as cost, stock, status,
              value1_id as v1, value2_id as v2, value3_id as v3
            from product_variants order by product_id`,
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
            from order_items order by product_id`,
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
});
