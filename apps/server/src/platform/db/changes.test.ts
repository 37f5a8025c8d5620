import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper';
import { addProductOnSale } from '../../test/catalog-kit';
import { createUser } from '../../test/users';
import {
  CHANGES_CHANNEL,
  FEED_APPLICATION_NAME,
  openChangeFeed,
  parseChange,
  type ChangeEvent,
  type ChangeFeed,
} from './changes';
import type { DatabaseHandle } from './database';
import { withTransaction } from './transaction';
import { resultRows } from './rows';

const rowsOf = resultRows;

const quietLog = { error: () => undefined, warn: () => undefined };

let opened: Awaited<ReturnType<typeof openTestDatabase>>;
let database: DatabaseHandle;
let feed: ChangeFeed;
const seen: ChangeEvent[] = [];

beforeAll(async () => {
  opened = await openTestDatabase();
  database = opened.database;
  feed = await openChangeFeed(database, quietLog);
  feed.subscribe((event) => void seen.push(event));
});

afterAll(async () => {
  await feed.close();
  await database.close();
  await opened.drop();
});

/** Waits until `test` holds for something the feed told (or fails after 2 s). */
async function until(test: (event: ChangeEvent) => boolean): Promise<ChangeEvent> {
  const started = Date.now();
  for (;;) {
    const found = seen.find(test);
    if (found) return found;
    if (Date.now() - started > 2000) throw new Error(`not told within 2 s: ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the change feed', () => {
  it('reads the triggers’ payloads and nothing else', () => {
    expect(parseChange('orders|12|7')).toEqual({ table: 'orders', shopId: '12', userId: '7', rowId: null });
    expect(parseChange('users||7')).toEqual({ table: 'users', shopId: null, userId: '7', rowId: null });
    expect(parseChange('products||')).toEqual({ table: 'products', shopId: null, userId: null, rowId: null });
    expect(parseChange('product_variants.stock|||9')).toEqual({
      table: 'product_variants.stock',
      shopId: null,
      userId: null,
      rowId: '9',
    });
    expect(parseChange('a|b|c|d|e')).toBeUndefined();
    expect(parseChange('hello')).toBeUndefined();
    expect(parseChange('|1|2')).toBeUndefined();
  });

  it('tells a committed change with its shop and owner; never a rolled-back one; a stock-only update names the product, running out tells everyone', async () => {
    const db = database.db;
    const owner = await createUser(db, { username: 'feed-owner' });
    // Raw SQL: platform code names no module's tables.
    const inserted = await db.execute<{ id: number }>(
      sql`insert into shops (owner_user_id, slug, name, paypal_email) values (${owner}, 'feed-shop', 'Feed', 'feed@example.com') returning id`,
    );
    const shopId = String(rowsOf<{ id: number }>(inserted)[0]?.id);
    await until(
      (e) => e !== 'reset' && e.table === 'shops' && e.shopId === shopId && e.userId === String(owner),
    );

    const productId = await addProductOnSale(db, {
      category: 'Feed',
      title: 'Feed product',
      costMinor: 100,
      stock: 3,
    });
    await until((e) => e !== 'reset' && e.table === 'product_variants');

    seen.length = 0;
    await withTransaction(db, async (tx) => {
      await tx.execute(sql`update shops set name = 'Never' where id = ${Number(shopId)}`);
      throw new Error('roll back');
    }).catch(() => undefined);
    const restocked = await db.execute<{ id: number }>(
      sql`update product_variants set stock = stock + 1, updated_at = now() where product_id = ${productId} returning id`,
    );
    expect(rowsOf<{ id: number }>(restocked)).toHaveLength(1);
    // A marker after both: once it arrives, anything they told would have arrived before it.
    await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'marker||')`);
    await until((e) => e !== 'reset' && e.table === 'marker');
    expect(seen.filter((e) => e === 'reset' || e.table !== 'marker')).toEqual([
      { table: 'product_variants.stock', shopId: null, userId: null, rowId: String(productId) },
    ]);
    await db.execute(sql`update product_variants set stock = 0 where product_id = ${productId}`);
    await until((e) => e !== 'reset' && e.table === 'product_variants' && e.rowId === null);

    await db.execute(sql`update products set title = title || '!' where id = ${productId}`);
    await until((e) => e !== 'reset' && e.table === 'products' && e.shopId === null && e.userId === null);
  });

  it('on PostgreSQL, comes back after its connection is cut and says reset', async () => {
    if (database.raw.kind !== 'postgres') return;
    expect(feed.live).toBe(true);
    seen.length = 0;
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${FEED_APPLICATION_NAME} and datname = current_database()`,
    );
    await until((e) => e === 'reset');
    expect(feed.live).toBe(true);
    await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'after||')`);
    await until((e) => e !== 'reset' && e.table === 'after');
  });
});
