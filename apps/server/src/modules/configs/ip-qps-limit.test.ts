import { ErrorCode } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor } from '../../test/users';
import { configs } from './configs.table';
import { IP_QPS_KEY, IP_QPS_WINDOW_SECONDS, isLoopback, readIpQpsLimit } from './ip-qps-limit';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
});
afterAll(() => ctx.close());

async function setLimit(value: string) {
  await ctx.database.db.update(configs).set({ value }).where(eq(configs.key, IP_QPS_KEY));
  await ctx.app.configValues.reload();
}

const from = (remoteAddress: string, url = '/api/health', language = 'en') =>
  ctx.app.inject({ method: 'GET', url, remoteAddress, headers: { 'accept-language': language } });

describe('IP_QPS_THRESHOLD_LIMIT', () => {
  it('reads a positive whole number; anything else turns the limit off', () => {
    expect(readIpQpsLimit('10')).toBe(10);
    expect(readIpQpsLimit(' 3 ')).toBe(3);
    for (const off of [undefined, '', '0', '-1', '2.5', 'ten', '9999999'])
      expect(readIpQpsLimit(off)).toBeNull();
  });

  it('knows this machine’s addresses', () => {
    expect(['127.0.0.1', '127.8.0.1', '::1', '::ffff:127.0.0.1', undefined].map(isLoopback)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['203.0.113.9', '::ffff:203.0.113.9', '2001:db8::1', '10.0.0.127'].map(isLoopback)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('lets an address make limit × window requests per window, then answers 429 (translated, Retry-After) — another address and this machine go on', async () => {
    await setLimit('2');
    const allowed = 2 * IP_QPS_WINDOW_SECONDS;
    for (let i = 0; i < allowed; i += 1) expect((await from('203.0.113.9')).statusCode).toBe(200);
    const refused = await from('203.0.113.9', '/api/health', 'es');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(IP_QPS_WINDOW_SECONDS));
    expect(refused.json()).toMatchObject({
      code: ErrorCode.RATE_LIMITED,
      msg: expect.stringMatching(/Demasiadas/),
    });
    // Counted before anything else: a signed-in route refuses the same way, not with 401.
    expect((await from('203.0.113.9', '/api/v1/users/me')).statusCode).toBe(429);

    expect((await from('203.0.113.10')).statusCode).toBe(200);
    for (let i = 0; i < allowed + 5; i += 1) expect((await from('127.0.0.1')).statusCode).toBe(200);
    // PayPal's webhook has its own per-address limit (WEBHOOK_LIMIT) and is not counted here.
    const webhook = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/paypal/webhook',
      remoteAddress: '203.0.113.9',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.statusCode).not.toBe(429);
    // Outside /api/ (the web app, the storefront's pages) nothing is counted.
    expect((await from('203.0.113.9', '/')).statusCode).not.toBe(429);
  });

  it('refuses to save a value it would not read as a limit, changing nothing', async () => {
    const token = await accessTokenFor(ctx.app, 'admin');
    const [row] = await ctx.database.db.select().from(configs).where(eq(configs.key, IP_QPS_KEY));
    const before = row?.value;
    for (const value of ['ten', '2.5', '-1', '']) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/config/${row?.id}`,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' },
        payload: { name: row?.name, key: IP_QPS_KEY, value },
      });
      expect(res.statusCode, value).toBe(400);
      if (value !== '')
        expect(res.json().data.fields[0]).toMatchObject({
          field: 'value',
          message: expect.stringMatching(/nombre entier/),
        });
    }
    expect(ctx.app.configValues.get(IP_QPS_KEY)).toBe(before);
    const [after] = await ctx.database.db.select().from(configs).where(eq(configs.key, IP_QPS_KEY));
    expect(after?.value).toBe(before);
  });

  it('takes a new setting at once, and 0 turns it off', async () => {
    await setLimit('0');
    for (let i = 0; i < 30; i += 1) expect((await from('203.0.113.20')).statusCode).toBe(200);
    await setLimit('1');
    let last = 0;
    for (let i = 0; i <= IP_QPS_WINDOW_SECONDS; i += 1) last = (await from('203.0.113.21')).statusCode;
    expect(last).toBe(429);
    await setLimit('10');
  });
});
