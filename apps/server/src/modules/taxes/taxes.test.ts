import { ErrorCode, ZEnvelope, ZTaxRate, ZTaxRatePage } from '@linkstore/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, operatorWith } from '../../test/users';
import { taxRateFor, taxRulesFor } from './taxes.api';
import { seedTaxRates } from './taxes.seed';
import { taxRates } from './taxes.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  // The starting rates come with the demo catalogue (seed.ts); the test template has none.
  await seedTaxRates(ctx.database.db);
  tokens.admin = await accessTokenFor(ctx.app, 'admin');
  tokens.guest = await accessTokenFor(ctx.app, 'test');
  tokens.reader = await operatorWith(ctx, 'tax-reader', ['commerce:tax:query']);
});
afterAll(() => ctx.close());

const at = (iso: string) => new Date(iso);

function call(as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url: `/api/v1/taxes/rates${url}`,
    headers: { authorization: `Bearer ${tokens[as] ?? ''}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function rowCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(taxRates);
  return row?.n ?? 0;
}

const NEW_RATE = {
  countryCode: 'ch',
  region: '',
  name: 'MWST',
  rate: '8.1',
  inclusive: true,
  shippingTaxed: true,
  validFrom: '2024-01-01',
};

describe('seeded rates and the rule in force', () => {
  it('seeds the 27 EU members, GB, AU, Canada and the US states with a sales tax', async () => {
    const rows = await ctx.database.db.select().from(taxRates);
    const countries = new Set(rows.map((r) => r.countryCode));
    for (const code of ['DE', 'FR', 'ES', 'IT', 'NL', 'RO', 'BG', 'HU', 'GB', 'AU', 'CA', 'US']) {
      expect(countries, code).toContain(code);
    }
    const eu = rows.filter((r) => r.name === 'VAT' && r.countryCode !== 'GB');
    expect(new Set(eu.map((r) => r.countryCode)).size).toBe(27);
    expect(rows.filter((r) => r.countryCode === 'CA' && r.region !== '')).toHaveLength(14);
    expect(rows.some((r) => r.countryCode === 'US' && r.region === 'OR')).toBe(false);
    expect(rows.some((r) => r.countryCode === 'US' && r.region === '')).toBe(false);
    expect(await seedTaxRates(ctx.database.db)).toBe(0);
  });

  it('resolves the whole country’s rate with its display and shipping settings', async () => {
    expect(await taxRateFor(ctx.database.db, 'DE', undefined, at('2025-06-01T12:00:00Z'))).toEqual({
      countryCode: 'DE',
      region: '',
      name: 'VAT',
      rateMicros: 190_000,
      inclusive: true,
      shippingTaxed: true,
    });
    expect(await taxRateFor(ctx.database.db, 'us', 'ny', at('2025-06-01T12:00:00Z'))).toEqual({
      countryCode: 'US',
      region: 'NY',
      name: 'Sales tax',
      rateMicros: 40_000,
      inclusive: false,
      shippingTaxed: false,
    });
  });

  it('switches to a new rate on its valid_from day (UTC), keeping the old one before', async () => {
    const db = ctx.database.db;
    expect((await taxRateFor(db, 'RO', undefined, at('2025-07-31T23:59:59Z'))).rateMicros).toBe(190_000);
    expect((await taxRateFor(db, 'RO', undefined, at('2025-08-01T00:00:00Z'))).rateMicros).toBe(210_000);
    expect((await taxRateFor(db, 'CA', 'NS', at('2025-03-31T12:00:00Z'))).rateMicros).toBe(150_000);
    expect((await taxRateFor(db, 'CA', 'NS', at('2025-04-01T12:00:00Z'))).rateMicros).toBe(140_000);
    // Before any rate was in force: no tax.
    expect((await taxRateFor(db, 'RO', undefined, at('2023-12-31T12:00:00Z'))).rateMicros).toBe(0);
  });

  it('falls back from the region to the whole country, and to no tax', async () => {
    const db = ctx.database.db;
    const now = at('2025-09-01T00:00:00Z');
    expect(await taxRateFor(db, 'CA', 'ON', now)).toMatchObject({
      region: 'ON',
      name: 'HST',
      rateMicros: 130_000,
    });
    expect(await taxRateFor(db, 'CA', 'QC', now)).toMatchObject({ name: 'GST + QST', rateMicros: 149_750 });
    expect(await taxRateFor(db, 'CA', 'XX', now)).toMatchObject({
      region: '',
      name: 'GST',
      rateMicros: 50_000,
    });
    expect(await taxRateFor(db, 'CA', undefined, now)).toMatchObject({ region: '', rateMicros: 50_000 });
    expect(await taxRateFor(db, 'US', 'OR', now)).toEqual({
      countryCode: 'US',
      region: 'OR',
      name: '',
      rateMicros: 0,
      inclusive: false,
      shippingTaxed: false,
    });
    expect(await taxRateFor(db, 'JP', undefined, now)).toMatchObject({ rateMicros: 0, inclusive: false });
  });

  it('lists a country’s rules for the storefront: the whole country’s first, then each region’s', async () => {
    const rules = await taxRulesFor(ctx.database.db, 'ca', at('2025-09-01T00:00:00Z'));
    expect(rules.country).toMatchObject({ countryCode: 'CA', region: '', name: 'GST', rateMicros: 50_000 });
    expect(rules.regions).toHaveLength(13);
    expect(rules.regions.find((r) => r.region === 'NS')?.rateMicros).toBe(140_000);
    const us = await taxRulesFor(ctx.database.db, 'US', at('2025-09-01T00:00:00Z'));
    expect(us.country.rateMicros).toBe(0);
    expect(us.regions.find((r) => r.region === 'LA')?.rateMicros).toBe(50_000);
  });
});

describe('tax rates in the console', () => {
  it('adds, lists, edits and deletes a rate; the percentage is kept as integer micros', async () => {
    const created = await call('admin', 'POST', '', NEW_RATE);
    expect(created.statusCode).toBe(200);
    const rate = ZEnvelope(ZTaxRate).parse(created.json()).data;
    expect(rate).toMatchObject({ countryCode: 'CH', region: '', rateMicros: 81_000, rate: '8.1' });
    expect((await taxRateFor(ctx.database.db, 'CH', undefined, new Date())).rateMicros).toBe(81_000);

    const page = await call('admin', 'GET', '?countryCode=ch&keywords=mwst');
    const { data } = ZEnvelope(ZTaxRatePage).parse(page.json());
    expect(data.total).toBe(1);
    expect(data.list[0]?.id).toBe(rate.id);
    expect((await call('admin', 'GET', '?countryCode=CA&pageSize=5')).json().data).toMatchObject({
      total: 15,
    });

    const edited = await call('admin', 'PUT', `/${rate.id}`, { ...NEW_RATE, rate: '8.875', region: 'zh' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ region: 'ZH', rateMicros: 88_750, rate: '8.875' });

    expect((await call('admin', 'DELETE', `/${rate.id}`)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(taxRates).where(eq(taxRates.countryCode, 'CH'))).toEqual([]);
    expect((await call('admin', 'DELETE', `/${rate.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'PUT', `/${rate.id}`, NEW_RATE)).statusCode).toBe(404);
  });

  it('takes a region’s future rate as its own from its day, and the country’s until then', async () => {
    const future = await call('admin', 'POST', '', {
      ...NEW_RATE,
      countryCode: 'DE',
      region: 'BY',
      name: 'VAT',
      rate: '20',
      validFrom: '2099-01-01',
    });
    expect(future.statusCode).toBe(200);
    const db = ctx.database.db;
    expect((await taxRateFor(db, 'DE', 'BY', at('2098-12-31T12:00:00Z'))).rateMicros).toBe(190_000);
    expect((await taxRateFor(db, 'DE', 'BY', at('2099-01-01T00:00:00Z'))).rateMicros).toBe(200_000);
    expect((await call('admin', 'DELETE', `/${future.json().data.id}`)).statusCode).toBe(200);
  });

  it('refuses bad input with a translated field error and writes nothing', async () => {
    const before = await rowCount();
    const cases: Array<[object, string]> = [
      [{ countryCode: 'ZZ' }, 'countryCode'],
      [{ rate: '8.87501' }, 'rate'],
      [{ rate: '100.01' }, 'rate'],
      [{ rate: 19 }, 'rate'],
      [{ region: 'N Y' }, 'region'],
      [{ region: 'O\u0000N' }, 'region'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(41) }, 'name'],
      [{ validFrom: '2025-02-30' }, 'validFrom'],
      // The seeded German rate from that day.
      [{ countryCode: 'DE', validFrom: '2024-01-01' }, 'validFrom'],
    ];
    for (const [change, field] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/taxes/rates',
        headers: { authorization: `Bearer ${tokens.admin ?? ''}`, 'accept-language': 'fr' },
        payload: { ...NEW_RATE, ...change },
      });
      expect({
        change,
        status: res.statusCode,
        code: res.json().code,
        fields: res.json().data?.fields,
      }).toEqual({
        change,
        status: 400,
        code: ErrorCode.VALIDATION_FAILED,
        fields: [{ field, message: expect.any(String) }],
      });
    }
    const unknownCountry = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/taxes/rates',
      headers: { authorization: `Bearer ${tokens.admin ?? ''}`, 'accept-language': 'fr' },
      payload: { ...NEW_RATE, countryCode: 'ZZ' },
    });
    expect(unknownCountry.json().data.fields[0].message).toBe(
      'countryCode doit être un code pays ISO à deux lettres, comme DE ou US',
    );
    const duplicate = await call('admin', 'POST', '', { ...NEW_RATE, countryCode: 'DE' });
    expect(duplicate.json().data.fields[0].message).toBe(
      'This country and region already have a rate from this day',
    );
    // An edit onto another rate's day is refused the same way, and leaves the row as it was.
    const [de] = await ctx.database.db.select().from(taxRates).where(eq(taxRates.countryCode, 'DE'));
    const [fr] = await ctx.database.db.select().from(taxRates).where(eq(taxRates.countryCode, 'FR'));
    const clash = await call('admin', 'PUT', `/${fr?.id}`, { ...NEW_RATE, countryCode: 'DE', rate: '5' });
    expect(clash.json().data.fields).toEqual([{ field: 'validFrom', message: expect.any(String) }]);
    const [frAfter] = await ctx.database.db
      .select()
      .from(taxRates)
      .where(eq(taxRates.id, fr?.id ?? 0));
    expect(frAfter).toEqual(fr);
    expect(de?.rateMicros).toBe(190_000);
    expect(await rowCount()).toBe(before);
  });

  it('refuses callers without the permission (A0301) and changes nothing', async () => {
    const before = await rowCount();
    const [fr] = await ctx.database.db.select().from(taxRates).where(eq(taxRates.countryCode, 'FR'));
    const attempts = [
      ['guest', 'GET', ''],
      ['guest', 'POST', ''],
      ['guest', 'PUT', `/${fr?.id}`],
      ['guest', 'DELETE', `/${fr?.id}`],
      ['reader', 'POST', ''],
      ['reader', 'PUT', `/${fr?.id}`],
      ['reader', 'DELETE', `/${fr?.id}`],
    ] as const;
    for (const [as, method, url] of attempts) {
      const body = method === 'POST' || method === 'PUT' ? { ...NEW_RATE, rate: '1' } : undefined;
      const res = await call(as, method, url, body);
      expect({ as, method, status: res.statusCode, code: res.json().code }).toEqual({
        as,
        method,
        status: 403,
        code: ErrorCode.FORBIDDEN,
      });
    }
    expect((await call('reader', 'GET', '?countryCode=FR')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/taxes/rates' })).statusCode).toBe(401);
    const [frAfter] = await ctx.database.db.select().from(taxRates).where(eq(taxRates.countryCode, 'FR'));
    expect(frAfter).toEqual(fr);
    expect(await rowCount()).toBe(before);
  });
});
