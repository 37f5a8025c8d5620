import type { TCreatorOrderPage, TEarningsSummary } from '@linkstore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPayoutRules } from './modules/earnings/payout-rules';
import { reconcile } from './modules/reconciliation/reconcile';
import { runScaleSeed, SCALE_EMAIL, ScaleSeedExists, type ScaleSeedReport } from './seed-scale';
import type { AppDatabase } from './platform/db/database';
import { createTestApp, openTestDatabase, type TestContext } from './test/helper';
import { accessTokenFor } from './test/users';
import { queryRows } from './platform/db/rows';

const PASSWORD = 'Scale-pass-2026';
const NOW = new Date();
const OPTIONS = { products: 50, orders: 2_000, seed: 7, password: PASSWORD, now: NOW };

let ctx: TestContext;
let report: ScaleSeedReport;
let token = '';

async function one<T>(db: AppDatabase, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  if (!row) throw new Error('no row');
  return row;
}

const get = async <T>(url: string): Promise<T> => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
};

/** Everything generated, in a form that does not depend on ids: for comparing two runs. */
const fingerprint = (db: AppDatabase) =>
  one<{ orders: string; items: string; money: string }>(
    db,
    sql`select
      md5(string_agg(order_no || status || total_minor || buyer_email || created_at::text, ',' order by order_no)) as orders,
      md5(string_agg(i.title || i.quantity || i.selling_price_minor, ',' order by o.order_no, i.id)) as items,
      (select md5(string_agg(kind || amount_minor || created_at::text, ',' order by created_at, kind, amount_minor))
        from ledger_entries) as money
    from orders o join order_items i on i.order_id = o.id`,
  );

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  report = await runScaleSeed(ctx.database.db, OPTIONS);
  token = await accessTokenFor(ctx.app, SCALE_EMAIL, PASSWORD);
}, 120_000);

afterAll(async () => {
  // Closing runs the reconciliation once more, over everything this file left.
  await ctx.close();
});

describe('the scale shop generator', () => {
  it('generates the shop, its orders in every status, payments, refunds and payouts', async () => {
    expect(report.orders).toBe(2_000);
    expect(report.products).toEqual({ onSale: 50, added: 50, hiddenInShop: 0 });
    const [unpaid, paid, completed] = report.byStatus;
    expect(unpaid + paid + completed).toBe(2_000);
    // Mostly completed (a year of orders), some unpaid, the last days' still in transit.
    expect(completed).toBeGreaterThan(1_500);
    expect(unpaid).toBeGreaterThan(80);
    expect(paid).toBeGreaterThan(5);
    expect(report.payments).toBe(2_000);
    expect(report.refunds).toBeGreaterThan(5);
    expect(report.payouts).toBeGreaterThan(5);
    const db = ctx.database.db;
    const check = await one<{ bad_totals: string; bad_lines: string; span_days: string; refunded: string }>(
      db,
      sql`select
        (select count(*) from orders o where o.total_minor <> (select sum(selling_price_minor * quantity)
          from order_items i where i.order_id = o.id)
          or o.platform_minor <> (select sum(platform_price_minor * quantity) from order_items i where i.order_id = o.id))::text as bad_totals,
        (select count(*) from (select order_id from order_items group by order_id
          having count(*) not between 1 and 3 or count(distinct product_id) <> count(*)) x)::text as bad_lines,
        (select extract(day from max(created_at) - min(created_at)) from orders)::text as span_days,
        (select count(*) from payments where status in ('REFUNDED', 'PARTIALLY_REFUNDED'))::text as refunded`,
    );
    expect(check.bad_totals).toBe('0');
    expect(check.bad_lines).toBe('0');
    expect(Number(check.span_days)).toBeGreaterThan(300);
    expect(Number(check.refunded)).toBe(report.refunds);
  });

  it('passes every reconciliation check', async () => {
    const rules = readPayoutRules((key) => ctx.app.configValues.get(key));
    const { differences, creatorsChecked } = await reconcile(ctx.database.db, rules);
    expect(differences).toEqual([]);
    expect(creatorsChecked).toBeGreaterThanOrEqual(1);
  });

  it('the creator’s orders answer what SQL finds, newest first, page after page', async () => {
    const db = ctx.database.db;
    const newest = (
      await queryRows<{ order_no: string }>(
        db,
        sql`select order_no from orders where owner_user_id = ${report.userId} order by created_at desc, id desc limit 100`,
      )
    ).map((row) => row.order_no);
    const seen: string[] = [];
    let cursor: string | null = null;
    let total = 0;
    for (let page = 0; page < 2; page += 1) {
      const answer: TCreatorOrderPage = await get<TCreatorOrderPage>(
        `/api/v1/orders?pageSize=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      total = answer.total;
      seen.push(...answer.list.map((order) => order.orderNo));
      cursor = answer.nextCursor;
    }
    expect(total).toBe(2_000);
    expect(seen).toEqual(newest);
    const paidOnly = await get<TCreatorOrderPage>('/api/v1/orders?status=1&pageSize=1');
    expect(paidOnly.total).toBe(report.byStatus[1]);
  });

  it('the creator’s earnings answer what SQL computes from orders, refunds and payouts', async () => {
    const db = ctx.database.db;
    const holdDays = readPayoutRules((key) => ctx.app.configValues.get(key)).holdDays;
    const monthStart = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), 1));
    const earnings = await get<TEarningsSummary>('/api/v1/earnings');
    const now = sql`${new Date().toISOString()}::timestamptz`;
    // Straight from the sources, not the ledger: profit of paid orders less refunds' shares, payouts.
    const expected = await one<Record<string, string>>(
      db,
      sql`with o as (
          select o.*, coalesce((select sum(profit_reversed_minor) from refunds r
            where r.order_id = o.id and r.status = 'completed'), 0) as reversed
          from orders o where o.owner_user_id = ${report.userId} and o.status in (1, 2))
        select
          (select sum(profit_minor - reversed) from o)::text as earned,
          (select coalesce(sum(profit_minor - reversed), 0) from o
            where status = 1 or completed_at + make_interval(days => ${holdDays}) > ${now})::text as pending,
          (select coalesce(sum(amount_minor), 0) from payouts where user_id = ${report.userId} and status = 'paid')::text as paid_out,
          (select coalesce(sum(profit_minor), 0) from o where paid_at >= ${monthStart.toISOString()}::timestamptz)::text as month_sales,
          (select coalesce(sum(r.profit_reversed_minor), 0) from refunds r join orders x on x.id = r.order_id
            where x.owner_user_id = ${report.userId} and r.completed_at >= ${monthStart.toISOString()}::timestamptz)::text as month_refunds`,
    );
    expect(earnings.totalEarnedMinor).toBe(Number(expected.earned));
    expect(earnings.pendingMinor).toBe(Number(expected.pending));
    expect(earnings.paidOutMinor).toBe(Number(expected.paid_out));
    expect(earnings.balanceMinor).toBe(Number(expected.earned) - Number(expected.paid_out));
    expect(earnings.availableMinor).toBe(earnings.balanceMinor - earnings.pendingMinor);
    expect(earnings.availableMinor).toBeGreaterThan(0);
    expect(earnings.thisMonthMinor).toBe(Number(expected.month_sales) - Number(expected.month_refunds));
    expect(earnings.inFlightMinor).toBe(0);
  });

  it('shows exactly the wanted products in the studio', async () => {
    const page = await get<{ total: number }>('/api/v1/shop/products?pageNum=1&pageSize=20');
    expect(page.total).toBe(50);
  });

  it('runs once per database, and the same seed gives the same data', async () => {
    await expect(runScaleSeed(ctx.database.db, OPTIONS)).rejects.toBeInstanceOf(ScaleSeedExists);
    const other = await openTestDatabase();
    try {
      await runScaleSeed(other.database.db, OPTIONS);
      expect(await fingerprint(other.database.db)).toEqual(await fingerprint(ctx.database.db));
      const reseeded = await openTestDatabase();
      try {
        await runScaleSeed(reseeded.database.db, { ...OPTIONS, seed: 8 });
        expect((await fingerprint(reseeded.database.db)).orders).not.toBe(
          (await fingerprint(ctx.database.db)).orders,
        );
      } finally {
        await reseeded.database.close();
        await reseeded.drop();
      }
    } finally {
      await other.database.close();
      await other.drop();
    }
  }, 120_000);
});
