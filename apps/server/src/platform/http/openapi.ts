import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import * as contract from '@linkstore/contract';
import { ErrorCode, ZErrorEnvelope, ZResultCode, type TRouteDef } from '@linkstore/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The OpenAPI document the server publishes at `/api/openapi.json` (issue 31): made from the
 * contract's zod schemas, and valid for other tools (`redocly lint`, recommended rules, finds no
 * error — `openapi.test.ts`):
 * - recursive schemas (trees: menus, departments, categories, the storefront's categories) are
 *   named components, referenced with `$ref` (`namedSchemas`);
 * - a bearer security scheme; each operation states its own security, none on public routes;
 * - the error envelope is documented for the statuses each route can answer (`errorStatuses`),
 *   and as the `default` answer for any other refusal;
 * - one path parameter name per position (`DELETE /users/{ids}` is `/users/{id}` in the
 *   document, like `PUT /users/{id}`: the URLs clients call are unchanged);
 * - stable, unique operation ids: `<group>_<route>` from the contract (`users_page`), or the
 *   method and path of a route outside it.
 */

/** The security scheme of every route that needs a sign-in: the access token as a bearer. */
export const BEARER_SCHEME = 'bearerAuth';

/** Marks an operation with the error statuses it can answer; replaced by responses at the end. */
const ERRORS_MARK = 'x-linkstore-errors';

type ErrorStatus = '400' | '401' | '403' | '404' | '429' | '500';

/** Each documented error status: its component response, what it means, and an example code. */
const ERROR_RESPONSES: Record<ErrorStatus | 'default', { name: string; description: string; code: string }> =
  {
    '400': {
      name: 'BadRequest',
      description:
        'The request is not valid (A0400 with `data.fields`: each refused field and its message) or its body cannot be read.',
      code: ErrorCode.VALIDATION_FAILED,
    },
    '401': {
      name: 'Unauthorized',
      description:
        'No valid access token: sign in (or renew the token) and send it as `Authorization: Bearer …`.',
      code: ErrorCode.ACCESS_TOKEN_INVALID,
    },
    '403': {
      name: 'Forbidden',
      description: "The caller's roles do not grant the permission this route needs.",
      code: ErrorCode.FORBIDDEN,
    },
    '404': {
      name: 'NotFound',
      description: 'No record with the id in the path (or it is not the caller’s to see).',
      code: ErrorCode.NOT_FOUND,
    },
    '429': {
      name: 'TooManyRequests',
      description: 'Too many requests from this address, or for this action: try again later.',
      code: ErrorCode.RATE_LIMITED,
    },
    '500': {
      name: 'InternalError',
      description: 'The server failed; nothing was changed by a failed request.',
      code: ErrorCode.INTERNAL,
    },
    default: {
      name: 'Error',
      description:
        'Any other refusal, in the same envelope: a conflict with the current state (409), a body too large (413), an unsupported type (415), a reused idempotency key (422), the service unavailable (503)…',
      code: ErrorCode.IN_USE,
    },
  };

/**
 * The statuses a route can answer besides success. A visitor is refused (401) and a caller
 * without the permission (403) only where the route needs a sign-in; only a route with input
 * (or a body) refuses it (400); only a path with an id can name a missing record (404). Any
 * route can be rate-limited (429) or fail (500).
 */
export function errorStatuses(
  route: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>,
): ErrorStatus[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const methods = ([] as string[]).concat(route.method);
  const hasInput =
    ['querystring', 'params', 'body', 'headers'].some((key) => schema[key] !== undefined) ||
    methods.some((method) => method !== 'GET' && method !== 'HEAD');
  const signedIn = !isPublic(route);
  return [
    ...(hasInput ? (['400'] as const) : []),
    ...(signedIn ? (['401', '403'] as const) : []),
    ...(route.url.includes('/:') ? (['404'] as const) : []),
    '429',
    '500',
  ];
}

/**
 * A route is public when its contract says so. A route outside the contract declares no access:
 * the route registry test allows that only for the routes open by design (the OAuth redirects,
 * this document, the docs pages).
 */
export function isPublic(route: Pick<RouteOptions, 'config'>): boolean {
  const access = route.config?.access;
  return !access || 'public' in access;
}

const isRouteDef = (value: unknown): value is TRouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

/** `<group>_<route>` of every contract route (`usersRoutes.page` → `users_page`), by "METHOD path". */
function contractOperationIds(): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [groupName, group] of Object.entries(contract)) {
    if (!groupName.endsWith('Routes') || typeof group !== 'object' || group === null) continue;
    for (const [key, def] of Object.entries(group)) {
      if (isRouteDef(def))
        ids.set(`${def.method} ${def.path}`, `${groupName.slice(0, -'Routes'.length)}_${key}`);
    }
  }
  return ids;
}

/** A route outside the contract: its method and path (`GET /api/v1/auth/oauth/:provider` → `get_auth_oauth_provider`). */
function pathOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api(\/v1)?\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words].join('_');
}

/**
 * The recursive schemas, named: every `z.lazy` the contract exports, under its export name less
 * the `Z` (`ZCategory` → `Category`), the error envelope and the success envelope's code. A recursive schema cannot be
 * written inline; named, it is a component that refers to itself.
 */
export function namedSchemas(): z.core.$ZodRegistry<z.core.GlobalMeta> {
  const registry = z.registry<z.core.GlobalMeta>();
  for (const [name, value] of Object.entries(contract)) {
    if (value instanceof z.ZodType && value.def.type === 'lazy' && /^Z[A-Z]/.test(name)) {
      registry.add(value, { id: name.slice(1) });
    }
  }
  registry.add(ZErrorEnvelope, { id: 'ErrorEnvelope' });
  // In every success envelope: written once.
  registry.add(ZResultCode, { id: 'ResultCode' });
  return registry;
}

/**
 * The name of each path parameter in the document: where routes differ only by the names of
 * their parameters (`/users/:id`, `/users/:ids`), each position takes the first name in
 * alphabetical order, whatever order the routes were registered in.
 */
function parameterNames(routes: readonly RouteOptions[]): (url: string) => Map<string, string> {
  const shapeOf = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, ':');
  const namesOf = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  const chosen = new Map<string, string[]>();
  for (const route of routes) {
    const shape = shapeOf(route.url);
    const names = namesOf(route.url);
    const known = chosen.get(shape);
    chosen.set(shape, known ? known.map((name, i) => [name, names[i] ?? name].sort()[0] ?? name) : names);
  }
  return (url) => {
    const names = namesOf(url);
    const canonical = chosen.get(shapeOf(url)) ?? names;
    return new Map(names.map((name, i) => [name, canonical[i] ?? name]));
  };
}

interface JsonObjectSchema {
  type?: string;
  properties?: Record<string, { description?: string } & Record<string, unknown>>;
  required?: string[];
}

/** Renames the path parameters of a route's JSON schema as the document names them. */
function renameParameters(params: JsonObjectSchema, renames: Map<string, string>): JsonObjectSchema {
  if (!params.properties) return params;
  const properties: NonNullable<JsonObjectSchema['properties']> = {};
  for (const [name, schema] of Object.entries(params.properties)) {
    const renamed = renames.get(name) ?? name;
    properties[renamed] =
      renamed === name
        ? schema
        : {
            ...schema,
            description: [
              schema.description,
              `The route's own name for this parameter is \`${name}\`${name === 'ids' ? ': one id, or several separated by commas' : ''}.`,
            ]
              .filter(Boolean)
              .join(' '),
          };
  }
  return {
    ...params,
    properties,
    ...(params.required ? { required: params.required.map((name) => renames.get(name) ?? name) } : {}),
  };
}

type OpenApiObject = Record<string, unknown> & {
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  components?: Record<string, Record<string, unknown> | undefined>;
};

/** The `$ref`s used anywhere under `value`. */
function collectRefs(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const entry of value) collectRefs(entry, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.add(child);
      else collectRefs(child, into);
    }
  }
  return into;
}

/** Only the component schemas the document uses (each named schema comes as input and output). */
function usedSchemas(document: OpenApiObject): Record<string, unknown> {
  const all = document.components?.schemas ?? {};
  const prefix = '#/components/schemas/';
  const { schemas: _all, ...otherComponents } = document.components ?? {};
  const pending = [...collectRefs({ ...document, components: otherComponents }, new Set())];
  const used = new Set<string>();
  while (pending.length > 0) {
    const ref = pending.pop() ?? '';
    if (!ref.startsWith(prefix)) continue;
    const name = ref.slice(prefix.length);
    if (used.has(name) || !(name in all)) continue;
    used.add(name);
    pending.push(...collectRefs(all[name], new Set()));
  }
  return Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name)));
}

/** `@fastify/swagger`'s options: the document's head, and the two transforms described above. */
export function openApiOptions(app: FastifyInstance): FastifyDynamicSwaggerOptions {
  const registry = namedSchemas();
  const zodTransform = createJsonSchemaTransform({ schemaRegistry: registry });
  const zodComponents = createJsonSchemaTransformObject({ schemaRegistry: registry });
  const operationIds = contractOperationIds();
  let namesFor: ((url: string) => Map<string, string>) | undefined;

  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'LinkStore API',
        version: app.config.version,
        description:
          'Every JSON answer is an envelope `{code, msg, data}`: `code` 1 on success (the answer in `data`), an error code (a string, such as "A0400") on a refusal, `msg` in the language asked for (`Accept-Language`).',
      },
      servers: [{ url: app.config.publicUrl }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of `POST /api/v1/auth/login` (or of a renewal).',
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = zodTransform(input);
      const { route } = input;
      if (!schema || schema.hide) return { schema, url };
      namesFor ??= parameterNames(app.routeRegistry.filter((r) => r.url.startsWith('/api/')));
      const renames = namesFor(url);
      const documentedUrl = url.replace(
        /:([A-Za-z0-9_]+)/g,
        (_match, name: string) => `:${renames.get(name) ?? name}`,
      );
      const method = ([] as string[]).concat(route.method)[0] ?? 'GET';
      const transformed: Record<string, unknown> = {
        ...schema,
        operationId: operationIds.get(`${method} ${url}`) ?? pathOperationId(method, url),
        security: isPublic(route) ? [] : [{ [BEARER_SCHEME]: [] }],
        [ERRORS_MARK]: errorStatuses(route),
      };
      if (schema.params) transformed.params = renameParameters(schema.params, renames);
      return { schema: transformed, url: documentedUrl };
    },
    transformObject: (input) => {
      const document = zodComponents(input) as OpenApiObject;
      const responses: Record<string, unknown> = {};
      for (const { name, description, code } of Object.values(ERROR_RESPONSES)) {
        responses[name] = {
          description,
          ...(name === 'TooManyRequests'
            ? {
                headers: {
                  'Retry-After': {
                    description: 'Seconds to wait before trying again.',
                    schema: { type: 'string' },
                  },
                },
              }
            : {}),
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ErrorEnvelope' },
              example: { code, msg: '…', data: null },
            },
          },
        };
      }
      for (const operations of Object.values(document.paths ?? {})) {
        for (const operation of Object.values(operations)) {
          const statuses = (operation[ERRORS_MARK] ?? []) as ErrorStatus[];
          delete operation[ERRORS_MARK];
          const answers = {
            ...(operation.responses as Record<
              string,
              { description?: string; content?: unknown; $ref?: string }
            >),
          };
          const success = answers['200'];
          if (success?.content && success.description === 'Default Response') {
            answers['200'] = { ...success, description: 'Success: the envelope with the answer in `data`.' };
          }
          for (const status of [...statuses, 'default' as const]) {
            answers[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
          }
          operation.responses = answers;
        }
      }
      const components = { ...document.components, responses };
      const withResponses = { ...document, components };
      return { ...withResponses, components: { ...components, schemas: usedSchemas(withResponses) } };
    },
  };
}
