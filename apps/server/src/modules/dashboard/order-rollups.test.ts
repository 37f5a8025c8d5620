import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';
import { shops } from '../shops/shops.table';

/**
 * The order roll-ups are written by database triggers (migration 0019). Whatever path marks an
 * order paid — an update of an unpaid order, an order inserted paid, items added afterwards —
 * the roll-ups must equal a direct count over the orders and their items.
 */
describe('order roll-ups', () => {
  let ctx: TestContext;
  let shopId = 0;
  let ownerId = 0;
  let serial = 0;

  type Row = Record<string, unknown>;
  const rows = async (query: ReturnType<typeof sql>): Promise<Row[]> => {
    // Both drivers answer `{ rows }`; the shared database type does not say so.
    const result: unknown = await ctx.database.db.execute(query);
    return (result as { rows: Row[] }).rows;
  };

  interface Item {
    productId: number;
    quantity: number;
    unit: number;
    cost: number;
  }

  async function insertOrder(options: {
    paidAt: string | null;
    items: Item[];
    itemsAfter?: boolean;
    userSource?: string;
    currency?: string;
  }): Promise<number> {
    serial += 1;
    const total = options.items.reduce((n, i) => n + i.unit * i.quantity, 0);
    const platform = options.items.reduce((n, i) => n + i.cost * i.quantity, 0);
    const [order] = await rows(sql`
      insert into orders (order_no, shop_id, owner_user_id, status, buyer_email, shipping_address,
        currency_code, total_minor, platform_minor, profit_minor, user_source, paid_at)
      values (${`LSTEST-${serial}`}, ${shopId}, ${ownerId}, ${options.paidAt ? 1 : 0}, 'b@example.com', '{}'::jsonb,
        ${options.currency ?? 'USD'}, ${total}, ${platform}, ${total - platform},
        ${options.userSource ?? 'default'}, ${options.paidAt}::timestamptz)
      returning id`);
    const orderId = Number(order?.id);
    for (const item of options.items) {
      await ctx.database.db.execute(sql`
        insert into order_items (order_id, product_id, title, quantity, platform_price_minor, selling_price_minor, profit_minor)
        values (${orderId}, ${item.productId}, 'T', ${item.quantity}, ${item.cost}, ${item.unit}, ${item.unit - item.cost})`);
    }
    return orderId;
  }

  /** The roll-ups next to the same figures counted from the orders and items directly. */
  async function compare() {
    const fromRollups = await rows(sql`
      select bucket, product_id, user_source, currency_code, orders, units, sales_minor, profit_minor
      from order_rollups where shop_id = ${shopId}
      order by bucket, product_id, user_source, currency_code`);
    const direct = await rows(sql`
      select linkstore_quarter(o.paid_at) as bucket, 0::bigint as product_id, o.user_source, o.currency_code,
        count(*)::int as orders,
        coalesce(sum((select sum(i.quantity) from order_items i where i.order_id = o.id)), 0)::int as units,
        sum(o.total_minor)::bigint as sales_minor, sum(o.profit_minor)::bigint as profit_minor
      from orders o where o.shop_id = ${shopId} and o.paid_at is not null group by 1, 2, 3, 4
      union all
      select linkstore_quarter(o.paid_at), i.product_id, o.user_source, o.currency_code,
        count(distinct o.id)::int, sum(i.quantity)::int,
        sum(i.selling_price_minor * i.quantity)::bigint, sum(i.profit_minor * i.quantity)::bigint
      from orders o join order_items i on i.order_id = o.id
      where o.shop_id = ${shopId} and o.paid_at is not null group by 1, 2, 3, 4
      order by 1, 2, 3, 4`);
    const plain = (list: Row[]) =>
      list.map((r) => ({
        bucket: new Date(r.bucket as string).toISOString(),
        product: Number(r.product_id),
        source: r.user_source,
        currency: r.currency_code,
        orders: Number(r.orders),
        units: Number(r.units),
        sales: Number(r.sales_minor),
        profit: Number(r.profit_minor),
      }));
    return { fromRollups: plain(fromRollups), direct: plain(direct) };
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    ownerId = await createUser(ctx.database.db, { username: 'rollup-owner' });
    const [shop] = await ctx.database.db
      .insert(shops)
      .values({ ownerUserId: ownerId, slug: 'rollup-shop', name: 'R' })
      .returning();
    shopId = shop?.id ?? 0;
  });
  afterAll(() => ctx.close());

  it('counts an order in the quarter hour it is paid, once, with its items; never while unpaid', async () => {
    const a = { productId: 11, quantity: 2, unit: 1999, cost: 1000 };
    const b = { productId: 12, quantity: 1, unit: 500, cost: 300 };
    const orderId = await insertOrder({ paidAt: null, items: [a, b] });
    expect((await compare()).fromRollups).toEqual([]);

    await ctx.database.db.execute(
      sql`update orders set paid_at = '2026-03-29 00:59:59+00', status = 1 where id = ${orderId}`,
    );
    // Paid again (a retried webhook, a later status change): not counted twice.
    await ctx.database.db.execute(
      sql`update orders set paid_at = '2026-03-29 01:05:00+00' where id = ${orderId}`,
    );
    await ctx.database.db.execute(sql`update orders set status = 2 where id = ${orderId}`);
    const { fromRollups, direct } = await compare();
    expect(fromRollups).toEqual([
      {
        bucket: '2026-03-29T00:45:00.000Z',
        product: 0,
        source: 'default',
        currency: 'USD',
        orders: 1,
        units: 3,
        sales: 4498,
        profit: 2198,
      },
      {
        bucket: '2026-03-29T00:45:00.000Z',
        product: 11,
        source: 'default',
        currency: 'USD',
        orders: 1,
        units: 2,
        sales: 3998,
        profit: 1998,
      },
      {
        bucket: '2026-03-29T00:45:00.000Z',
        product: 12,
        source: 'default',
        currency: 'USD',
        orders: 1,
        units: 1,
        sales: 500,
        profit: 200,
      },
    ]);
    // The later paid_at moved the order's own time but not its counted bucket: the first payment counts.
    expect(direct).not.toEqual(fromRollups);
    await ctx.database.db.execute(
      sql`update orders set paid_at = '2026-03-29 00:59:59+00' where id = ${orderId}`,
    );
    expect((await compare()).direct).toEqual(fromRollups);
  });

  it('equals a direct count over many orders paid every way: updated, inserted paid, items added after', async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const sources = ['default', 'tiktok', 'instagram'];
    const start = Date.parse('2026-12-31T20:00:00Z');
    const paidLater: number[] = [];
    for (let n = 0; n < 120; n += 1) {
      const items = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, k) => ({
        productId: 20 + ((n + k) % 5),
        quantity: 1 + Math.floor(random() * 3),
        unit: 1000 + Math.floor(random() * 5000),
        cost: 500,
      }));
      const paidAt = new Date(start + Math.floor(random() * 8 * 3_600_000)).toISOString();
      const how = n % 4;
      const id = await insertOrder({
        paidAt: how === 1 || how === 2 ? paidAt : null,
        items,
        userSource: sources[n % 3],
        currency: n % 10 === 0 ? 'EUR' : 'USD',
      });
      if (how === 0) paidLater.push(id);
    }
    // Several orders paid in one statement.
    await ctx.database.db.execute(sql`
      update orders set status = 1, paid_at = '2027-01-01 00:14:59.999+00'
      where id in (${sql.join(
        paidLater.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const { fromRollups, direct } = await compare();
    expect(fromRollups.length).toBeGreaterThan(50);
    expect(fromRollups).toEqual(direct);
    // The all-time totals the cards read equal the paid orders counted directly, per currency.
    const totals = await ctx.database.db.execute(sql`
      select t.shop_id, t.currency_code, t.orders::int as orders, t.units::int as units,
        t.sales_minor::int as sales, t.profit_minor::int as profit
      from shop_order_totals t order by 1, 2`);
    const counted = await ctx.database.db.execute(sql`
      select o.shop_id, o.currency_code, count(*)::int as orders,
        coalesce(sum((select sum(i.quantity) from order_items i where i.order_id = o.id)), 0)::int as units,
        sum(o.total_minor)::int as sales, sum(o.profit_minor)::int as profit
      from orders o where o.paid_at is not null group by 1, 2 order by 1, 2`);
    const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
    expect(rowsOf(totals).length).toBeGreaterThan(1);
    expect(rowsOf(totals)).toEqual(rowsOf(counted));
    // So do the hours the long charts read (migration 0025), hour by hour.
    const hours = await ctx.database.db.execute(sql`
      select shop_id, currency_code, hour, orders, units, sales_minor::int as sales, profit_minor::int as profit
      from shop_order_hours order by 1, 2, 3`);
    const hoursCounted = await ctx.database.db.execute(sql`
      select o.shop_id, o.currency_code,
        date_bin('1 hour', o.paid_at, timestamptz '2000-01-01 00:00:00+00') as hour, count(*)::int as orders,
        coalesce(sum((select sum(i.quantity) from order_items i where i.order_id = o.id)), 0)::int as units,
        sum(o.total_minor)::int as sales, sum(o.profit_minor)::int as profit
      from orders o where o.paid_at is not null group by 1, 2, 3 order by 1, 2, 3`);
    expect(rowsOf(hours).length).toBeGreaterThan(8);
    expect(rowsOf(hours)).toEqual(rowsOf(hoursCounted));
  });
});
