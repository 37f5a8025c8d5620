import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { startPayPalIdentityStandIn, type PayPalIdentityStandIn } from '../../test/paypal-identity-stand-in';
import { accessTokenFor, createUser } from '../../test/users';
import { paypalAuthorizeBase } from './paypal-binding.identity';
import { shops } from './shops.table';

let ctx: TestContext;
let paypal: PayPalIdentityStandIn;
const tokens: Record<string, string> = {};
const PASSWORD = 'Binding-paypal-pw-1';
const { call, ok } = apiCalls(() => ctx.app, tokens);
const PUBLIC_URL = 'https://shop.example.test';

beforeAll(async () => {
  paypal = await startPayPalIdentityStandIn();
  ctx = await createTestApp({
    env: {
      CAPTCHA_ENABLED: 'false',
      PUBLIC_URL,
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_BASE_URL: paypal.baseUrl,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: 'WH-binding-test',
    },
  });
  await createUser(ctx.database.db, { username: 'pp-hana', password: PASSWORD });
  tokens.hana = await accessTokenFor(ctx.app, 'pp-hana', PASSWORD);
  await ok('hana', 'POST', '/shop', { name: 'Hana', slug: 'pp-hana' });
});

afterAll(async () => {
  await ctx.close();
  await paypal.close();
});

/**
 * Connect → PayPal's authorize page (the stand-in signs in and agrees) → our callback, as the
 * browser would follow it. Answers the state and where the callback sent the browser.
 */
async function connectAtPayPal(): Promise<{ state: string; location: string }> {
  const { authorizeUrl } = await ok<{ authorizeUrl: string }>('hana', 'POST', '/shop/paypal/connect');
  const authorize = new URL(authorizeUrl);
  expect(authorize.origin + authorize.pathname).toBe(`${paypal.baseUrl}/signin/authorize`);
  const q = authorize.searchParams;
  expect(q.get('client_id')).toBe(paypal.clientId);
  expect(q.get('response_type')).toBe('code');
  expect(q.get('scope')).toBe('openid email https://uri.paypal.com/services/paypalattributes');
  expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v1/shop/paypal/callback`);
  expect(q.get('code_challenge_method')).toBe('S256');
  expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(q.get('nonce')).toBeTruthy();
  const state = q.get('state') ?? '';

  const atPayPal = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atPayPal.status).toBe(302);
  const back = new URL(atPayPal.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/api/v1/shop/paypal/callback`);
  expect(back.searchParams.get('state')).toBe(state);
  const res = await ctx.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(res.statusCode).toBe(302);
  return { state, location: String(res.headers.location) };
}

describe('connect PayPal through "Log in with PayPal"', () => {
  it('trades the code with the PKCE verifier and stores the payer id and confirmed primary email', async () => {
    paypal.user = {
      payerId: 'QYR5Z8XDVJNXQ',
      emails: [
        { value: 'old@example.com', primary: false, confirmed: true },
        { value: 'Hana.Pay@Example.com', primary: true, confirmed: 'true' },
      ],
    };
    const { state, location } = await connectAtPayPal();
    expect(location).toBe(`/#/paypal/result?state=${state}`);
    expect(await ok('hana', 'GET', `/shop/paypal/result/${state}`)).toEqual({
      outcome: 'bound',
      email: 'hana.pay@example.com',
    });
    expect(await ok('hana', 'GET', '/shop')).toMatchObject({
      paypalEmail: 'hana.pay@example.com',
      paypalVerified: true,
    });
    const [row] = await ctx.database.db.select().from(shops).where(eq(shops.slug, 'pp-hana'));
    expect(row?.paypalPayerId).toBe('QYR5Z8XDVJNXQ');
  });

  it('refuses an account whose email PayPal has not confirmed; the shop keeps its account', async () => {
    paypal.user = {
      payerId: 'UNCONFIRMED01',
      emails: [{ value: 'unconfirmed@example.com', primary: true, confirmed: false }],
    };
    const { state } = await connectAtPayPal();
    expect(await ok('hana', 'GET', `/shop/paypal/result/${state}`)).toEqual({
      outcome: 'failed',
      reason: 'email_unverified',
    });
    expect(await ok('hana', 'GET', '/shop')).toMatchObject({ paypalEmail: 'hana.pay@example.com' });
  });

  it('a token error from PayPal ends as failed (provider_error), nothing changed', async () => {
    paypal.user = {
      payerId: 'OTHERPAYER001',
      emails: [{ value: 'other@example.com', primary: true, confirmed: true }],
    };
    paypal.failNextToken = 400;
    const calls = paypal.tokenCalls;
    const { state } = await connectAtPayPal();
    expect(paypal.tokenCalls).toBe(calls + 1);
    expect(await ok('hana', 'GET', `/shop/paypal/result/${state}`)).toEqual({
      outcome: 'failed',
      reason: 'provider_error',
    });
    const [row] = await ctx.database.db.select().from(shops).where(eq(shops.slug, 'pp-hana'));
    expect(row).toMatchObject({ paypalEmail: 'hana.pay@example.com', paypalPayerId: 'QYR5Z8XDVJNXQ' });
  });

  it('a denied consent at PayPal is "cancelled"; the sandbox consent endpoints are not offered', async () => {
    const { authorizeUrl } = await ok<{ authorizeUrl: string }>('hana', 'POST', '/shop/paypal/connect');
    const state = new URL(authorizeUrl).searchParams.get('state') ?? '';
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/shop/paypal/callback?error=access_denied&error_description=denied&state=${state}`,
    });
    expect(res.headers.location).toBe(`/#/paypal/result?state=${state}`);
    expect(await ok('hana', 'GET', `/shop/paypal/result/${state}`)).toEqual({
      outcome: 'failed',
      reason: 'cancelled',
    });
    const other = new URL(
      (await ok<{ authorizeUrl: string }>('hana', 'POST', '/shop/paypal/connect')).authorizeUrl,
    ).searchParams.get('state');
    expect((await call('hana', 'GET', `/shop/paypal/sandbox/${other}`)).statusCode).toBe(404);
  });

  it("sends the browser to PayPal's own sign-in pages for PayPal's hosts", () => {
    expect(paypalAuthorizeBase('https://api-m.sandbox.paypal.com')).toBe('https://www.sandbox.paypal.com');
    expect(paypalAuthorizeBase('https://api-m.paypal.com')).toBe('https://www.paypal.com');
    expect(paypalAuthorizeBase('http://127.0.0.1:9/')).toBe('http://127.0.0.1:9');
  });
});
