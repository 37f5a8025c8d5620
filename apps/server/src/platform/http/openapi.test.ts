import * as contract from '@linkstore/contract';
import { ErrorCode, menusRoutes, storefrontRoutes, usersRoutes, type TRouteDef } from '@linkstore/contract';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { payoutsKit } from '../../test/payouts-kit';
import { accessTokenFor, operatorWith } from '../../test/users';
import { BEARER_SCHEME } from './openapi';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    securitySchemes: Record<string, unknown>;
  };
}

let ctx: TestContext;
let doc: OpenApiDocument;
const tokens = { menus: '', guest: '' };

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  doc = (await ctx.app.inject('/api/openapi.json')).json<OpenApiDocument>();
  tokens.menus = await operatorWith(ctx, 'menu-reader', ['sys:menu:query']);
  tokens.guest = await accessTokenFor(ctx.app, 'test');
  // A creator's shop, for the public storefront page (slug `apidoc-creator`).
  await payoutsKit(() => ctx, 'apidoc').creator('creator');
});
afterAll(() => ctx.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

/** The document's path for a route's (`/api/v1/users/:ids` → `/api/v1/users/{id}`). */
const documentedPath = (path: string) => {
  const shape = path.replace(/:[A-Za-z0-9_]+/g, '{}');
  return Object.keys(doc.paths).find((key) => key.replace(/\{[^}]+\}/g, '{}') === shape) ?? path;
};

const isRouteDef = (value: unknown): value is TRouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;
const contractRoutes = (Object.values(contract) as unknown[])
  .filter((group): group is object => typeof group === 'object' && group !== null)
  .flatMap((group) => Object.values(group).filter(isRouteDef));

/**
 * The operation documenting a real request: its path template matched against the URL, a
 * literal segment before a parameter (`/users/profile` before `/users/{id}`), as the router does.
 */
function operationFor(method: string, url: string): Operation {
  const path = new URL(url, 'http://x').pathname;
  const operation = Object.entries(doc.paths)
    .filter(([template]) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path))
    .sort(([a], [b]) => a.split('{').length - b.split('{').length)
    .map(([, methods]) => methods[method.toLowerCase()])
    .find(Boolean);
  if (!operation) throw new Error(`no operation documents ${method} ${path}`);
  return operation;
}

/**
 * A validator for the document's response schemas (JSON Schema 2020-12, as OpenAPI 3.1 says):
 * the component schemas become `$defs` of each schema, so their `$ref`s resolve.
 */
function responseValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const local = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/'));
  const $defs = local(doc.components.schemas) as Record<string, unknown>;
  return (operation: Operation, status: number, body: unknown) => {
    let response = operation.responses[String(status)];
    if (!response) throw new Error(`status ${status} is not documented`);
    if (response.$ref) {
      response = doc.components.responses[response.$ref.replace('#/components/responses/', '')];
    }
    const schema = response?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`status ${status} documents no JSON body`);
    const validate = ajv.compile({ ...(local(schema) as object), $defs });
    return validate(body) ? [] : (validate.errors ?? []);
  };
}

describe('the OpenAPI document (issue 31)', () => {
  it('passes redocly lint with the recommended rules, without a single error, fetching nothing', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('the lint must not reach the network')));
    vi.stubGlobal('fetch', fetchSpy);
    try {
      const config = await createConfig({ extends: ['recommended'] });
      const problems = await lintFromString({
        source: JSON.stringify(doc),
        absoluteRef: '/openapi.json',
        config,
      });
      const describe = (severity: string) =>
        problems
          .filter((problem) => problem.severity === severity)
          .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
      expect(describe('error')).toEqual([]);
      // What is left: the project has no licence to state, and two payout paths that only a
      // literal segment tells apart (`hold/{userId}`, `{id}/retry`): both are as intended.
      expect(describe('warn').map((line) => line.split(':')[0])).toEqual(
        expect.arrayContaining(['info-license', 'no-ambiguous-paths']),
      );
      expect(describe('warn')).toHaveLength(2);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('names the recursive trees as components that refer to themselves', () => {
    const menuTree = doc.paths[menusRoutes.list.path]?.get?.responses['200']?.content?.['application/json'];
    expect(JSON.stringify(menuTree)).toContain('"$ref":"#/components/schemas/Menu"');
    for (const name of ['Menu', 'Dept', 'Category', 'StorefrontCategory', 'RouteNode']) {
      expect(JSON.stringify(doc.components.schemas[name])).toContain(`"$ref":"#/components/schemas/${name}"`);
    }
    expect(JSON.stringify(doc)).not.toMatch(/#\/components\/schemas\/schema\d/);
  });

  it('documents a bearer scheme, required by every signed-in route and by no public one', () => {
    expect(doc.components.securitySchemes[BEARER_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(contractRoutes.length).toBeGreaterThan(100);
    const wrong = contractRoutes
      .map((def) => {
        const operation = doc.paths[documentedPath(def.path)]?.[def.method.toLowerCase()];
        const expected = 'public' in def.access ? [] : [{ [BEARER_SCHEME]: [] }];
        return { route: `${def.method} ${def.path}`, security: operation?.security, expected };
      })
      .filter(({ security, expected }) => JSON.stringify(security) !== JSON.stringify(expected));
    expect(wrong).toEqual([]);
    // Outside the contract, the routes open by design: the OAuth redirects.
    expect(doc.paths['/api/v1/auth/oauth/{provider}']?.get?.security).toEqual([]);
  });

  it('gives each path position one parameter name, and documents the parameters of each template', () => {
    const shapes = Object.keys(doc.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.length).toBe(new Set(shapes).size);
    // The batch delete keeps its URL; the document calls its parameter `id`, like the update's.
    expect(doc.paths['/api/v1/users/{id}']?.delete?.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'id' }),
    ]);
    expect(Object.keys(doc.paths['/api/v1/users/{id}'] ?? {}).sort()).toEqual(['delete', 'put']);
    for (const { path, method, operation } of operations()) {
      const named = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const documented = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect({ path, method, documented }).toEqual({ path, method, documented: named });
    }
  });

  it('gives every operation a unique, stable id', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9_]*$/.test(id))).toBe(true);
    expect(ids.length).toBe(new Set(ids).size);
    expect(doc.paths[usersRoutes.page.path]?.get?.operationId).toBe('users_page');
    expect(doc.paths['/api/v1/users/{id}']?.delete?.operationId).toBe('users_delete');
    expect(doc.paths['/api/v1/auth/oauth/{provider}/callback']?.get?.operationId).toBe(
      'get_auth_oauth_provider_callback',
    );
  });

  it('documents the error envelope for the statuses each route can answer', () => {
    const statuses = (operation: Operation | undefined) => Object.keys(operation?.responses ?? {}).sort();
    // Signed-in, with a path id and a body.
    expect(statuses(doc.paths['/api/v1/users/{id}']?.put)).toEqual(
      ['200', '400', '401', '403', '404', '429', '500', 'default'].sort(),
    );
    // Public, no input at all.
    expect(statuses(doc.paths['/api/health']?.get)).toEqual(['200', '429', '500', 'default']);
    // Public with a path parameter.
    expect(statuses(doc.paths['/api/v1/public/shops/{slug}/page']?.get)).toEqual(
      ['200', '400', '404', '429', '500', 'default'].sort(),
    );
    for (const { path, method, operation } of operations()) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (status === '200') continue;
        expect({ path, method, status, ref: answer.$ref }).toEqual({
          path,
          method,
          status,
          ref: expect.stringMatching(/^#\/components\/responses\//),
        });
      }
    }
    expect(doc.components.responses.Unauthorized?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ErrorEnvelope',
    });
  });
});

describe('real answers match the document', () => {
  it('successes: public, signed-in, and recursive trees', async () => {
    const check = responseValidator();
    const calls: Array<{ url: string; token?: string; size?: (data: unknown) => boolean }> = [
      { url: '/api/health' },
      {
        url: menusRoutes.list.path,
        token: tokens.menus,
        // A tree with children: the recursive component is exercised.
        size: (data) => JSON.stringify(data).includes('"children":[{'),
      },
      { url: menusRoutes.routes.path, token: tokens.guest },
      { url: usersRoutes.profile.path, token: tokens.guest },
      { url: storefrontRoutes.page.path.replace(':slug', 'apidoc-creator') },
    ];
    for (const { url, token, size } of calls) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      const body = res.json<{ data: unknown }>();
      if (size) expect(size(body.data)).toBe(true);
      expect({ url, errors: check(operationFor('GET', url), 200, body) }).toEqual({ url, errors: [] });
    }
  });

  it('refusals: 400, 401, 403 and 404 answer the documented envelope', async () => {
    const check = responseValidator();
    const calls = [
      { method: 'PUT', url: '/api/v1/users/1', token: tokens.guest, status: 403, code: ErrorCode.FORBIDDEN },
      { method: 'GET', url: usersRoutes.profile.path, status: 401, code: ErrorCode.ACCESS_TOKEN_INVALID },
      {
        method: 'GET',
        url: `${menusRoutes.list.path}?keywords=${'x'.repeat(65)}`,
        token: tokens.menus,
        status: 400,
        code: ErrorCode.VALIDATION_FAILED,
      },
      {
        method: 'GET',
        url: storefrontRoutes.page.path.replace(':slug', 'nobody-here'),
        status: 404,
        code: ErrorCode.NOT_FOUND,
      },
    ] as const;
    for (const { method, url, status, code, ...rest } of calls) {
      const token = 'token' in rest ? rest.token : undefined;
      const res = await ctx.app.inject({
        method,
        url,
        ...(method === 'PUT' ? { payload: {} } : {}),
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });
      expect({ url, status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({
        url,
        status,
        code,
      });
      expect({ url, errors: check(operationFor(method, url), status, res.json()) }).toEqual({
        url,
        errors: [],
      });
    }
  });

  it('the check can fail: an answer that is not what the document says is caught', async () => {
    const check = responseValidator();
    const res = await ctx.app.inject({
      method: 'GET',
      url: menusRoutes.list.path,
      headers: { authorization: `Bearer ${tokens.menus}` },
    });
    const body = res.json<{ data: Array<{ children?: Array<Record<string, unknown>> }> }>();
    const parent = body.data.find((menu) => (menu.children?.length ?? 0) > 0);
    const child = parent?.children?.[0];
    if (!child) throw new Error('expected a menu with children');
    // Deep in the tree, where only the recursive component can reach.
    child.id = { not: 'an id' };
    expect(check(operationFor('GET', menusRoutes.list.path), 200, body)).not.toEqual([]);
    expect(check(operationFor('GET', usersRoutes.profile.path), 401, { code: 1002, msg: 'x' })).not.toEqual(
      [],
    );
  });
});
