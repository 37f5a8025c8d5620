import { ZCountryListResponse, ZEnvelope } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../platform/db/migrate';
import { runSeed } from '../../platform/db/seed';
import { createTestApp, type TestContext } from '../../test/helper';
import { countries } from './countries.table';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
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
    });
    const [fr] = await db.select().from(countries).where(eq(countries.id, 'FR'));
    expect(fr?.ratePerUsdMicros).toBe(950_000);
  });
});
