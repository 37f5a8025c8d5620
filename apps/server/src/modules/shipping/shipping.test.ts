import {
  ErrorCode,
  ZEnvelope,
  ZShippingZone,
  ZShippingZonePage,
  type TShippingMethodRequest,
  type TShippingZoneRequest,
} from '@linkstore/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, operatorWith } from '../../test/users';
import {
  findShippingMethod,
  listShippingZonesForInfo,
  quoteShipping,
  shippingConfigured,
} from './shipping.api';
import { SEED_ZONES, seedShipping } from './shipping.seed';
import { shippingMethods, shippingZones } from './shipping.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.admin = await accessTokenFor(ctx.app, 'admin');
  tokens.guest = await accessTokenFor(ctx.app, 'test');
  tokens.reader = await operatorWith(ctx, 'shipping-reader', ['commerce:shipping:query']);
  // The template database has no zones (only the demo install seeds them, decision 0056).
  expect(await shippingConfigured(ctx.database.db)).toBe(false);
  expect(await seedShipping(ctx.database.db)).toBe(SEED_ZONES.length);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(as: string, method: Method, url: string, payload?: object, language?: string) {
  return ctx.app.inject({
    method,
    url: `/api/v1/shipping/zones${url}`,
    headers: {
      authorization: `Bearer ${tokens[as] ?? ''}`,
      ...(language === undefined ? {} : { 'accept-language': language }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function rowCounts() {
  const { db } = ctx.database;
  const [zones] = await db.select({ n: count() }).from(shippingZones);
  const [methods] = await db.select({ n: count() }).from(shippingMethods);
  return { zones: zones?.n, methods: methods?.n };
}

const STANDARD: TShippingMethodRequest = {
  name: 'Standard',
  kind: 'items',
  firstItemMinor: 999,
  additionalItemMinor: 250,
  minDays: 5,
  maxDays: 9,
  freeOverMinor: 15_000,
  sort: 1,
};
const REMOTE: TShippingZoneRequest = {
  name: 'US remote',
  countries: ['us'],
  regions: { US: ['ak', 'HI'] },
  sort: 10,
  methods: [STANDARD],
};

describe('seeded zones', () => {
  it('ships to every country of the countries seed, in US cents', async () => {
    const res = await call('admin', 'GET', '?pageSize=50');
    expect(res.statusCode).toBe(200);
    const { data } = ZEnvelope(ZShippingZonePage).parse(res.json());
    expect(data.list.map((zone) => [zone.name, zone.methodCount])).toEqual([
      ['United States', 2],
      ['Canada', 2],
      ['European Union', 2],
      ['United Kingdom', 2],
      ['Australia', 1],
      ['Rest of world', 1],
    ]);
    const covered = new Set(data.list.flatMap((zone) => zone.countries));
    for (const code of ['US', 'GB', 'CA', 'AU', 'BR', 'MX', 'CN', 'BG', 'CZ', 'DK', 'HU', 'PL', 'RO', 'SE']) {
      expect(covered.has(code), code).toBe(true);
    }
    for (const code of ['DE', 'FR', 'ES', 'IT', 'NL', 'AT', 'BE', 'IE', 'PT'])
      expect(covered.has(code), code).toBe(true);
    const us = ZEnvelope(ZShippingZone).parse(
      (await call('admin', 'GET', `/${data.list[0]?.id}`)).json(),
    ).data;
    expect(
      us.methods.map((m) => [
        m.name,
        m.firstItemMinor,
        m.additionalItemMinor,
        m.minDays,
        m.maxDays,
        m.freeOverMinor,
      ]),
    ).toEqual([
      ['Standard', 499, 150, 3, 5, 7500],
      ['Express', 1499, 300, 1, 2, null],
    ]);
  });

  it('finds zones by name or by an exact country code', async () => {
    const names = async (keywords: string) => {
      const res = await call('admin', 'GET', `?keywords=${encodeURIComponent(keywords)}`);
      return ZEnvelope(ZShippingZonePage)
        .parse(res.json())
        .data.list.map((zone) => zone.name);
    };
    expect(await names('union')).toEqual(['European Union']);
    expect(await names('mx')).toEqual(['Rest of world']);
    expect(await names('%')).toEqual([]);
  });
});

describe('zone CRUD', () => {
  it('creates a zone with its methods, reads, edits (keeping method ids) and deletes it', async () => {
    const created = await call('admin', 'POST', '', REMOTE);
    expect(created.statusCode).toBe(200);
    const zone = ZEnvelope(ZShippingZone).parse(created.json()).data;
    expect(zone).toMatchObject({
      name: 'US remote',
      countries: ['US'],
      regions: { US: ['AK', 'HI'] },
      sort: 10,
      enabled: true,
      methods: [{ ...STANDARD, weightBands: [], currencyCode: 'USD', enabled: true }],
    });
    const standardId = zone.methods[0]?.id;
    expect((await call('reader', 'GET', `/${zone.id}`)).json().data).toEqual(zone);

    const updated = await call('admin', 'PUT', `/${zone.id}`, {
      ...REMOTE,
      name: 'Alaska and Hawaii',
      methods: [
        { ...STANDARD, id: standardId, firstItemMinor: 1099 },
        {
          name: 'Freight',
          kind: 'weight',
          // Item prices sent for a weight method are not kept.
          firstItemMinor: 5,
          weightBands: [
            { upToGrams: 1000, rateMinor: 2000 },
            { upToGrams: 10_000, rateMinor: 6000 },
          ],
          minDays: 10,
          maxDays: 20,
          sort: 2,
        },
      ],
    });
    expect(updated.statusCode).toBe(200);
    const saved = ZEnvelope(ZShippingZone).parse(updated.json()).data;
    expect(saved.name).toBe('Alaska and Hawaii');
    expect(
      saved.methods.map((m) => [m.id === standardId, m.name, m.firstItemMinor, m.weightBands.length]),
    ).toEqual([
      [true, 'Standard', 1099, 0],
      [false, 'Freight', 0, 2],
    ]);

    // Methods not sent are removed.
    const fewer = await call('admin', 'PUT', `/${zone.id}`, {
      ...REMOTE,
      methods: [{ ...STANDARD, id: standardId }],
    });
    expect(fewer.json().data.methods.map((m: { id: string }) => m.id)).toEqual([standardId]);

    expect((await call('admin', 'DELETE', `/${zone.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/${zone.id}`)).statusCode).toBe(404);
    const { db } = ctx.database;
    expect(
      await db
        .select()
        .from(shippingMethods)
        .where(eq(shippingMethods.zoneId, Number(zone.id))),
    ).toEqual([]);
    expect((await call('admin', 'DELETE', `/${zone.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'PUT', `/${zone.id}`, REMOTE)).statusCode).toBe(404);
  });

  it('refuses a caller without the permission (A0301) and writes nothing', async () => {
    const before = await rowCounts();
    const [first] = await ctx.database.db.select().from(shippingZones).limit(1);
    const cases: [string, Method, string, object?][] = [
      ['guest', 'GET', ''],
      ['guest', 'GET', `/${first?.id}`],
      ['guest', 'POST', '', REMOTE],
      ['reader', 'POST', '', REMOTE],
      ['reader', 'PUT', `/${first?.id}`, REMOTE],
      ['reader', 'DELETE', `/${first?.id}`],
    ];
    for (const [as, method, url, payload] of cases) {
      const res = await call(as, method, url, payload);
      expect({ as, method, url, status: res.statusCode, code: res.json().code }).toEqual({
        as,
        method,
        url,
        status: 403,
        code: ErrorCode.FORBIDDEN,
      });
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('bad input', () => {
  const method = (changes: Partial<TShippingMethodRequest>) => ({
    ...REMOTE,
    methods: [{ ...STANDARD, ...changes }],
  });
  const cases: [string, object, string][] = [
    ['unknown country', { ...REMOTE, countries: ['US', 'ZZ'] }, 'countries.1'],
    ['no country', { ...REMOTE, countries: [], regions: {} }, 'countries'],
    ['region of another country', { ...REMOTE, regions: { CA: ['ON'] } }, 'regions.CA'],
    ['bad region code', { ...REMOTE, regions: { US: ['ALASKA'] } }, 'regions.US.0'],
    ['negative amount', method({ firstItemMinor: -1 }), 'methods.0.firstItemMinor'],
    ['amount over $10,000', method({ additionalItemMinor: 1_000_001 }), 'methods.0.additionalItemMinor'],
    ['fractional cents', method({ firstItemMinor: 4.99 }), 'methods.0.firstItemMinor'],
    ['amount as text', method({ freeOverMinor: '7500' as unknown as number }), 'methods.0.freeOverMinor'],
    ['days out of order', method({ minDays: 7, maxDays: 3 }), 'methods.0.maxDays'],
    ['days over 60', method({ maxDays: 61 }), 'methods.0.maxDays'],
    [
      'bands not ascending',
      method({
        kind: 'weight',
        weightBands: [
          { upToGrams: 2000, rateMinor: 100 },
          { upToGrams: 1000, rateMinor: 200 },
        ],
      }),
      'methods.0.weightBands.1.upToGrams',
    ],
    ['weight without bands', method({ kind: 'weight' }), 'methods.0.weightBands'],
    ['empty zone name', { ...REMOTE, name: '  ' }, 'name'],
    ['empty method name', method({ name: '' }), 'methods.0.name'],
    ['NUL in a name', { ...REMOTE, name: 'US\u0000remote' }, 'name'],
    ['zone name over 80', { ...REMOTE, name: 'x'.repeat(81) }, 'name'],
  ];

  it('answers each on its field, translated, and writes nothing', async () => {
    const before = await rowCounts();
    for (const [what, body, field] of cases) {
      const res = await call('admin', 'POST', '', body, 'fr');
      expect({
        what,
        status: res.statusCode,
        code: res.json().code,
        fields: res.json().data?.fields,
      }).toEqual({
        what,
        status: 400,
        code: ErrorCode.VALIDATION_FAILED,
        fields: [{ field, message: expect.any(String) }],
      });
    }
    const unknown = await call('admin', 'POST', '', { ...REMOTE, countries: ['ZZ'], regions: {} }, 'fr');
    expect(unknown.json().data.fields[0].message).toBe(
      'Pays inconnu : utilisez un code ISO à deux lettres, comme US ou FR',
    );
    const bands = await call('admin', 'POST', '', cases[10]?.[1], 'es');
    expect(bands.json().data.fields[0].message).toBe('Cada tramo debe ser más pesado que el anterior');
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a country (or region) another zone of the same sort already ships to, naming it', async () => {
    const before = await rowCounts();
    const res = await call('admin', 'POST', '', { name: 'Europe', countries: ['CH', 'FR'], sort: 30 });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual([
      {
        field: 'countries.1',
        message:
          'FR is already in the zone “European Union” with the same sort: remove it from one zone or change the sort',
      },
    ]);
    expect(await rowCounts()).toEqual(before);

    // A region zone over a whole country, or another sort, settles which zone ships.
    const hawaii = await call('admin', 'POST', '', { ...REMOTE, name: 'Hawaii', regions: { US: ['HI'] } });
    expect(hawaii.statusCode).toBe(200);
    const clash = await call('admin', 'POST', '', {
      ...REMOTE,
      name: 'Pacific',
      regions: { US: ['GU', 'HI'] },
    });
    expect(clash.json().data.fields).toEqual([
      { field: 'regions.US', message: expect.stringContaining('Hawaii') },
    ]);
    const later = await call('admin', 'POST', '', {
      ...REMOTE,
      name: 'Pacific',
      regions: { US: ['GU', 'HI'] },
      sort: 11,
    });
    expect(later.statusCode).toBe(200);
    // A zone saved again over itself does not clash with itself.
    const again = await call('admin', 'PUT', `/${hawaii.json().data.id}`, {
      ...REMOTE,
      name: 'Hawaii',
      regions: { US: ['HI'] },
    });
    expect(again.statusCode).toBe(200);
    for (const id of [hawaii.json().data.id, later.json().data.id]) await call('admin', 'DELETE', `/${id}`);
  });

  it('refuses a method id that is not one of the zone’s, changing nothing', async () => {
    const [other] = await ctx.database.db.select().from(shippingMethods).limit(1);
    const zone = (await call('admin', 'POST', '', REMOTE)).json().data;
    const res = await call('admin', 'PUT', `/${zone.id}`, {
      ...REMOTE,
      name: 'Renamed',
      methods: [{ ...STANDARD, id: String(other?.id) }],
    });
    expect(res.json().data.fields).toEqual([
      { field: 'methods.0.id', message: 'This method is not one of this zone’s' },
    ]);
    expect((await call('admin', 'GET', `/${zone.id}`)).json().data).toMatchObject({
      name: 'US remote',
      methods: [{ id: zone.methods[0].id }],
    });
    await call('admin', 'DELETE', `/${zone.id}`);
  });
});

describe('quotes (the face checkout calls)', () => {
  const shirt = (quantity: number, weightGrams = 200) => ({ quantity, weightGrams });

  it('prices the zone’s methods for the cart, by sort then cost; free over the threshold', async () => {
    const { db } = ctx.database;
    const quote = await quoteShipping(db, {
      countryCode: 'us',
      region: 'NY',
      lines: [shirt(2), shirt(1)],
      itemsMinor: 6000,
    });
    expect(quote?.zone.name).toBe('United States');
    expect(
      quote?.methods.map(({ name, costMinor, free, minDays, maxDays, currencyCode }) => [
        name,
        costMinor,
        free,
        minDays,
        maxDays,
        currencyCode,
      ]),
    ).toEqual([
      ['Standard', 499 + 2 * 150, false, 3, 5, 'USD'],
      ['Express', 1499 + 2 * 300, false, 1, 2, 'USD'],
    ]);
    const free = await quoteShipping(db, { countryCode: 'US', lines: [shirt(3)], itemsMinor: 7500 });
    expect(free?.methods[0]).toMatchObject({ name: 'Standard', costMinor: 0, free: true });
  });

  it('resolves a region zone over the whole country, and nothing where no zone ships', async () => {
    const { db } = ctx.database;
    const zone = (await call('admin', 'POST', '', REMOTE)).json().data;
    const input = { lines: [shirt(1)], itemsMinor: 2000 };
    expect((await quoteShipping(db, { ...input, countryCode: 'US', region: 'hi' }))?.zone).toEqual({
      id: zone.id,
      name: 'US remote',
    });
    expect((await quoteShipping(db, { ...input, countryCode: 'US', region: 'CA' }))?.zone.name).toBe(
      'United States',
    );
    expect(await quoteShipping(db, { ...input, countryCode: 'JP' })).toBeNull();
    // A disabled zone ships nothing: the whole country's zone takes the address again.
    await call('admin', 'PUT', `/${zone.id}`, {
      ...REMOTE,
      enabled: false,
      methods: [{ ...STANDARD, id: zone.methods[0].id }],
    });
    expect((await quoteShipping(db, { ...input, countryCode: 'US', region: 'HI' }))?.zone.name).toBe(
      'United States',
    );
    await call('admin', 'DELETE', `/${zone.id}`);
  });

  it('leaves out a weight method the parcel is too heavy for, and disabled methods', async () => {
    const { db } = ctx.database;
    const light = await quoteShipping(db, {
      countryCode: 'BR',
      lines: [shirt(10, 300)],
      itemsMinor: 100_000,
    });
    expect(light?.methods.map((m) => [m.name, m.costMinor])).toEqual([['International', 5999]]);
    const heavy = await quoteShipping(db, {
      countryCode: 'BR',
      lines: [shirt(10, 501)],
      itemsMinor: 100_000,
    });
    expect(heavy).toEqual({ zone: { id: expect.any(String), name: 'Rest of world' }, methods: [] });

    const [express] = await db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.name, 'Express'))
      .limit(1);
    await db
      .update(shippingMethods)
      .set({ enabled: false })
      .where(eq(shippingMethods.id, express?.id ?? 0));
    const zone = await quoteShipping(db, { countryCode: 'US', lines: [shirt(1)], itemsMinor: 0 });
    expect(zone?.methods.map((m) => m.name)).toEqual(['Standard']);
    await db
      .update(shippingMethods)
      .set({ enabled: true })
      .where(eq(shippingMethods.id, express?.id ?? 0));
  });

  it('re-prices a chosen method for the address, null when it is not offered there', async () => {
    const { db } = ctx.database;
    const us = await quoteShipping(db, { countryCode: 'US', lines: [shirt(2)], itemsMinor: 1000 });
    const express = us?.methods.find((m) => m.name === 'Express');
    const input = { countryCode: 'US', lines: [shirt(2)], itemsMinor: 1000 };
    expect(await findShippingMethod(db, express?.methodId ?? '', input)).toEqual(express);
    expect(await findShippingMethod(db, express?.methodId ?? '', { ...input, countryCode: 'GB' })).toBeNull();
    expect(await findShippingMethod(db, '999999', input)).toBeNull();
  });

  it('lists enabled zones with their enabled methods for the shipping information page', async () => {
    const { db } = ctx.database;
    const info = await listShippingZonesForInfo(db);
    expect(info.map((zone) => zone.name)).toEqual(SEED_ZONES.map((zone) => zone.name));
    expect(info[0]?.methods.map((m) => m.name)).toEqual(['Standard', 'Express']);
    expect(await shippingConfigured(db)).toBe(true);
    // The same list, public, for the storefront's shipping page.
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/public/shipping/zones' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown }>().data).toEqual(info);
  });
});

describe('seed', () => {
  it('runs again without inserting, and never brings back zones operators deleted', async () => {
    const { db } = ctx.database;
    expect(await seedShipping(db)).toBe(0);
    const [australia] = await db.select().from(shippingZones).where(eq(shippingZones.name, 'Australia'));
    await db.delete(shippingZones).where(eq(shippingZones.id, australia?.id ?? 0));
    expect(await seedShipping(db)).toBe(0);
    expect(await db.select().from(shippingZones).where(eq(shippingZones.name, 'Australia'))).toEqual([]);
  });
});
