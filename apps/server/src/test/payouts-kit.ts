import type { TEarningsSummary, TOrderStatus } from '@linkstore/contract';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from './helper';
import { accessTokenFor, createUser } from './users';
import { ledgerEntries } from '../modules/earnings/earnings.table';
import { PAYOUT_RULE_DEFAULTS, type PayoutRules } from '../modules/earnings/payout-rules';
import { orders } from '../modules/orders/orders.table';
import { shops } from '../modules/shops/shops.table';
import { createPayoutsService, type PayoutsDeps } from '../modules/payouts/payouts.service';
import { payouts } from '../modules/payouts/payouts.table';

export const PASSWORD = 'Payouts-test-pw-1';
const LONG_AGO = new Date('2026-01-05T10:00:00Z');

export interface Creator {
  name: string;
  userId: number;
  shopId: number;
  token: string;
}

let orderSequence = 0;

/**
 * Scenario helpers on one test app: creators with a shop (a verified PayPal account unless told),
 * sales out of their hold, and the money check every scenario ends with.
 */
export function payoutsKit(ctx: () => TestContext, prefix: string) {
  const db = () => ctx().database.db;

  async function creator(
    name: string,
    account: { email?: string; payerId?: string | null } = {},
  ): Promise<Creator> {
    const username = `${prefix}-${name}`;
    const userId = await createUser(db(), { username, password: PASSWORD });
    const [shop] = await db()
      .insert(shops)
      .values({
        ownerUserId: userId,
        slug: username.toLowerCase(),
        name: `Shop ${name}`,
        defaultPercentage: 150,
        paypalEmail: account.email ?? `${username}@example.com`,
        paypalPayerId: account.payerId === undefined ? `PAYER${userId}` : account.payerId,
      })
      .returning({ id: shops.id });
    const token = await accessTokenFor(ctx().app, username, PASSWORD);
    return { name, userId, shopId: shop?.id ?? 0, token };
  }

  /** A completed order's profit, out of its hold (or in it, with `completedAt` recent or null). */
  async function sale(
    who: Creator,
    profit: number,
    order: { status?: TOrderStatus; completedAt?: Date | null } = {},
  ): Promise<string> {
    const orderNo = `LS${prefix.slice(0, 4).toUpperCase()}-${String(++orderSequence).padStart(7, '0')}`;
    const status = order.status ?? 2;
    const [row] = await db()
      .insert(orders)
      .values({
        orderNo,
        shopId: who.shopId,
        ownerUserId: who.userId,
        status,
        buyerEmail: 'buyer@example.com',
        shippingAddress: { name: 'B', line1: 'L', city: 'C', postalCode: '12345', countryCode: 'US' },
        totalMinor: profit * 2,
        platformMinor: profit,
        profitMinor: profit,
        paidAt: LONG_AGO,
        completedAt: order.completedAt === undefined ? (status === 2 ? LONG_AGO : null) : order.completedAt,
      })
      .returning({ id: orders.id });
    await db().insert(ledgerEntries).values({
      userId: who.userId,
      shopId: who.shopId,
      kind: 'sale',
      amountMinor: profit,
      orderId: row?.id,
    });
    return orderNo;
  }

  function call(who: Creator | string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    const token = typeof who === 'string' ? who : who?.token;
    return ctx().app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  }

  async function summary(who: Creator): Promise<TEarningsSummary> {
    const res = await call(who, 'GET', '/api/v1/earnings');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: TEarningsSummary }>().data;
  }

  /** available + pending + in flight = Σ sales − Σ paid payouts; every debit has one payout. */
  async function expectBalanced(who: Creator): Promise<TEarningsSummary> {
    const s = await summary(who);
    const [sales] = await db()
      .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::bigint`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, who.userId), eq(ledgerEntries.kind, 'sale')));
    const [paid] = await db()
      .select({ cents: sql<number>`coalesce(sum(${payouts.amountMinor}), 0)::bigint`.mapWith(Number) })
      .from(payouts)
      .where(and(eq(payouts.userId, who.userId), eq(payouts.status, 'paid')));
    expect(s.availableMinor + s.pendingMinor + s.inFlightMinor).toBe(
      (sales?.cents ?? 0) - (paid?.cents ?? 0),
    );
    return s;
  }

  async function payoutsOf(who: Creator) {
    return db().select().from(payouts).where(eq(payouts.userId, who.userId)).orderBy(payouts.id);
  }

  async function entriesOf(who: Creator, kind: 'payout' | 'payout_return') {
    return db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, who.userId), eq(ledgerEntries.kind, kind)));
  }

  /** The service the app runs, for its jobs (poll, reconcile, weekly payout) at a chosen time. */
  function service(rules: Partial<PayoutRules> = {}, realtime?: PayoutsDeps['realtime']) {
    return createPayoutsService({
      db: db(),
      payouts: ctx().app.payments.payouts,
      log: ctx().app.log,
      rules: () => ({ ...PAYOUT_RULE_DEFAULTS, ...rules }),
      // The app's own realtime unless the test listens itself: the news are always sent.
      realtime: realtime ?? ctx().app.realtime,
      creatorMails: ctx().app.creatorMails,
    });
  }

  return { creator, sale, call, summary, expectBalanced, payoutsOf, entriesOf, service };
}

let keySequence = 0;
/** A fresh withdrawal request key. */
export const newKey = () => `test-key-${Date.now()}-${++keySequence}`.padEnd(16, '0');
