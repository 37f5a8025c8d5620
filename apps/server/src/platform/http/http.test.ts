import { defineRoutes, ErrorCode } from '@linkstore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, testConfig, type TestContext } from '../../test/helper';
import { securityHeaders } from './security-headers';
import { AppError } from '../errors/app-error';
import { registerRoute } from './routes';

/** Probe routes that exercise the platform the way modules use it. */
const probe = defineRoutes({
  echo: {
    method: 'POST',
    path: '/api/test/echo',
    summary: 'echo',
    tags: ['test'],
    body: z.object({
      email: z.email(),
      age: z.number().int().min(18),
      tags: z.array(z.string()).max(2).optional(),
    }),
    response: z.object({ email: z.string(), currency: z.string(), lang: z.string() }),
    access: { public: true },
  },
  boom: {
    method: 'GET',
    path: '/api/test/boom',
    summary: 'boom',
    tags: ['test'],
    response: z.null(),
    access: { public: true },
  },
  refused: {
    method: 'GET',
    path: '/api/test/refused',
    summary: 'refused',
    tags: ['test'],
    response: z.null(),
    access: { public: true },
  },
  badAnswer: {
    method: 'GET',
    path: '/api/test/bad-answer',
    summary: 'bad answer',
    tags: ['test'],
    response: z.object({ n: z.number() }),
    access: { public: true },
  },
  guarded: {
    method: 'GET',
    path: '/api/test/guarded',
    summary: 'guarded',
    tags: ['test'],
    response: z.literal('ok'),
    access: { permission: 'sys:test:view' },
  },
  anyOf: {
    method: 'GET',
    path: '/api/test/any-of',
    summary: 'any of two permissions',
    tags: ['test'],
    response: z.literal('ok'),
    access: { permission: ['sys:test:view', 'sys:other:view'] },
  },
  fieldRefused: {
    method: 'GET',
    path: '/api/test/field-refused',
    summary: 'refuses one field, or two with ?both',
    tags: ['test'],
    query: z.object({ both: z.string().optional(), summary: z.string().optional() }),
    response: z.null(),
    access: { public: true },
  },
  slugTaken: {
    method: 'GET',
    path: '/api/test/slug-taken',
    summary: 'a business code that names a field',
    tags: ['test'],
    response: z.null(),
    access: { public: true },
  },
  whoAmI: {
    method: 'GET',
    path: '/api/test/who-am-i',
    summary: 'the caller of a signed-in route',
    tags: ['test'],
    response: z.string(),
    access: { permission: null },
  },
  whoIsThere: {
    method: 'GET',
    path: '/api/test/who-is-there',
    summary: 'the caller of a public route, if any',
    tags: ['test'],
    response: z.string(),
    access: { public: true },
  },
});

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    extend: (app) => {
      // Tests sign in through this header until the accounts module provides real tokens.
      app.addHook('onRequest', async (request) => {
        const roles = request.headers['x-test-roles'];
        if (typeof roles === 'string') {
          request.user = { id: '1', roles: roles.split(','), permissions: ['sys:other:view'] };
        }
      });
      registerRoute(app, probe.echo, async ({ body, request }) => ({
        email: body.email,
        currency: request.currency,
        lang: request.lang,
      }));
      registerRoute(app, probe.boom, async () => {
        throw new Error('database password is hunter2');
      });
      registerRoute(app, probe.refused, async () => {
        throw AppError.notFound();
      });
      registerRoute(app, probe.badAnswer, async () => JSON.parse('{"n":"not a number"}') as { n: number });
      registerRoute(app, probe.guarded, async () => 'ok' as const);
      registerRoute(app, probe.anyOf, async () => 'ok' as const);
      registerRoute(app, probe.fieldRefused, async ({ query }) => {
        if (query.both === undefined) throw AppError.field('code', 'error.duplicate');
        const problems = [
          { field: 'code', key: 'error.duplicate' },
          { field: 'parentId', key: 'error.invalidParent' },
        ] as const;
        if (query.summary === undefined) throw AppError.fields(problems);
        throw AppError.fields(problems, ErrorCode.VALIDATION_FAILED, {
          key: 'error.duplicate',
          params: { field: 'code' },
        });
      });
      registerRoute(app, probe.slugTaken, async () => {
        throw AppError.field('slug', 'shops.slugTaken', { slug: 'demo' }, ErrorCode.SLUG_TAKEN);
      });
      // `caller` is typed non-null here: `.id` compiles without a check.
      registerRoute(app, probe.whoAmI, async ({ caller }) => caller.id);
      registerRoute(app, probe.whoIsThere, async ({ caller }) => caller?.id ?? 'visitor');
    },
  });
});
afterAll(() => ctx.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload: payload as object, headers });

describe('envelope', () => {
  it('wraps data with code 1 and a translated msg', async () => {
    const res = await post({ email: 'a@b.co', age: 20 }, { lang: 'pt', currencyjc: 'EUR' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 1,
      msg: 'Sucesso',
      data: { email: 'a@b.co', currency: 'EUR', lang: 'pt' },
    });
  });

  it('reads currencyjc USD1 as USD and falls back to USD on nonsense', async () => {
    expect((await post({ email: 'a@b.co', age: 20 }, { currencyjc: 'USD1' })).json().data.currency).toBe(
      'USD',
    );
    expect((await post({ email: 'a@b.co', age: 20 }, { currencyjc: 'dollars!' })).json().data.currency).toBe(
      'USD',
    );
  });

  it('takes the language from Accept-Language when there is no lang header', async () => {
    const res = await post({ email: 'a@b.co', age: 20 }, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(res.json().data.lang).toBe('zh-cn');
  });
});

describe('errors', () => {
  it('names each invalid field, translated', async () => {
    const res = await post({ email: 'nope', tags: ['a', 'b', 'c'] }, { lang: 'es' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(body.data.fields).toEqual([
      { field: 'email', message: 'email no es un correo electrónico válido' },
      { field: 'age', message: 'age es obligatorio' },
      { field: 'tags', message: 'tags debe tener como máximo 2 elementos' },
    ]);
    expect(body.msg).toContain('age es obligatorio');
  });

  it('answers a malformed JSON body with A0402', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', lang: 'fr' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: ErrorCode.MALFORMED_BODY,
      msg: "Le corps de la requête n'est pas un JSON valide.",
      data: null,
    });
  });

  it('answers an unsupported content type with A0415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-nope' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  });

  it('answers a multipart body without a boundary with A0402, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'multipart/form-data', lang: 'es' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: ErrorCode.MALFORMED_BODY,
      msg: 'El cuerpo de la solicitud no es un formulario multipart bien formado.',
      data: null,
    });
  });

  it('answers what the router refuses (bad percent-encoding, an overlong parameter) in the envelope', async () => {
    for (const [url, status] of [
      ['/api/v1/public/shops/%ZZ', 400],
      ['/api/v1/public/shops/%ED%A0%80/page', 400],
      [`/api/v1/public/shops/${'a'.repeat(500)}/page`, 414],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status,
        body: { code: ErrorCode.VALIDATION_FAILED, msg: 'The request is not valid.', data: null },
      });
    }
  });

  it('answers an unknown route with C0113 and 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: ErrorCode.ROUTE_NOT_FOUND,
      msg: 'There is no GET endpoint at this address.',
      data: null,
    });
  });

  it('sends a browser that asks for a missing page to the app 404 view', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/#/404');
  });

  it('hides a thrown error behind B0001 with no detail', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: ErrorCode.INTERNAL,
      msg: 'Something went wrong on our side. Please try again later.',
      data: null,
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('at ');
  });

  it('maps an AppError to its code and status', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/refused', headers: { lang: 'zh-cn' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: ErrorCode.NOT_FOUND, msg: '请求的记录不存在。', data: null });
  });

  it('translates a field refusal in the caller’s language, the service never knowing it', async () => {
    const get = (url: string, lang: string) => ctx.app.inject({ method: 'GET', url, headers: { lang } });
    const one = await get('/api/test/field-refused', 'fr');
    expect(one.statusCode).toBe(400);
    expect(one.json()).toEqual({
      code: ErrorCode.VALIDATION_FAILED,
      msg: 'code est déjà utilisé.',
      data: { fields: [{ field: 'code', message: 'code est déjà utilisé.' }] },
    });
    const two = (await get('/api/test/field-refused?both=1', 'en')).json();
    expect(two.data.fields.map((f: { field: string }) => f.field)).toEqual(['code', 'parentId']);
    expect(two.msg).toBe(
      'Some fields are not valid: code is already in use.; The parent is not valid: it cannot be the item itself or one of its children.',
    );
    // A headline of its own (the first refused price, say) replaces the list in `msg` only.
    const headed = (await get('/api/test/field-refused?both=1&summary=1', 'en')).json();
    expect(headed.msg).toBe('code is already in use.');
    expect(headed.data.fields).toHaveLength(2);
  });

  it('answers a business code with the contract’s status, and its field when it names one', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/slug-taken' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: ErrorCode.SLUG_TAKEN, data: { fields: [{ field: 'slug' }] } });
    expect(res.json().data.fields[0].message).toContain('demo');
  });

  it('refuses to send an answer that breaks the contract', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/bad-answer' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe(ErrorCode.INTERNAL);
  });
});

describe('access', () => {
  it('answers 1002 with HTTP 401 when nobody is signed in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/guarded' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
  });

  it('answers A0301 with HTTP 403 without the permission, and lets ROOT through', async () => {
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/guarded',
      headers: { 'x-test-roles': 'GUEST' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCode.FORBIDDEN);
    const root = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/guarded',
      headers: { 'x-test-roles': 'ROOT' },
    });
    expect(root.json()).toMatchObject({ code: 1, data: 'ok' });
  });

  it('hands a signed-in route its caller, and a public route its caller or null', async () => {
    const signedIn = { 'x-test-roles': 'GUEST' };
    const who = (url: string, headers = {}) => ctx.app.inject({ method: 'GET', url, headers });
    expect((await who('/api/test/who-am-i', signedIn)).json()).toMatchObject({ code: 1, data: '1' });
    expect((await who('/api/test/who-am-i')).json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
    expect((await who('/api/test/who-is-there', signedIn)).json().data).toBe('1');
    expect((await who('/api/test/who-is-there')).json().data).toBe('visitor');
  });

  it('lets a caller through a list of permissions with any one of them', async () => {
    // The test caller holds sys:other:view only: the single-permission route refuses, the list passes.
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/any-of',
      headers: { 'x-test-roles': 'GUEST' },
    });
    expect(res.json()).toMatchObject({ code: 1, data: 'ok' });
  });
});

describe('security and docs', () => {
  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends them on errors too', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('adds HSTS only when the public address is https', () => {
    expect(
      securityHeaders(testConfig({ PUBLIC_URL: 'https://shop.example' }))['strict-transport-security'],
    ).toContain('max-age=31536000');
  });

  it('publishes OpenAPI generated from the contract schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const countries = doc.paths['/api/v1/countries'].get;
    expect(countries.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'keywords', in: 'query' })]),
    );
    const data = countries.responses['200'].content['application/json'].schema.properties.data;
    expect(data.items.required).toEqual(expect.arrayContaining(['currency_jc', 'currency_symbol']));
  });
});
