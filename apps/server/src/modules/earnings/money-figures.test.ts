import {
  ErrorCode,
  type TCheckoutAnswer,
  type TConsoleOrder,
  type TCreator,
  type TCreatorOrder,
  type TDashboardProducts,
  type TDashboardSeries,
  type TDashboardSources,
  type TDashboardSummary,
  type TEarningsDaily,
  type TEarningsSummary,
  type TLedgerEntryPage,
  type TPurchase,
} from '@linkstore/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { addProductOnSale } from '../../test/catalog-kit';
import { payoutsKit } from '../../test/payouts-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser, operatorWith } from '../../test/users';
import { configs } from '../configs/configs.table';
import { orders } from '../orders/orders.table';
import { payments } from '../payments/payments.table';
import { payouts } from '../payouts/payouts.table';
import { shops } from '../shops/shops.table';
import { ledgerEntries } from './earnings.table';

/**
 * Every money figure the studio shows a creator — and the console's view of them — against the
 * ledger (issue 30, decision 0041), after a seeded random mix of what really happens: buyers'
 * sales from several traffic sources, orders the creator pays themselves, partial and full
 * refunds, shipping, payouts paid and payouts PayPal returns. All through the app's own routes.
 */
let ctx: TestContext;
const tokens: Record<string, string> = {};
const PASSWORD = 'Money-figures-pw-1';
const { call } = apiCalls(() => ctx.app, tokens);
let userId = 0;
let shopId = 0;
const productIds: number[] = [];
let address = 0;
let keys = 0;
const nextIp = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const key = (what: string) => `${what}-${String(++keys).padStart(14, '0')}`;
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token') ?? '';

function publicPost(url: string, payload: object) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/public${url}`, payload, remoteAddress: nextIp() });
}

async function data<T>(
  response: Promise<{ statusCode: number; body: string; json: <U>() => U }>,
): Promise<T> {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const SOURCES = ['instagram', 'tiktok', 'default'] as const;

async function place(next: () => number): Promise<TCheckoutAnswer> {
  const lines = productIds
    .filter(() => next() < 0.7)
    .map((productId) => ({ productId: String(productId), quantity: 1 + Math.floor(next() * 3) }));
  if (lines.length === 0) lines.push({ productId: String(productIds[0]), quantity: 1 });
  return data<TCheckoutAnswer>(
    publicPost('/checkout', {
      shop: 'mf-shop',
      email: 'mf-buyer@example.com',
      address: { name: 'Ana', line1: '1 Main St', city: 'Lisbon', postalCode: '1000-001', countryCode: 'PT' },
      items: lines,
      userSource: SOURCES[Math.floor(next() * SOURCES.length)],
    }),
  );
}

async function approve(approveUrl: string) {
  await data(publicPost(`/sandbox/orders/${tokenOf(approveUrl)}/approve`, {}));
}

/** A buyer orders and pays. */
async function sale(next: () => number): Promise<string> {
  const placed = await place(next);
  await approve(placed.approveUrl);
  await data(publicPost('/checkout/capture', { orderNo: placed.orderNo, token: tokenOf(placed.approveUrl) }));
  return placed.orderNo;
}

/** A buyer orders and does not pay; the creator pays it themselves ("Pay now"). */
async function selfPaid(next: () => number): Promise<string> {
  const placed = await place(next);
  const purchase = await data<TPurchase>(
    call('mo', 'POST', '/orders/purchases', { orderNos: [placed.orderNo], payKey: key('pay') }),
  );
  await approve(purchase.approveUrl ?? '');
  await data(call('mo', 'POST', `/orders/purchases/${purchase.id}/capture`));
  return placed.orderNo;
}

async function consoleOrder(orderNo: string): Promise<TConsoleOrder> {
  const page = await data<{ list: TConsoleOrder[] }>(
    call('operator', 'GET', `/system/orders/page?orderNo=${orderNo}`),
  );
  const found = page.list.find((o) => o.orderNo === orderNo);
  if (!found) throw new Error(`no order ${orderNo}`);
  return found;
}

async function refund(orderNo: string, amountMinor: number) {
  const order = await consoleOrder(orderNo);
  await data(
    call('operator', 'POST', '/system/orders/refund', {
      orderNo,
      amountMinor,
      reason: 'test',
      version: order.version,
    }),
  );
}

async function ship(orderNo: string) {
  const order = await consoleOrder(orderNo);
  await data(
    call('operator', 'POST', '/system/orders/ship', {
      items: [{ orderNo, carrier: 'ups', trackingNo: '1Z999AA10123456784', version: order.version }],
    }),
  );
}

/** Withdraws what is available to `email` (a `+returned` address: PayPal pays it, then returns it). */
async function payout(email: string) {
  await ctx.database.db.update(shops).set({ paypalEmail: email }).where(eq(shops.id, shopId));
  const summary = await data<TEarningsSummary>(call('mo', 'GET', '/earnings'));
  if (summary.availableMinor < 100) return;
  await data(
    call('mo', 'POST', '/payouts', {
      currencyCode: 'USD',
      requestKey: key('payout'),
      amountMinor: summary.availableMinor,
    }),
  );
  const service = payoutsKit(() => ctx, 'mf').service({ holdDays: 0, minimumMinor: 100 });
  // Paid at the first read; a `+returned` payout comes back at a later one (paid payouts are
  // looked at again hourly).
  await service.followPayouts(new Date(Date.now() + 60_000));
  await service.followPayouts(new Date(Date.now() + 2 * 3_600_000));
  await service.followPayouts(new Date(Date.now() + 4 * 3_600_000));
}

/** The ledger's own sums for the creator: what every figure must agree with. */
async function ledger() {
  const sum = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(case when ${condition} then ${ledgerEntries.amountMinor} end), 0)::bigint`.mapWith(
      Number,
    );
  const today = new Date(new Date().toISOString().slice(0, 10));
  const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const [row] = await ctx.database.db
    .select({
      earned: sum(sql`${ledgerEntries.kind} in ('sale', 'refund')`),
      earnedToday: sum(
        sql`${ledgerEntries.kind} in ('sale', 'refund') and ${ledgerEntries.createdAt} >= ${today.toISOString()}::timestamptz`,
      ),
      earnedThisMonth: sum(
        sql`${ledgerEntries.kind} in ('sale', 'refund') and ${ledgerEntries.createdAt} >= ${month.toISOString()}::timestamptz`,
      ),
      balance: sum(sql`${ledgerEntries.kind} <> 'purchase'`),
      purchases: sum(sql`${ledgerEntries.kind} = 'purchase'`),
      adjustments: sum(sql`${ledgerEntries.kind} = 'adjustment'`),
      entries: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  const paid = await ctx.database.db
    .select({ amount: payouts.amountMinor, status: payouts.status })
    .from(payouts)
    .where(eq(payouts.userId, userId));
  const of = (status: string) => paid.filter((p) => p.status === status).reduce((n, p) => n + p.amount, 0);
  // What buyers paid for their orders, less what was given back to them.
  const [sales] = await ctx.database.db
    .select({
      net: sql<number>`coalesce(sum(${orders.totalMinor}), 0)::bigint`.mapWith(Number),
      refunded: sql<number>`coalesce(sum((select coalesce(sum(p.refunded_minor), 0) from ${payments} p
        where p.order_id = "orders"."id")), 0)::bigint`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.ownerUserId, userId), eq(orders.side, 'c'), sql`${orders.paidAt} is not null`));
  return {
    ...(row ?? {
      earned: 0,
      earnedToday: 0,
      earnedThisMonth: 0,
      balance: 0,
      purchases: 0,
      adjustments: 0,
      entries: 0,
    }),
    paidOut: of('paid'),
    inFlight: of('requested') + of('processing'),
    returned: paid.filter((p) => p.status === 'returned').length,
    sales: (sales?.net ?? 0) - (sales?.refunded ?? 0),
  };
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  userId = await createUser(db, { username: 'mf-mo', password: PASSWORD });
  tokens.mo = await accessTokenFor(ctx.app, 'mf-mo', PASSWORD);
  const [shop] = await db
    .insert(shops)
    .values({
      ownerUserId: userId,
      slug: 'mf-shop',
      name: 'MF',
      defaultPercentage: 160,
      paypalEmail: 'mo@example.com',
      paypalPayerId: 'PAYERMO',
    })
    .returning({ id: shops.id });
  shopId = shop?.id ?? 0;
  tokens.operator = await operatorWith(ctx, 'mf-operator', [
    'sys:order:query',
    'sys:order:ship',
    'sys:order:refund',
    'sys:creator:query',
  ]);
  productIds.push(
    await addProductOnSale(db, { category: 'MF A', title: 'Hoodie', costMinor: 2349, stock: 10_000 }),
    await addProductOnSale(db, { category: 'MF B', title: 'Cap', costMinor: 999, stock: 10_000 }),
  );
  // No hold and a small minimum: shipped sales can be paid out within the test.
  await db.delete(configs).where(sql`${configs.key} in ('PAYOUT_HOLD_DAYS', 'PAYOUT_MINIMUM_CENTS')`);
  await db.insert(configs).values([
    { name: 'Payout hold', key: 'PAYOUT_HOLD_DAYS', value: '0' },
    { name: 'Payout minimum', key: 'PAYOUT_MINIMUM_CENTS', value: '100' },
  ]);
  await ctx.app.configValues.reload();
});
afterAll(() => ctx.close());

describe('money figures', () => {
  it('every figure the studio and the console show agrees with the ledger after sales, own purchases, refunds and payouts', async () => {
    const next = random(30);
    const paid: string[] = [];
    const refundable = new Map<string, number>();
    for (let step = 0; step < 28; step += 1) {
      const roll = next();
      if (roll < 0.45 || paid.length < 2) {
        const orderNo = await sale(next);
        paid.push(orderNo);
        refundable.set(orderNo, (await consoleOrder(orderNo)).totalMinor);
      } else if (roll < 0.6) {
        await selfPaid(next);
      } else if (roll < 0.8) {
        const candidates = [...refundable].filter(([, left]) => left > 0);
        const chosen = candidates[Math.floor(next() * candidates.length)];
        if (!chosen) continue;
        const [orderNo, left] = chosen;
        const amount = next() < 0.4 ? left : Math.max(1, Math.floor(left * next()));
        await refund(orderNo, amount);
        refundable.set(orderNo, left - amount);
      } else if (roll < 0.9) {
        const shippable = paid.filter((no) => (refundable.get(no) ?? 0) > 0);
        const chosen = shippable[Math.floor(next() * shippable.length)];
        if (!chosen) continue;
        const order = await consoleOrder(chosen);
        if (order.status === 1) await ship(chosen);
      } else {
        await payout(next() < 0.5 ? 'mo+returned@example.com' : 'mo@example.com');
      }
    }
    // At least one of everything the issue names.
    const fully = [...refundable].filter(([, left]) => left === 0).map(([no]) => no);
    if (fully.length === 0) {
      const [orderNo, left] = [...refundable].find(([, l]) => l > 0) ?? ['', 0];
      await refund(orderNo, left);
      refundable.set(orderNo, 0);
      fully.push(orderNo);
    }
    // And one refunded in full before it was shipped: it must leave the queue.
    const unshipped = await sale(next);
    await refund(unshipped, (await consoleOrder(unshipped)).totalMinor);
    refundable.set(unshipped, 0);
    fully.push(unshipped);
    await selfPaid(next);
    // One partly refunded order shipped (what was not refunded goes out).
    for (const [orderNo, left] of refundable) {
      const order = await consoleOrder(orderNo);
      if (left > 0 && order.refundedMinor > 0 && order.status === 1) {
        await ship(orderNo);
        break;
      }
    }
    await payout('mo+returned@example.com');
    await ship(await sale(next));
    await payout('mo@example.com');

    const truth = await ledger();
    expect(truth.purchases).toBeLessThan(0);
    expect(truth.returned).toBeGreaterThan(0);
    expect(truth.paidOut).toBeGreaterThan(0);
    const partials = await ctx.database.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(payments)
      .where(sql`${payments.refundedMinor} > 0 and ${payments.refundedMinor} < ${payments.capturedMinor}`);
    expect(partials[0]?.n).toBeGreaterThan(0);

    // Earnings: the summary, its identity, the daily chart and the ledger's pages.
    const summary = await data<TEarningsSummary>(call('mo', 'GET', '/earnings'));
    expect(summary).toMatchObject({
      totalEarnedMinor: truth.earned,
      thisMonthMinor: truth.earnedThisMonth,
      balanceMinor: truth.balance,
      paidOutMinor: truth.paidOut,
      inFlightMinor: truth.inFlight,
      adjustmentsMinor: truth.adjustments,
      purchasesMinor: -truth.purchases,
    });
    expect(
      summary.totalEarnedMinor + summary.adjustmentsMinor - summary.inFlightMinor - summary.paidOutMinor,
    ).toBe(summary.balanceMinor);
    expect(summary.availableMinor + summary.pendingMinor).toBe(summary.balanceMinor);
    const today = new Date().toISOString().slice(0, 10);
    const daily = await data<TEarningsDaily>(call('mo', 'GET', `/earnings/daily?from=${today}&to=${today}`));
    expect(daily).toEqual([{ day: today, cents: truth.earnedToday }]);
    const entries = await data<TLedgerEntryPage>(
      call('mo', 'GET', '/earnings/entries?pageNum=1&pageSize=100'),
    );
    expect(entries.total).toBe(truth.entries);
    const byKind = (kinds: string[]) =>
      entries.list.filter((e) => kinds.includes(e.kind)).reduce((n, e) => n + e.amountMinor, 0);
    expect(byKind(['sale', 'refund'])).toBe(summary.totalEarnedMinor);
    expect(byKind(['purchase'])).toBe(-summary.purchasesMinor);
    expect(byKind(['sale', 'refund', 'payout', 'payout_return', 'adjustment'])).toBe(summary.balanceMinor);

    // Home: the cards, the chart, the sources and the top products, in UTC.
    const home = await data<TDashboardSummary>(call('mo', 'GET', '/dashboard?tz=UTC'));
    expect(home.earnings.total).toBe(summary.totalEarnedMinor);
    expect(home.earnings.today).toBe(truth.earnedToday);
    expect(home.earnings.past7Days).toBe(truth.earnedToday);
    expect(home.sales.total).toBe(truth.sales);
    const range = `range=custom&from=${today}&to=${today}&tz=UTC`;
    const chart = await data<TDashboardSeries>(
      call('mo', 'GET', `/dashboard/series?series=earnings&${range}`),
    );
    expect(chart.points.reduce((n, p) => n + p.value, 0)).toBe(truth.earnedToday);
    const month = await data<TDashboardSeries>(
      call('mo', 'GET', '/dashboard/series?series=earnings&range=month&tz=UTC'),
    );
    expect(month.points.at(-1)?.value).toBe(truth.earnedToday);
    for (const series of ['earnings', 'sales'] as const) {
      const sources = await data<TDashboardSources>(
        call('mo', 'GET', `/dashboard/sources?by=user_source&series=${series}&${range}`),
      );
      const total = (figure: 'earnings' | 'sales') => sources.sources.reduce((n, s) => n + s[figure], 0);
      expect(total('earnings')).toBe(truth.earnedToday);
      expect(total('sales')).toBe(truth.sales);
    }
    const top = await data<TDashboardProducts>(call('mo', 'GET', `/dashboard/products?by=revenue&${range}`));
    expect(top.products.reduce((n, p) => n + p.sales, 0)).toBe(truth.sales);

    // Orders: each order's earnings add up to the total; a self-paid order shows what was paid.
    const list: { list: TCreatorOrder[] } = { list: [] };
    for (let cursor: string | null = ''; cursor !== null;) {
      const page: { list: TCreatorOrder[]; nextCursor: string | null } = await data(
        call('mo', 'GET', `/orders?pageSize=50${cursor ? `&cursor=${cursor}` : ''}`),
      );
      list.list.push(...page.list);
      cursor = page.nextCursor;
    }
    expect(list.list.reduce((n, o) => n + o.earnedMinor, 0)).toBe(summary.totalEarnedMinor);
    expect(list.list.reduce((n, o) => n + o.paidByYouMinor, 0)).toBe(summary.purchasesMinor);
    for (const order of list.list) {
      if (order.side === 'b') expect(order).toMatchObject({ earnedMinor: 0, status: 2 });
      expect(order.fullyRefunded).toBe(fully.includes(order.orderNo) || refundable.get(order.orderNo) === 0);
    }
    // Waiting to ship: paid, not refunded in full, what is left of what their buyers paid.
    const waiting = list.list.filter((o) => o.status === 1 && !o.fullyRefunded);
    expect(home.pendingShipmentOrders).toBe(waiting.length);
    expect(home.pendingShipment).toBe(waiting.reduce((n, o) => n + o.totalMinor - o.refundedMinor, 0));

    // The console's view of the creator says the same.
    const creators = await data<{ list: TCreator[] }>(
      call('operator', 'GET', '/system/creators/page?keywords=mf-shop'),
    );
    expect(creators.list.find((c) => c.userId === String(userId))).toMatchObject({
      salesMinor: summary.totalEarnedMinor,
      balanceMinor: summary.balanceMinor,
      pendingMinor: summary.pendingMinor,
      paidOutMinor: summary.paidOutMinor,
    });
    // A fully refunded order is not shipped: refused, with the reason.
    const refusedShip = await call('operator', 'POST', '/system/orders/ship', {
      items: [
        {
          orderNo: unshipped,
          carrier: 'ups',
          trackingNo: '1Z999AA10123456784',
          version: (await consoleOrder(unshipped)).version,
        },
      ],
    });
    expect(refusedShip.json<{ code: string }>().code).toBe(ErrorCode.ORDER_NOT_SHIPPABLE);
    expect(refusedShip.body).toContain('refunded in full');
    expect((await consoleOrder(unshipped)).status).toBe(1);
    // …and is not in the queue to ship (status "Paid, in transit"), in the console or the studio.
    const queue = await data<{ list: TConsoleOrder[] }>(
      call('operator', 'GET', `/system/orders/page?status=1&orderNo=${unshipped}`),
    );
    expect(queue.list).toEqual([]);
    const studioQueue = await data<{ list: TCreatorOrder[] }>(
      call('mo', 'GET', '/orders?status=1&pageSize=50'),
    );
    expect(studioQueue.list.map((o) => o.orderNo)).not.toContain(unshipped);
    expect(studioQueue.list.every((o) => !o.fullyRefunded)).toBe(true);
  });

  it('a brand-new shop does not call the products on sale before it opened new', async () => {
    const before = await data<TDashboardSummary>(call('mo', 'GET', '/dashboard?tz=UTC'));
    // mf-shop opened before its two products were added: both are new to it today.
    expect(before.newProducts.today).toBe(2);
    const newcomer = await createUser(ctx.database.db, { username: 'mf-newcomer', password: PASSWORD });
    tokens.newcomer = await accessTokenFor(ctx.app, 'mf-newcomer', PASSWORD);
    await ctx.database.db.insert(shops).values({ ownerUserId: newcomer, slug: 'mf-new', name: 'New' });
    const fresh = await data<TDashboardSummary>(call('newcomer', 'GET', '/dashboard?tz=UTC'));
    expect(fresh.productsOnSale).toBeGreaterThanOrEqual(2);
    expect(fresh.newProducts).toEqual({ today: 0, past7Days: 0 });
  });
});
