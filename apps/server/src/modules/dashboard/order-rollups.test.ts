import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompletedRefund } from '../../test/raw-refunds';
import { createTestApp, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';
import { shops } from '../shops/shops.table';
import { queryRows } from '../../platform/db/rows';

/**
 * The order roll-ups are written by database triggers (migrations 0019, 0027). Whatever path marks
 * an order paid — an update of an unpaid order, an order inserted paid, items added afterwards —
 * and whatever the ledger says of it — its sale, refunds of it — the roll-ups must equal a direct
 * count over the buyers' orders, their items, their refunds and the ledger's earnings entries.
 */
describe('order roll-ups', () => {
  let ctx: TestContext;
  let shopId = 0;
  let ownerId = 0;
  let serial = 0;

  type Row = Record<string, unknown>;
  const rows = (query: ReturnType<typeof sql>): Promise<Row[]> => queryRows<Row>(ctx.database.db, query);

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
    /** 'b': paid by the creator (their purchase, not counted). */
    side?: 'b' | 'c';
  }): Promise<number> {
    serial += 1;
    const total = options.items.reduce((n, i) => n + i.unit * i.quantity, 0);
    const platform = options.items.reduce((n, i) => n + i.cost * i.quantity, 0);
    const [order] = await rows(sql`
      insert into orders (order_no, shop_id, owner_user_id, status, side, buyer_email, shipping_address,
        currency_code, total_minor, platform_minor, profit_minor, user_source, paid_at)
      values (${`LSTEST-${serial}`}, ${shopId}, ${ownerId}, ${options.paidAt ? 1 : 0}, ${options.side ?? 'c'},
        'b@example.com', '{}'::jsonb, ${options.currency ?? 'USD'}, ${total}, ${platform}, ${total - platform},
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

  /** The sale's ledger credit of a buyer's order (its profit), as `markPaid` writes it, at `at`. */
  async function creditSale(orderId: number, at: string) {
    await rows(sql`
      insert into ledger_entries (user_id, shop_id, kind, amount_minor, currency_code, order_id, created_at)
      select owner_user_id, shop_id, 'sale', profit_minor, currency_code, id, ${at}::timestamptz
      from orders where id = ${orderId}`);
  }

  /** A completed refund of `amount` taking `share` of the profit back, at `at`, as refunds write it. */
  async function refund(orderId: number, amount: number, share: number, at: string) {
    serial += 1;
    await insertCompletedRefund(ctx.database.db, {
      orderId,
      amountMinor: amount,
      shareMinor: share,
      at,
      key: String(serial),
    });
  }

  /**
   * The roll-ups next to the same figures counted directly: buyers' paid orders (count, units,
   * what they paid) in the quarter hour they were paid; the ledger's sale and refund entries
   * (earnings) and what each refund gave back (less sales, split over the lines in proportion to
   * what each cost, the rest to the largest) in the quarter hour the entry was written.
   */
  async function compare() {
    const fromRollups = await rows(sql`
      select bucket, product_id, user_source, currency_code, orders, units, sales_minor, profit_minor
      from order_rollups where shop_id = ${shopId}
      order by bucket, product_id, user_source, currency_code`);
    const direct = await rows(sql`
      with facts as (
        select linkstore_quarter(o.paid_at) as bucket, 0::bigint as product_id, o.user_source, o.currency_code,
          1 as orders, coalesce((select sum(i.quantity) from order_items i where i.order_id = o.id), 0) as units,
          o.total_minor::bigint as sales, 0::bigint as profit
        from orders o where o.shop_id = ${shopId} and o.paid_at is not null and o.side = 'c'
        union all
        select linkstore_quarter(o.paid_at), i.product_id, o.user_source, o.currency_code,
          1, sum(i.quantity), sum(i.selling_price_minor * i.quantity)::bigint, 0
        from orders o join order_items i on i.order_id = o.id
        where o.shop_id = ${shopId} and o.paid_at is not null and o.side = 'c'
        group by o.id, i.product_id
        union all
        select linkstore_quarter(e.created_at), 0, o.user_source, o.currency_code, 0, 0,
          -coalesce(f.amount_minor, 0), e.amount_minor
        from ledger_entries e join orders o on o.id = e.order_id left join refunds f on f.id = e.refund_id
        where o.shop_id = ${shopId} and e.kind in ('sale', 'refund') and o.side = 'c'
        union all
        select bucket, product_id, user_source, currency_code, 0, 0, -(base + case when rank = 1
            then amount - sum(base) over (partition by entry) else 0 end), 0
        from (
          select *, amount * line / total as base,
            row_number() over (partition by entry order by line desc, product_id) as rank
          from (
            select e.id as entry, linkstore_quarter(e.created_at) as bucket, i.product_id, o.user_source,
              o.currency_code, f.amount_minor::bigint as amount, o.total_minor::bigint as total,
              sum(i.selling_price_minor * i.quantity)::bigint as line
            from ledger_entries e join orders o on o.id = e.order_id join refunds f on f.id = e.refund_id
              join order_items i on i.order_id = o.id
            where o.shop_id = ${shopId} and e.kind = 'refund' and o.side = 'c'
            group by e.id, o.id, f.id, i.product_id
          ) lines
        ) shares
      )
      select bucket, product_id, user_source, currency_code, sum(orders)::int as orders, sum(units)::int as units,
        sum(sales)::bigint as sales_minor, sum(profit)::bigint as profit_minor
      from facts group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
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
    await creditSale(orderId, '2026-03-29 00:59:59+00');
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
        profit: 0,
      },
      {
        bucket: '2026-03-29T00:45:00.000Z',
        product: 12,
        source: 'default',
        currency: 'USD',
        orders: 1,
        units: 1,
        sales: 500,
        profit: 0,
      },
    ]);
    // The later paid_at moved the order's own time but not its counted bucket: the first payment counts.
    expect(direct).not.toEqual(fromRollups);
    await ctx.database.db.execute(
      sql`update orders set paid_at = '2026-03-29 00:59:59+00' where id = ${orderId}`,
    );
    expect((await compare()).direct).toEqual(fromRollups);

    // A partial refund an hour later: earnings less its share, sales less its amount, split over
    // the lines by what each cost (3998 : 500 of 1000 → 888 and 111, the cent left to the larger).
    await refund(orderId, 1000, 489, '2026-03-29 02:00:00+00');
    const later = await compare();
    expect(later.fromRollups).toEqual(later.direct);
    expect(later.fromRollups.filter((r) => r.bucket === '2026-03-29T02:00:00.000Z')).toEqual([
      {
        bucket: '2026-03-29T02:00:00.000Z',
        product: 0,
        source: 'default',
        currency: 'USD',
        orders: 0,
        units: 0,
        sales: -1000,
        profit: -489,
      },
      {
        bucket: '2026-03-29T02:00:00.000Z',
        product: 11,
        source: 'default',
        currency: 'USD',
        orders: 0,
        units: 0,
        sales: -889,
        profit: 0,
      },
      {
        bucket: '2026-03-29T02:00:00.000Z',
        product: 12,
        source: 'default',
        currency: 'USD',
        orders: 0,
        units: 0,
        sales: -111,
        profit: 0,
      },
    ]);
  });

  it('leaves out an order its creator paid themselves: their purchase, not a sale', async () => {
    const before = await compare();
    const item = { productId: 13, quantity: 1, unit: 4933, cost: 2349 };
    const orderId = await insertOrder({ paidAt: null, items: [item] });
    await ctx.database.db.execute(
      sql`update orders set side = 'b', status = 2, paid_at = '2026-03-30 10:00:00+00' where id = ${orderId}`,
    );
    await insertOrder({ paidAt: '2026-03-30 10:01:00+00', items: [item], side: 'b' });
    const after = await compare();
    expect(after.fromRollups).toEqual(before.fromRollups);
    expect(after.direct).toEqual(after.fromRollups);
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
    const bSideLater: number[] = [];
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
        side: n % 13 === 5 ? 'b' : 'c',
      });
      if (how === 0) {
        if (n % 13 !== 5) paidLater.push(id);
        else bSideLater.push(id);
      } else if (how !== 3 && n % 13 !== 5) {
        await creditSale(id, paidAt);
        // Some refunded later, in part or in full (the share taken back rounded as refunds do).
        if (n % 5 === 1) {
          const total = items.reduce((sum, i) => sum + i.unit * i.quantity, 0);
          const profit = items.reduce((sum, i) => sum + (i.unit - i.cost) * i.quantity, 0);
          const amount = n % 10 === 1 ? total : 1 + Math.floor(random() * (total - 1));
          const at = new Date(Date.parse(paidAt) + Math.floor(random() * 20 * 3_600_000)).toISOString();
          await refund(id, amount, Math.round((profit * amount) / total), at);
        }
      }
    }
    // Several orders paid in one statement.
    await ctx.database.db.execute(sql`
      update orders set status = 1, paid_at = '2027-01-01 00:14:59.999+00'
      where id in (${sql.join(
        [...paidLater, ...bSideLater].map((id) => sql`${id}`),
        sql`, `,
      )})`);
    for (const id of paidLater) await creditSale(id, '2027-01-01 00:14:59.999+00');
    const { fromRollups, direct } = await compare();
    expect(fromRollups.length).toBeGreaterThan(50);
    expect(fromRollups).toEqual(direct);
    expect(fromRollups.some((r) => r.sales < 0)).toBe(true);
    // The all-time totals the cards read, and the hours the long charts read (migration 0025), are
    // the shop-level rows summed: per currency, and per currency and hour.
    const sumBy = (key: (r: (typeof direct)[number]) => string) => {
      const sums = new Map<string, { orders: number; units: number; sales: number; profit: number }>();
      for (const r of direct.filter((d) => d.product === 0)) {
        const k = key(r);
        const s = sums.get(k) ?? { orders: 0, units: 0, sales: 0, profit: 0 };
        sums.set(k, {
          orders: s.orders + r.orders,
          units: s.units + r.units,
          sales: s.sales + r.sales,
          profit: s.profit + r.profit,
        });
      }
      return [...sums].sort(([a], [b]) => a.localeCompare(b));
    };
    const totals = await rows(sql`
      select currency_code, orders::int as orders, units::int as units, sales_minor::int as sales,
        profit_minor::int as profit
      from shop_order_totals where shop_id = ${shopId} order by 1`);
    const totalsByCurrency = totals.map((r) => [
      String(r.currency_code),
      { orders: Number(r.orders), units: Number(r.units), sales: Number(r.sales), profit: Number(r.profit) },
    ]);
    expect(totalsByCurrency.length).toBeGreaterThan(1);
    expect(totalsByCurrency).toEqual(sumBy((r) => r.currency as string));
    const hours = await rows(sql`
      select currency_code, hour, orders, units, sales_minor::int as sales, profit_minor::int as profit
      from shop_order_hours where shop_id = ${shopId} order by 1, 2`);
    const hourKey = (currency: unknown, at: string) =>
      `${String(currency)} ${new Date(Math.floor(Date.parse(at) / 3_600_000) * 3_600_000).toISOString()}`;
    const hoursByKey = hours
      .map((r): [string, { orders: number; units: number; sales: number; profit: number }] => [
        hourKey(r.currency_code, new Date(r.hour as string).toISOString()),
        {
          orders: Number(r.orders),
          units: Number(r.units),
          sales: Number(r.sales),
          profit: Number(r.profit),
        },
      ])
      .sort(([a], [b]) => a.localeCompare(b));
    expect(hoursByKey.length).toBeGreaterThan(8);
    expect(hoursByKey).toEqual(sumBy((r) => hourKey(r.currency, r.bucket)));
  });
});
