import * as contract from '@linkstore/contract';
import { ErrorCode, type TRouteDef } from '@linkstore/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { multipartFile } from '../../test/users-kit';

/**
 * Text PostgreSQL cannot keep — a NUL, a lone UTF-16 surrogate — is refused on its field (400
 * A0400, the field named) by every route, public or not, and nothing changes: never a 500.
 */

const CREATOR_PASSWORD = 'Unstorable-pw-1';
/** Outside the contract: PayPal's calls, over the exact bytes it signed. */
const PAYPAL_WEBHOOK_PATH = '/api/v1/payments/paypal/webhook';

let ctx: TestContext;
const tokens: Record<'root' | 'creator', string> = { root: '', creator: '' };

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.root = await accessTokenFor(ctx.app, 'root');
  await createUser(ctx.database.db, { username: 'text-maker', password: CREATOR_PASSWORD });
  tokens.creator = await accessTokenFor(ctx.app, 'text-maker', CREATOR_PASSWORD);
  const opened = await send(
    'creator',
    'POST',
    '/api/v1/shop',
    JSON.stringify({ name: 'Demo', slug: 'demo' }),
  );
  expect(opened.statusCode, opened.body).toBe(200);
});
afterAll(() => ctx.close());

type Caller = keyof typeof tokens | null;

/** `payload` is raw JSON text: `\u0000` and `\ud800` escapes reach the server's JSON.parse as is. */
function send(as: Caller, method: string, url: string, payload?: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

const outcome = (res: LightMyRequestResponse) => {
  const body = res.json<{ code: string; data: { fields?: { field: string; message: string }[] } | null }>();
  return { status: res.statusCode, code: body.code, fields: body.data?.fields?.map((f) => f.field) ?? [] };
};

/** JSON text escapes: what a client's JSON.stringify sends for a NUL and half an emoji. */
const NUL = '\\u0000';
const HALF = '\\ud800';

/** [who, method, url, raw JSON body or undefined, the field the refusal must name] */
const CASES: [Caller, string, string, string | undefined, string][] = [
  [null, 'POST', '/api/v1/auth/login', `{"username":"${NUL}","password":"x"}`, 'username'],
  [null, 'POST', '/api/v1/auth/login', `{"username":"a${HALF}","password":"x"}`, 'username'],
  [null, 'POST', '/api/v1/auth/login', `{"username":"admin","password":"p${NUL}"}`, 'password'],
  [null, 'GET', '/api/v1/public/shops/demo/products?keywords=%00', undefined, 'keywords'],
  [null, 'GET', '/api/v1/public/shops/%00', undefined, 'slug'],
  [null, 'GET', '/api/v1/public/shops/%00/products', undefined, 'slug'],
  [
    null,
    'POST',
    '/api/v1/public/checkout',
    `{"slug":"demo","items":[{"productId":"1","quantity":1}],"email":"a@b.se","address":{"name":"${HALF}"}}`,
    'address.name',
  ],
  [
    null,
    'POST',
    '/api/v1/public/checkout',
    `{"slug":"demo","items":[],"email":"a@b.se","address":{"line1":"x${NUL}"}}`,
    'address.line1',
  ],
  ['creator', 'GET', '/api/v1/shop/products?keywords=%00', undefined, 'keywords'],
  ['creator', 'GET', '/api/v1/pricing/products?keywords=%00', undefined, 'keywords'],
  ['creator', 'PUT', '/api/v1/shop', `{"name":"Demo${NUL}"}`, 'name'],
  ['creator', 'PUT', '/api/v1/shop', `{"description":"About ${HALF}"}`, 'description'],
  ['creator', 'POST', '/api/v1/shop/banners', `{"title":"Sale ${NUL}"}`, 'title'],
  ['root', 'GET', '/api/v1/users/page?keywords=%00', undefined, 'keywords'],
  ['root', 'GET', '/api/v1/users/export?keywords=%00', undefined, 'keywords'],
  ['root', 'GET', '/api/v1/roles/page?keywords=%00', undefined, 'keywords'],
  ['root', 'GET', '/api/v1/catalog/reviews?keywords=%00', undefined, 'keywords'],
  ['root', 'GET', '/api/v1/dict-data/page?keywords=%00', undefined, 'keywords'],
  ['root', 'GET', '/api/v1/config/page?keywords=%00', undefined, 'keywords'],
  ['root', 'GET', '/api/v1/catalog/products?keywords=%00', undefined, 'keywords'],
  ['root', 'GET', '/api/v1/countries/page?keywords=%00', undefined, 'keywords'],
  ['root', 'POST', '/api/v1/catalog/banners', `{"title":"Sale","titles":{"es":"${HALF}"}}`, 'titles.es'],
  // An unknown key is still walked: a key of its own, or a value under one.
  ['root', 'GET', '/api/v1/roles/page?x%00y=1', undefined, 'x\uFFFDy'],
  ['root', 'POST', '/api/v1/roles', `{"name":"R","code":"R","extra":["ok","${NUL}"]}`, 'extra.1'],
];

describe('text the database cannot store', () => {
  it.each(CASES)('%s %s %s is refused on its field', async (as, method, url, payload, field) => {
    const res = await send(as, method, url, payload);
    expect({ ...outcome(res), url }).toEqual({
      status: 400,
      code: ErrorCode.VALIDATION_FAILED,
      fields: [field],
      url,
    });
    expect(res.json<{ msg: string }>().msg).toContain('cannot be saved');
  });

  it('names every refused field at once, translated, and changes nothing', async () => {
    const res = await send(
      'creator',
      'PUT',
      '/api/v1/shop',
      `{"name":"N${NUL}","description":"D${HALF}","${NUL}":"k"}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ data: { fields: unknown[] } }>().data.fields).toEqual([
      {
        field: 'name',
        message: 'name contains characters that cannot be saved (a null character or a broken emoji)',
      },
      {
        field: 'description',
        message: 'description contains characters that cannot be saved (a null character or a broken emoji)',
      },
      { field: '\uFFFD', message: expect.stringContaining('cannot be saved') },
    ]);
    const es = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/shop',
      headers: { authorization: `Bearer ${tokens.creator}`, 'content-type': 'application/json', lang: 'es' },
      payload: `{"name":"N${NUL}"}`,
    });
    expect(es.json<{ msg: string }>().msg).toContain('no se pueden guardar');

    const shop = await send('creator', 'GET', '/api/v1/shop');
    expect(shop.json<{ data: { name: string; description: string } }>().data).toMatchObject({
      name: 'Demo',
      description: '',
    });
    const sold = await send('root', 'GET', '/api/v1/system/orders/page');
    expect(sold.json<{ data: { total: number } }>().data.total).toBe(0);
  });

  it('keeps whole emoji: a surrogate pair is ordinary text', async () => {
    const res = await send('creator', 'PUT', '/api/v1/shop', '{"name":"Demo \\ud83d\\ude00"}');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { name: string } }>().data.name).toBe('Demo 😀');
    const search = await send(
      null,
      'GET',
      `/api/v1/public/shops/demo/products?keywords=${encodeURIComponent('😀')}`,
    );
    expect(search.statusCode).toBe(200);
  });

  it('answers a body nested without end with a 4xx, never a crash', async () => {
    const depth = 100_000;
    const res = await send(
      null,
      'POST',
      '/api/v1/auth/login',
      `{"username":${'['.repeat(depth)}"${NUL}"${']'.repeat(depth)}}`,
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('the routes outside the contract answer such text without a 5xx', async () => {
    const pages: [string, string, string | undefined][] = [
      ['GET', '/s/%00', undefined],
      ['GET', '/s/demo/p/%00', undefined],
      ['GET', '/s/demo?keywords=%00', undefined],
      ['GET', '/payresult?orderNo=%00&token=%00', undefined],
      ['GET', '/files/%00', undefined],
      ['GET', `${contract.OAUTH_START_PATH.replace(':provider', 'google')}?returnTo=%00`, undefined],
      ['GET', `${contract.OAUTH_CALLBACK_PATH.replace(':provider', 'google')}?state=%00&code=%00`, undefined],
      ['GET', `${contract.OAUTH_START_PATH.replace(':provider', '%00')}`, undefined],
      ['POST', PAYPAL_WEBHOOK_PATH, `{"id":"${NUL}","event_type":"${HALF}"}`],
    ];
    for (const [method, url, payload] of pages) {
      const res = await send(null, method, url, payload);
      expect({ url, status: res.statusCode < 500 }).toEqual({ url, status: true });
    }
  });
});

/** An .xlsx with these rows; `_x0000_` is how a sheet writes a NUL, `_xD800_` half an emoji. */
async function sheet(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) worksheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('text the database cannot store, in an imported sheet', () => {
  const imports: [url: string, cell: string, rows: string[][]][] = [
    [
      '/api/v1/users/import',
      'B3',
      [
        ['username', 'nickname', 'gender', 'mobile', 'email', 'roles', 'dept'],
        ['sheet-ok', 'Fine 😀', '', '', '', 'ADMIN', ''],
        ['sheet-nul', 'a_x0000_b', '', '', '', 'ADMIN', ''],
      ],
    ],
    [
      '/api/v1/users/import',
      'A2',
      [
        ['username', 'nickname', 'gender', 'mobile', 'email', 'roles', 'dept'],
        ['sheet_xD800_', '', '', '', '', 'ADMIN', ''],
      ],
    ],
    [
      '/api/v1/system/orders/ship/import',
      'B2',
      [
        ['orderNo', 'carrier', 'trackingNo'],
        ['LS261101-AAAAAAA1', 'Post_x0000_', '123'],
      ],
    ],
  ];

  it.each(imports)('%s refuses the file naming cell %s, importing nothing', async (url, cell, rows) => {
    const { payload, headers } = multipartFile(await sheet(rows));
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, authorization: `Bearer ${tokens.root}` },
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: {
        code: ErrorCode.VALIDATION_FAILED,
        msg: expect.stringContaining(`Cell ${cell} of the sheet contains characters that cannot be saved`),
        data: { fields: [{ field: 'file', message: expect.stringContaining(cell) }] },
      },
    });
    const found = await send('root', 'GET', '/api/v1/users/page?keywords=sheet-');
    expect(found.json<{ data: { total: number } }>().data.total).toBe(0);
  });
});

const isRouteDef = (value: unknown): value is TRouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

/** Every route the contract declares. */
const ROUTES: TRouteDef[] = (Object.values(contract) as unknown[])
  .filter((group): group is object => typeof group === 'object' && group !== null)
  .flatMap((group) => Object.values(group).filter(isRouteDef));

interface SchemaDef {
  type?: string;
  shape?: Record<string, unknown>;
  in?: unknown;
  out?: unknown;
  innerType?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
}

/** The keys an object schema declares, through pipes, transforms, optionals, unions. */
function declaredKeys(schema: unknown): string[] {
  const def = (schema as { def?: SchemaDef } | undefined)?.def;
  if (!def) return [];
  if (def.shape) return Object.keys(def.shape);
  const inner = [def.in, def.out, def.innerType, def.left, def.right, ...(def.options ?? [])];
  return [...new Set(inner.flatMap(declaredKeys))];
}

const PARAM = /:([A-Za-z]+)/g;
/** Path parameters that pass their schema, so the part under test is the one refused. */
const goodParam = (path: string, name: string) =>
  name === 'slug'
    ? 'demo'
    : name === 'page' && path.includes('/info-pages/')
      ? 'returns'
      : name === 'lang' && path.includes('/info-pages/')
        ? 'en'
        : name === 'state'
          ? 'a'.repeat(43)
          : name === 'id' && path.startsWith('/api/v1/countries/')
            ? 'SE'
            : name === 'tableName'
              ? 'users'
              : name === 'token' && /\/(orders\/by-link|marketing\/unsubscribe)\//.test(path)
                ? `1abc.${'A'.repeat(43)}` // a signed link's shape (its signature is checked later)
                : '1';
const concrete = (path: string, bad?: string) =>
  path.replace(PARAM, (_m, name: string) => (name === bad ? '%00' : goodParam(path, name)));
/** The upload's body (a multipart file) is required and checked before its query. */
const BODY_FIRST = new Set([`${contract.filesRoutes.upload.method} ${contract.filesRoutes.upload.path}`]);

describe('every contract route', () => {
  it('declares query, params and body keys the walk below can read', () => {
    const withQuery = ROUTES.filter((r) => r.query);
    expect(withQuery.length).toBeGreaterThan(40);
    expect(withQuery.filter((r) => declaredKeys(r.query).length === 0).map((r) => r.path)).toEqual([]);
    expect(declaredKeys(contract.usersRoutes.page.query)).toContain('keywords');
  });

  it('refuses a NUL in each declared query parameter, path parameter and body field on its name', async () => {
    const wrong: unknown[] = [];
    for (const route of ROUTES) {
      const requests: { url: string; payload?: string; field: string }[] = [
        ...declaredKeys(route.query).map((key) => ({
          url: `${concrete(route.path)}?${encodeURIComponent(key)}=%00`,
          field: key,
        })),
        ...[...route.path.matchAll(PARAM)].map(([, name = '']) => ({
          url: concrete(route.path, name),
          field: name,
        })),
        ...(route.body
          ? declaredKeys(route.body).map((key) => ({
              url: concrete(route.path),
              payload: JSON.stringify({ [key]: 'x' }).replace('"x"', `"${NUL}"`),
              field: key,
            }))
          : []),
      ];
      for (const { url, payload, field } of requests) {
        const res = await send('root', route.method, url, payload);
        const got = outcome(res);
        const named = got.fields.includes(field) || BODY_FIRST.has(`${route.method} ${route.path}`);
        if (got.status !== 400 || got.code !== ErrorCode.VALIDATION_FAILED || !named) {
          wrong.push({ route: `${route.method} ${route.path}`, url, field, ...got });
        }
      }
    }
    expect(wrong).toEqual([]);
    // Every route × every field, one request each: seconds that grow with the API (not a speed test).
  }, 120_000);
});
