import type {
  TReconciliationRun,
  TReconciliationRunDetail,
  TReconciliationRunPage,
} from '@linkstore/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { newKey, payoutsKit, type Creator } from '../../test/payouts-kit';
import { operatorWith } from '../../test/users';
import { ledgerEntries } from '../earnings/earnings.table';
import { orders } from '../orders/orders.table';
import { payments } from '../payments/payments.table';
import { payouts } from '../payouts/payouts.table';
import { refunds } from '../refunds/refunds.table';
import { reconcile } from './reconciliation.api';

let ctx: TestContext;
const kit = payoutsKit(() => ctx, 'rc');
const { creator, sale, call } = kit;
const tokens: Record<string, string> = {};
const db = () => ctx.database.db;
let orderSequence = 0;

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.reader = await operatorWith(ctx, 'recon-reader', ['sys:reconcile:query']);
  tokens.runner = await operatorWith(ctx, 'recon-runner', ['sys:reconcile:run']);
  tokens.both = await operatorWith(ctx, 'recon-both', ['sys:reconcile:query', 'sys:reconcile:run']);
});
afterAll(() => ctx.close());

/**
 * A buyer's order paid as checkout pays it: c-side, status 1, a COMPLETED capture of its total and
 * one sale credit of its profit (what `markPaid` writes in one transaction).
 */
async function paidOrder(who: Creator, profit: number) {
  const orderNo = `LSRC-${String(++orderSequence).padStart(8, '0')}`;
  const [order] = await db()
    .insert(orders)
    .values({
      orderNo,
      shopId: who.shopId,
      ownerUserId: who.userId,
      status: 1,
      buyerEmail: 'buyer@example.com',
      shippingAddress: { name: 'B', line1: 'L', city: 'C', postalCode: '12345', countryCode: 'US' },
      totalMinor: profit * 3,
      platformMinor: profit * 2,
      profitMinor: profit,
      paidAt: new Date(),
    })
    .returning({ id: orders.id });
  const orderId = order?.id ?? 0;
  const [payment] = await db()
    .insert(payments)
    .values({
      orderId,
      provider: 'sandbox',
      providerOrderId: `SBX-${orderNo}`,
      status: 'COMPLETED',
      amountMinor: profit * 3,
      currencyCode: 'USD',
      captureId: `CAP-${orderNo}`,
      capturedMinor: profit * 3,
      capturedCurrency: 'USD',
      approveUrl: 'https://example.com/approve',
    })
    .returning({ id: payments.id });
  await db()
    .insert(ledgerEntries)
    .values({ userId: who.userId, shopId: who.shopId, kind: 'sale', amountMinor: profit, orderId });
  return { orderNo, orderId, paymentId: payment?.id ?? 0, total: profit * 3 };
}

/** A completed refund as the refunds module records it: the row, its reversal, the payment's sum. */
async function refunded(
  who: Creator,
  order: Awaited<ReturnType<typeof paidOrder>>,
  amount: number,
  reversed: number,
) {
  const [refund] = await db()
    .insert(refunds)
    .values({
      orderId: order.orderId,
      paymentId: order.paymentId,
      provider: 'sandbox',
      captureId: `CAP-${order.orderNo}`,
      requestId: `RF-${newKey()}`,
      amountMinor: amount,
      currencyCode: 'USD',
      status: 'completed',
      source: 'operator',
      profitReversedMinor: reversed,
      completedAt: new Date(),
    })
    .returning({ id: refunds.id });
  await db().insert(ledgerEntries).values({
    userId: who.userId,
    shopId: who.shopId,
    kind: 'refund',
    amountMinor: -reversed,
    orderId: order.orderId,
    refundId: refund?.id,
  });
  await db()
    .update(payments)
    .set({ refundedMinor: sql`${payments.refundedMinor} + ${amount}` })
    .where(eq(payments.id, order.paymentId));
  return refund?.id ?? 0;
}

/** A creator with every kind of money movement: sales, a full refund, a paid and a returned payout. */
async function busyCreator(name: string) {
  const who = await creator(name);
  const first = await paidOrder(who, 2_000);
  const second = await paidOrder(who, 500);
  await sale(who, 2_000); // completed long ago, credited without a payment row (as the demo seed does)
  await refunded(who, second, second.total, 500);
  const paid = await kit.service().withdraw(who.userId, {
    amountMinor: 1_000,
    currencyCode: 'USD',
    requestKey: newKey(),
  });
  await kit.service().followPayouts(new Date());
  return { who, first, second, paidPayoutId: Number(paid.id) };
}

const mine = async (who: Creator) =>
  (await reconcile(db())).differences.filter((d) => d.userId === who.userId || d.userId === null);

describe('reconcile', () => {
  it('finds no difference in a consistent ledger', async () => {
    const { who } = await busyCreator('ann');
    const returning = await creator('ret', { email: 'rc-ret+unclaimed@example.com' });
    await sale(returning, 1_500);
    await kit.service().withdraw(returning.userId, { currencyCode: 'USD', requestKey: newKey() });
    await kit.service().followPayouts(new Date());
    await kit.service().followPayouts(new Date());
    expect((await kit.payoutsOf(returning))[0]?.status).toBe('returned');

    const result = await reconcile(db());
    expect(result.differences).toEqual([]);
    expect(result.creatorsChecked).toBeGreaterThanOrEqual(2);
    expect(result.totals['ledger.sales']).toBe(result.totals['orders.profit']);
    expect(result.totals['ledger.refunds']).toBeGreaterThanOrEqual(500);
    expect(await kit.summary(who)).toMatchObject({ paidOutMinor: 1_000, balanceMinor: 3_000 });
  });

  it('finds a deleted sale credit', async () => {
    const { who, first } = await busyCreator('bea');
    const [credit] = await db()
      .delete(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'sale'), eq(ledgerEntries.orderId, first.orderId)))
      .returning();
    try {
      const found = await mine(who);
      expect(found).toContainEqual(
        expect.objectContaining({
          check: 'sale',
          orderNo: first.orderNo,
          expectedMinor: 2_000,
          actualMinor: 0,
        }),
      );
      expect(found.map((d) => d.check)).toContain('balance');
      expect(found).toContainEqual(expect.objectContaining({ check: 'total', userId: null }));
    } finally {
      if (credit) await db().insert(ledgerEntries).values(credit);
    }
    expect(await mine(who)).toEqual([]);
  });

  it('finds a doubled payout debit', async () => {
    const { who, paidPayoutId } = await busyCreator('cid');
    const debit = and(eq(ledgerEntries.kind, 'payout'), eq(ledgerEntries.payoutId, paidPayoutId));
    await db().update(ledgerEntries).set({ amountMinor: -2_000 }).where(debit);
    try {
      expect(await mine(who)).toContainEqual(
        expect.objectContaining({
          check: 'payout',
          payoutId: paidPayoutId,
          userId: who.userId,
          expectedMinor: -1_000,
          actualMinor: -2_000,
        }),
      );
    } finally {
      await db().update(ledgerEntries).set({ amountMinor: -1_000 }).where(debit);
    }
    expect(await mine(who)).toEqual([]);
  });

  it("finds a payment's refunded amount that is not its refunds'", async () => {
    const { who, first } = await busyCreator('dan');
    await db().update(payments).set({ refundedMinor: 100 }).where(eq(payments.id, first.paymentId));
    try {
      expect(await mine(who)).toContainEqual(
        expect.objectContaining({
          check: 'payment_refunded',
          orderNo: first.orderNo,
          expectedMinor: 0,
          actualMinor: 100,
        }),
      );
    } finally {
      await db().update(payments).set({ refundedMinor: 0 }).where(eq(payments.id, first.paymentId));
    }
    expect(await mine(who)).toEqual([]);
  });

  it('finds a completed refund without its reversal, and a returned payout without its return', async () => {
    const { who, second } = await busyCreator('eve');
    const [reversal] = await db()
      .delete(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'refund'), eq(ledgerEntries.orderId, second.orderId)))
      .returning();
    const [paid] = await kit.payoutsOf(who);
    await db()
      .update(payouts)
      .set({ status: 'returned' })
      .where(eq(payouts.id, paid?.id ?? 0));
    try {
      const checks = (await mine(who)).map((d) => d.check);
      expect(checks).toEqual(
        expect.arrayContaining(['refund', 'refund_total', 'payout_return', 'balance', 'total']),
      );
    } finally {
      if (reversal) await db().insert(ledgerEntries).values(reversal);
      await db()
        .update(payouts)
        .set({ status: 'paid' })
        .where(eq(payouts.id, paid?.id ?? 0));
    }
    expect(await mine(who)).toEqual([]);
  });
});

describe('the runs', () => {
  it('stores a run from the console and lists runs newest first, with their differences', async () => {
    const first = await call(tokens.runner ?? '', 'POST', '/api/v1/system/reconciliation/run');
    expect(first.statusCode, first.body).toBe(200);
    const clean = first.json<{ data: TReconciliationRun }>().data;
    expect(clean).toMatchObject({ trigger: 'operator', startedByName: 'recon-runner', differenceCount: 0 });
    expect(clean.finishedAt).not.toBeNull();

    const { who, first: order } = await busyCreator('fin');
    const [credit] = await db()
      .delete(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'sale'), eq(ledgerEntries.orderId, order.orderId)))
      .returning();
    let broken: TReconciliationRun;
    try {
      const res = await call(tokens.both ?? '', 'POST', '/api/v1/system/reconciliation/run');
      broken = res.json<{ data: TReconciliationRun }>().data;
    } finally {
      if (credit) await db().insert(ledgerEntries).values(credit);
    }
    expect(broken.differenceCount).toBeGreaterThanOrEqual(3);

    const runs = await call(tokens.reader ?? '', 'GET', '/api/v1/system/reconciliation/runs?pageSize=10');
    expect(runs.statusCode, runs.body).toBe(200);
    const page = runs.json<{ data: TReconciliationRunPage }>().data;
    expect(page.list.map((r) => r.id)).toEqual([broken.id, clean.id]);

    const detail = await call(
      tokens.reader ?? '',
      'GET',
      `/api/v1/system/reconciliation/runs/${broken.id}?pageSize=1`,
    );
    const found = detail.json<{ data: TReconciliationRunDetail }>().data;
    expect(found.differences.total).toBe(broken.differenceCount);
    expect(found.differences.list).toHaveLength(1);
    const all = await call(
      tokens.reader ?? '',
      'GET',
      `/api/v1/system/reconciliation/runs/${broken.id}?all=true`,
    );
    const everything = all.json<{ data: TReconciliationRunDetail }>().data.differences.list;
    expect(everything).toHaveLength(broken.differenceCount);
    expect(everything).toContainEqual(
      expect.objectContaining({ check: 'sale', orderNo: order.orderNo, userId: String(who.userId) }),
    );
    const missing = await call(tokens.reader ?? '', 'GET', '/api/v1/system/reconciliation/runs/999999');
    expect(missing.statusCode).toBe(404);
  });

  it('refuses roles lacking sys:reconcile:query or sys:reconcile:run with 403 A0301', async () => {
    const codeOf = (res: { statusCode: number; json: <T>() => T }) => [
      res.statusCode,
      res.json<{ code: unknown }>().code,
    ];
    expect(codeOf(await call(tokens.reader ?? '', 'POST', '/api/v1/system/reconciliation/run'))).toEqual([
      403,
      'A0301',
    ]);
    expect(codeOf(await call(tokens.runner ?? '', 'GET', '/api/v1/system/reconciliation/runs'))).toEqual([
      403,
      'A0301',
    ]);
    expect(codeOf(await call(tokens.runner ?? '', 'GET', '/api/v1/system/reconciliation/runs/1'))).toEqual([
      403,
      'A0301',
    ]);
  });
});
