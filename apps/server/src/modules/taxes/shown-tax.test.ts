import { ErrorCode, shownUnitPrice, taxRoutes, ZEnvelope } from '@linkstore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CACHE_CONTROL } from '../../platform/http/answer-cache';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor } from '../../test/users';
import { seedTaxRates } from './taxes.api';

/*
 * The tax the storefront shows prices with (issue 34, "incl. VAT"): public, cached like the
 * storefront's reads, the rate checkout charges today.
 */

const CACHE_MS = 60_000;
let ctx: TestContext;
const tokens: Record<string, string> = {};
const { call, ok } = apiCalls(() => ctx.app, tokens);
const ZShownAnswer = ZEnvelope(taxRoutes.shown.response);

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', STOREFRONT_CACHE_MS: String(CACHE_MS) } });
  // The starting rates come with the demo catalogue (seed.ts); the test template has none.
  await seedTaxRates(ctx.database.db);
  tokens.admin = await accessTokenFor(ctx.app, 'admin');
});
afterAll(() => ctx.close());

/** The answer for a query string, as a visitor (no token), checked against the contract. */
async function shown(query: string) {
  const res = await call(null, 'GET', `/public/taxes/shown?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZShownAnswer.parse(res.json()).data;
}

describe('GET /api/v1/public/taxes/shown', () => {
  it('answers a visitor the rate buyers of the country see, included in prices where they expect it', async () => {
    const germany = await shown('countryCode=de');
    expect(germany).toEqual({ name: 'VAT', rateMicros: 190_000, inclusive: true, shippingTaxed: true });
    // The price a German buyer sees is the one checkout charges: $10.00 net → $11.90.
    expect(shownUnitPrice(1000, germany)).toBe(1190);
    expect(await shown('countryCode=AU')).toMatchObject({
      name: 'GST',
      rateMicros: 100_000,
      inclusive: true,
    });
    // Added at checkout: prices stay as they are.
    const canada = await shown('countryCode=CA');
    expect(canada).toEqual({ name: 'GST', rateMicros: 50_000, inclusive: false, shippingTaxed: true });
    expect(shownUnitPrice(1000, canada)).toBe(1000);
    expect(await shown('countryCode=US&region=ny')).toMatchObject({ name: 'Sales tax', inclusive: false });
  });

  it('answers null where no tax is charged', async () => {
    expect(await shown('countryCode=US')).toBeNull();
    expect(await shown('countryCode=US&region=OR')).toBeNull();
    expect(await shown('countryCode=JP')).toBeNull();
  });

  it('is a public answer a CDN may keep, with an ETag', async () => {
    const res = await call(null, 'GET', '/public/taxes/shown?countryCode=FR');
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(res.headers.etag).toBeDefined();
    const again = await ctx.app.inject({
      url: '/api/v1/public/taxes/shown?countryCode=FR',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses what is no country or not its region, per field and translated', async () => {
    for (const [query, field] of [
      ['countryCode=ZZ', 'countryCode'],
      ['countryCode=__proto__', 'countryCode'],
      ['countryCode=constructor', 'countryCode'],
      ['', 'countryCode'],
      ['countryCode=US&region=ZZ', 'region'],
      ['countryCode=US&region=%00', 'region'],
    ] as const) {
      const res = await call(null, 'GET', `/public/taxes/shown?${query}`, undefined, 'es');
      expect(res.statusCode, query).toBe(400);
      const body = res.json<{ code: string; data: { fields: { field: string; message: string }[] } }>();
      expect(body.code, query).toBe(ErrorCode.VALIDATION_FAILED);
      expect(
        body.data.fields.map((f) => f.field),
        query,
      ).toEqual([field]);
      // In the caller's language, never a message key.
      expect(body.data.fields[0]?.message, query).not.toMatch(/^[a-z]+\.[a-zA-Z]+$/);
    }
  });

  it('shows a rate an operator saves at once, though answers are cached', async () => {
    expect(await shown('countryCode=CH')).toBeNull();
    const today = new Date().toISOString().slice(0, 10);
    const rate = await ok<{ id: string }>('admin', 'POST', '/taxes/rates', {
      countryCode: 'CH',
      region: '',
      name: 'MWST',
      rate: '8.1',
      inclusive: true,
      shippingTaxed: true,
      validFrom: today,
    });
    expect(await shown('countryCode=CH')).toEqual({
      name: 'MWST',
      rateMicros: 81_000,
      inclusive: true,
      shippingTaxed: true,
    });
    await ok('admin', 'DELETE', `/taxes/rates/${rate.id}`);
    expect(await shown('countryCode=CH')).toBeNull();
  });
});
