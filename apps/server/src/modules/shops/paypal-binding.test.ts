import { ErrorCode, type TPayoutStatus } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { payouts } from '../payouts/payouts.table';
import { paypalBindings } from './paypal-binding.table';
import { shops } from './shops.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const PASSWORD = 'Binding-owner-pw-1';
const { call, ok } = apiCalls(() => ctx.app, tokens);

interface ShopView {
  paypalEmail: string | null;
  paypalVerified: boolean;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  for (const name of ['dora', 'emil', 'fay', 'gus']) {
    ids[name] = await createUser(ctx.database.db, {
      username: `bind-${name}`,
      email: `${name}@linkstore.test`,
      password: PASSWORD,
    });
    tokens[name] = await accessTokenFor(ctx.app, `bind-${name}`, PASSWORD);
    if (name !== 'gus') await ok(name, 'POST', '/shop', { name, slug: `bind-${name}` });
  }
});

afterAll(() => ctx.close());

const stateOf = (authorizeUrl: string) => new URLSearchParams(authorizeUrl.split('?')[1]).get('state') ?? '';

async function connect(as: string): Promise<string> {
  const { authorizeUrl } = await ok<{ authorizeUrl: string }>(as, 'POST', '/shop/paypal/connect');
  expect(authorizeUrl).toMatch(/^\/#\/paypal\/consent\?state=[A-Za-z0-9_-]{43}$/);
  return stateOf(authorizeUrl);
}

/** The browser follows the sandbox's redirect to our callback; answers where it was sent next. */
async function follow(redirectUrl: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: redirectUrl });
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  return String(res.headers.location);
}

async function agree(as: string, state: string, email: string): Promise<string> {
  const { redirectUrl } = await ok<{ redirectUrl: string }>(as, 'POST', `/shop/paypal/sandbox/${state}`, {
    decision: 'agree',
    email,
  });
  expect(redirectUrl).toMatch(/^\/api\/v1\/shop\/paypal\/callback\?code=.+&state=/);
  return redirectUrl;
}

async function setPayout(userId: number, status: TPayoutStatus | null): Promise<void> {
  const db = ctx.database.db;
  await db.delete(payouts).where(eq(payouts.userId, userId));
  if (status === null) return;
  const [shop] = await db.select().from(shops).where(eq(shops.ownerUserId, userId));
  await db.insert(payouts).values({
    userId,
    shopId: shop?.id ?? 0,
    amountMinor: 1000,
    currencyCode: 'USD',
    status,
    senderBatchId: `test-${userId}-${status}`,
    receiverEmail: shop?.paypalEmail ?? 'x@example.com',
    receiverPayerId: shop?.paypalPayerId ?? 'X',
  });
}

describe('connect PayPal through the sandbox', () => {
  it('connect → consent → callback → result: the shop shows the verified account', async () => {
    const state = await connect('dora');
    expect(await ok('dora', 'GET', `/shop/paypal/result/${state}`)).toEqual({ outcome: 'pending' });
    // The consent page suggests the account's email.
    expect(await ok('dora', 'GET', `/shop/paypal/sandbox/${state}`)).toEqual({
      email: 'dora@linkstore.test',
    });
    const location = await follow(await agree('dora', state, '  Dora.Pay@Example.COM '));
    expect(location).toBe(`/#/paypal/result?state=${state}`);
    expect(await ok('dora', 'GET', `/shop/paypal/result/${state}`)).toEqual({
      outcome: 'bound',
      email: 'dora.pay@example.com',
    });
    expect(await ok<ShopView>('dora', 'GET', '/shop')).toMatchObject({
      paypalEmail: 'dora.pay@example.com',
      paypalVerified: true,
    });
    const [row] = await ctx.database.db
      .select()
      .from(shops)
      .where(eq(shops.ownerUserId, ids.dora ?? 0));
    expect(row?.paypalPayerId).toMatch(/^[A-Z0-9]{13}$/);
    expect(row?.paypalVerifiedAt).toBeInstanceOf(Date);
  });

  it('cancel ends as failed ("cancelled") and leaves the shop as it was', async () => {
    const before = await ok<ShopView>('dora', 'GET', '/shop');
    const state = await connect('dora');
    const { redirectUrl } = await ok<{ redirectUrl: string }>(
      'dora',
      'POST',
      `/shop/paypal/sandbox/${state}`,
      {
        decision: 'cancel',
      },
    );
    expect(redirectUrl).toBe(`/api/v1/shop/paypal/callback?error=access_denied&state=${state}`);
    expect(await follow(redirectUrl)).toBe(`/#/paypal/result?state=${state}`);
    expect(await ok('dora', 'GET', `/shop/paypal/result/${state}`)).toEqual({
      outcome: 'failed',
      reason: 'cancelled',
    });
    expect(await ok('dora', 'GET', '/shop')).toEqual(before);
  });

  it('refuses an unknown, a reused and an expired state, and a forged code', async () => {
    expect(await follow('/api/v1/shop/paypal/callback?code=x&state=nope')).toBe(
      '/#/paypal/result?reason=state_invalid',
    );
    expect(
      await follow('/api/v1/shop/paypal/callback?code=x&state=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
    ).toBe('/#/paypal/result?reason=state_invalid');
    expect(await follow('/api/v1/shop/paypal/callback')).toBe('/#/paypal/result?reason=state_invalid');

    // Reused: the same redirect a second time changes nothing.
    const state = await connect('emil');
    const redirect = await agree('emil', state, 'emil.one@example.com');
    await follow(redirect);
    await ok('emil', 'DELETE', '/shop/paypal');
    expect(await follow(redirect)).toBe('/#/paypal/result?reason=state_used');
    expect(await ok<ShopView>('emil', 'GET', '/shop')).toMatchObject({
      paypalEmail: null,
      paypalVerified: false,
    });
    // A consent page for a finished attempt is gone.
    expect((await call('emil', 'GET', `/shop/paypal/sandbox/${state}`)).statusCode).toBe(404);

    // A code for one state does not work with another, nor with a changed signature.
    const other = await connect('emil');
    const code = new URLSearchParams(redirect.split('?')[1]).get('code') ?? '';
    expect(await follow(`/api/v1/shop/paypal/callback?code=${encodeURIComponent(code)}&state=${other}`)).toBe(
      `/#/paypal/result?state=${other}`,
    );
    expect(await ok('emil', 'GET', `/shop/paypal/result/${other}`)).toEqual({
      outcome: 'failed',
      reason: 'provider_error',
    });

    // Expired: more than 10 minutes at the provider.
    const late = await connect('emil');
    const lateRedirect = await agree('emil', late, 'emil.two@example.com');
    await ctx.database.db
      .update(paypalBindings)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(paypalBindings.state, late));
    expect(await follow(lateRedirect)).toBe(`/#/paypal/result?state=${late}`);
    expect(await ok('emil', 'GET', `/shop/paypal/result/${late}`)).toEqual({
      outcome: 'failed',
      reason: 'expired',
    });
    expect(await ok<ShopView>('emil', 'GET', '/shop')).toMatchObject({
      paypalEmail: null,
      paypalVerified: false,
    });
  });

  it('another creator can neither read a result nor answer a consent page that is not theirs', async () => {
    const state = await connect('dora');
    for (const [method, url, body] of [
      ['GET', `/shop/paypal/result/${state}`, undefined],
      ['GET', `/shop/paypal/sandbox/${state}`, undefined],
      ['POST', `/shop/paypal/sandbox/${state}`, { decision: 'agree', email: 'fay@example.com' }],
    ] as const) {
      const res = await call('fay', method, url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe(ErrorCode.NOT_FOUND);
    }
    expect((await call(null, 'GET', `/shop/paypal/result/${state}`)).statusCode).toBe(401);
    expect(await ok('dora', 'GET', `/shop/paypal/result/${state}`)).toEqual({ outcome: 'pending' });
  });

  it('refuses a bad consent answer with a translated field error, and a creator without a shop', async () => {
    const state = await connect('fay');
    const res = await call(
      'fay',
      'POST',
      `/shop/paypal/sandbox/${state}`,
      { decision: 'agree', email: 'nope' },
      'es',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toEqual(['email']);
    expect(await ok('fay', 'GET', `/shop/paypal/result/${state}`)).toEqual({ outcome: 'pending' });

    const noShop = await call('gus', 'POST', '/shop/paypal/connect', undefined, 'fr');
    expect(noShop.statusCode).toBe(404);
    expect(noShop.json()).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      msg: "Vous n'avez pas encore ouvert votre boutique.",
    });
    expect((await call('gus', 'DELETE', '/shop/paypal')).statusCode).toBe(404);
  });

  it('refuses changing or disconnecting while a payout is in flight; the callback checks it too', async () => {
    const state = await connect('fay');
    const redirect = await agree('fay', state, 'fay.first@example.com');
    await follow(redirect);
    const bound = await ok<ShopView>('fay', 'GET', '/shop');
    expect(bound).toMatchObject({ paypalEmail: 'fay.first@example.com', paypalVerified: true });

    // Started before the payout, finished while it is in flight: failed, the shop unchanged.
    const change = await connect('fay');
    const changeRedirect = await agree('fay', change, 'fay.second@example.com');
    for (const status of ['requested', 'processing'] as const) {
      await setPayout(ids.fay ?? 0, status);
      const refused = await call('fay', 'POST', '/shop/paypal/connect', undefined, 'pt');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: ErrorCode.PAYOUT_IN_FLIGHT });
      expect(refused.json().msg).toContain('PayPal');
      const disconnect = await call('fay', 'DELETE', '/shop/paypal');
      expect(disconnect.statusCode).toBe(409);
      expect(disconnect.json().code).toBe(ErrorCode.PAYOUT_IN_FLIGHT);
    }
    await follow(changeRedirect);
    expect(await ok('fay', 'GET', `/shop/paypal/result/${change}`)).toEqual({
      outcome: 'failed',
      reason: 'payout_in_flight',
    });
    expect(await ok('fay', 'GET', '/shop')).toEqual(bound);

    // A paid payout is no longer in flight.
    await setPayout(ids.fay ?? 0, 'paid');
    expect(await ok<ShopView>('fay', 'DELETE', '/shop/paypal')).toMatchObject({
      paypalEmail: null,
      paypalVerified: false,
    });
    await setPayout(ids.fay ?? 0, null);
  });

  it('shows a typed email from before as not verified; PUT /shop no longer sets it', async () => {
    await ctx.database.db
      .update(shops)
      .set({ paypalEmail: 'typed@example.com' })
      .where(eq(shops.ownerUserId, ids.emil ?? 0));
    expect(await ok<ShopView>('emil', 'GET', '/shop')).toMatchObject({
      paypalEmail: 'typed@example.com',
      paypalVerified: false,
    });
    // Sent anyway, it is not a field of the edit: nothing changes.
    await ok('emil', 'PUT', '/shop', { paypalEmail: 'other@example.com', description: 'Hi' });
    expect(await ok<ShopView>('emil', 'GET', '/shop')).toMatchObject({
      paypalEmail: 'typed@example.com',
      paypalVerified: false,
    });
    // The consent page suggests the typed address.
    const state = await connect('emil');
    expect(await ok('emil', 'GET', `/shop/paypal/sandbox/${state}`)).toEqual({ email: 'typed@example.com' });
  });

  it('limits how many attempts a creator starts in ten minutes', async () => {
    await ok('gus', 'POST', '/shop', { name: 'Gus', slug: 'bind-gus' });
    for (let i = 0; i < 20; i += 1) await ok('gus', 'POST', '/shop/paypal/connect');
    const res = await call('gus', 'POST', '/shop/paypal/connect');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(ErrorCode.RATE_LIMITED);
  });
});
