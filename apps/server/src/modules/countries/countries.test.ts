import {
  ErrorCode,
  minorDigitsOf,
  ZCountry,
  ZCountryListResponse,
  ZCountryPage,
  ZEnvelope,
} from '@linkstore/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../platform/db/migrate';
import { runSeed } from '../../seed';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor } from '../../test/users';
import { countries } from './countries.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.admin = await accessTokenFor(ctx.app, 'admin');
  tokens.guest = await accessTokenFor(ctx.app, 'test');
});
afterAll(() => ctx.close());

async function list(query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/countries${query}` });
  return { status: res.statusCode, body: ZEnvelope(ZCountryListResponse).parse(res.json()) };
}

describe('GET /api/v1/countries', () => {
  it('lists the seeded countries with currency, code and symbol, US first', async () => {
    const { body } = await list();
    const codes = body.data.map((c) => c.id);
    for (const code of ['US', 'GB', 'DE', 'FR', 'ES', 'PT', 'IT', 'PL', 'SE', 'BR', 'MX', 'CN', 'CA', 'AU']) {
      expect(codes).toContain(code);
    }
    expect(body.data[0]).toEqual({
      id: 'US',
      code: 'US',
      name: 'United States',
      currency: 'United States dollar',
      currency_jc: 'USD',
      currency_symbol: '$',
      currency_minor_digits: 2,
      rate_per_usd_micros: 1_000_000,
    });
    expect(body.data.find((c) => c.id === 'BR')).toMatchObject({ currency_jc: 'BRL', currency_symbol: 'R$' });
  });

  it('seeds each currency with the minor digits of the contract’s table', async () => {
    const { body } = await list();
    expect(body.data.length).toBeGreaterThan(30);
    for (const country of body.data) {
      expect(country.currency_minor_digits, country.id).toBe(minorDigitsOf(country.currency_jc));
    }
  });

  it('filters by keywords, treating LIKE wildcards as text', async () => {
    expect((await list('?keywords=mex')).body.data.map((c) => c.id)).toEqual(['MX']);
    expect((await list('?keywords=eur')).body.data.length).toBeGreaterThan(15);
    expect((await list('?keywords=%25')).body.data).toEqual([]);
  });

  it('refuses keywords that are too long, naming the field', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/countries?keywords=${'x'.repeat(51)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual([
      { field: 'keywords', message: 'keywords must have at most 50 characters' },
    ]);
  });
});

function asOperator(as: string, method: 'GET' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url: `/api/v1/countries${url}`,
    headers: { authorization: `Bearer ${tokens[as] ?? ''}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('currency rates (operators)', () => {
  it('pages the rates as exact decimals, by keywords', async () => {
    const res = await asOperator('admin', 'GET', '/page?keywords=mex');
    expect(res.statusCode).toBe(200);
    const { data } = ZEnvelope(ZCountryPage).parse(res.json());
    expect(data.total).toBe(1);
    expect(data.list[0]).toMatchObject({ id: 'MX', currency_jc: 'MXN' });
    expect(data.list[0]?.rate).toMatch(/^\d+(\.\d{1,6})?$/);
    expect((await asOperator('admin', 'GET', '/page?pageSize=5')).json().data.list).toHaveLength(5);
  });

  it('edits a rate typed as a decimal into integer micros, and the public list shows it', async () => {
    const res = await asOperator('admin', 'PUT', '/SE', {
      rate: '10.654321',
      currencySymbol: 'kr ',
    });
    expect(res.statusCode).toBe(200);
    expect(ZEnvelope(ZCountry).parse(res.json()).data).toMatchObject({
      id: 'SE',
      currency_symbol: 'kr',
      rate_per_usd_micros: 10_654_321,
    });
    expect((await list('?keywords=sweden')).body.data[0]).toMatchObject({ rate_per_usd_micros: 10_654_321 });
    const page = await asOperator('admin', 'GET', '/page?keywords=sweden');
    expect(page.json().data.list[0].rate).toBe('10.654321');
  });

  it('keeps the ISO minor digits whatever an update sends (they are not editable)', async () => {
    const res = await asOperator('admin', 'PUT', '/SE', {
      rate: '10.654321',
      currencySymbol: 'kr',
      currencyMinorDigits: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.currency_minor_digits).toBe(minorDigitsOf('SEK'));
    const [se] = await ctx.database.db.select().from(countries).where(eq(countries.id, 'SE'));
    expect(se?.currencyMinorDigits).toBe(2);
  });

  it('refuses a NUL or a lone surrogate on its field and changes nothing; a whole emoji is kept', async () => {
    for (const currencySymbol of ['k\u0000r', 'k\uD800r', 'k\uDC00']) {
      const res = await asOperator('admin', 'PUT', '/SE', { rate: '3', currencySymbol });
      expect({ status: res.statusCode, code: res.json().code, fields: res.json().data?.fields }).toEqual({
        status: 400,
        code: ErrorCode.VALIDATION_FAILED,
        fields: [{ field: 'currencySymbol', message: expect.stringContaining('cannot be saved') }],
      });
    }
    const [se] = await ctx.database.db.select().from(countries).where(eq(countries.id, 'SE'));
    expect(se?.ratePerUsdMicros).not.toBe(3_000_000);
    const kept = await asOperator('admin', 'PUT', '/SE', {
      rate: se ? String(se.ratePerUsdMicros / 1e6) : '1',
      currencySymbol: 'k😀',
    });
    expect(kept.json().data.currency_symbol).toBe('k😀');
  });

  it('refuses a bad rate on its field, and an unknown country', async () => {
    for (const rate of ['0', '-1', '1.1234567', '0,92', 'abc']) {
      const res = await asOperator('admin', 'PUT', '/SE', {
        rate,
        currencySymbol: 'kr',
      });
      expect({ rate, status: res.statusCode, fields: res.json().data.fields }).toEqual({
        rate,
        status: 400,
        fields: [{ field: 'rate', message: expect.any(String) }],
      });
    }
    const float = await asOperator('admin', 'PUT', '/SE', {
      rate: 0.92,
      currencySymbol: 'kr',
    });
    expect(float.statusCode).toBe(400);
    const unknown = await asOperator('admin', 'PUT', '/ZZ', {
      rate: '1',
      currencySymbol: '¤',
    });
    expect(unknown.statusCode).toBe(404);
    const [se] = await ctx.database.db.select().from(countries).where(eq(countries.id, 'SE'));
    expect(se?.ratePerUsdMicros).toBe(10_654_321);
  });

  it('refuses a non-operator (A0301) and changes nothing', async () => {
    for (const [method, url] of [
      ['GET', '/page'],
      ['PUT', '/SE'],
    ] as const) {
      const res = await asOperator(
        'guest',
        method,
        url,
        method === 'PUT' ? { rate: '1', currencySymbol: 'x' } : undefined,
      );
      expect({ method, status: res.statusCode, code: res.json().code }).toEqual({
        method,
        status: 403,
        code: ErrorCode.FORBIDDEN,
      });
    }
    const [se] = await ctx.database.db.select().from(countries).where(eq(countries.id, 'SE'));
    expect(se?.ratePerUsdMicros).toBe(10_654_321);
  });
});

describe('compressed answers', () => {
  const getCountry = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/getCountry', headers });

  it('sends the countries (≈ 6 KB) as brotli or gzip to a client that takes them, the same JSON', async () => {
    const plain = await getCountry();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(4000);
    const json = plain.json();
    expect(json.data.info.list.length).toBeGreaterThan(30);

    const br = await getCountry({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);

    const gzip = await getCountry({ 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);

    const refused = await getCountry({ 'accept-encoding': 'gzip;q=0, br;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(json);

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/countries',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.rawPayload).toString()).data.length).toBeGreaterThan(30);
  });

  it('sends a small answer (< 1 KB) and an operator’s answer as they are', async () => {
    const small = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/countries?keywords=mex',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.map((c: { id: string }) => c.id)).toEqual(['MX']);
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/countries/page?pageSize=50',
      headers: { authorization: `Bearer ${tokens.admin ?? ''}`, 'accept-encoding': 'br, gzip' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.rawPayload.length).toBeGreaterThan(1024);
    expect(page.headers['content-encoding']).toBeUndefined();
  });
});

describe('seed and migrations', () => {
  it('run again without changing anything, keeping operators’ edits', async () => {
    const { db } = ctx.database;
    await db.update(countries).set({ ratePerUsdMicros: 950_000 }).where(eq(countries.id, 'FR'));
    await runMigrations(ctx.database);
    expect(await runSeed(db)).toEqual({
      countries: 0,
      operators: { created: [] },
      depts: 0,
      configs: 0,
      dicts: 0,
      menus: 0,
      infoPages: 0,
    });
    const [fr] = await db.select().from(countries).where(eq(countries.id, 'FR'));
    expect(fr?.ratePerUsdMicros).toBe(950_000);
  });
});
