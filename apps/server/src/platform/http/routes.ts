import {
  IDEMPOTENT_REPLAYED_HEADER,
  RESULT_SUCCESS,
  unstorableTextPaths,
  ZEnvelope,
  ZIdempotencyHeaders,
  type TRouteDef,
} from '@linkstore/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { ZodRealError, type z } from 'zod';
import { accessGuard, type SessionUser } from './access';
import { AppError } from '../errors/app-error';
import { translate } from '../i18n/translate';
import { PUBLIC_VARY, type AnswerCache, type CachedAnswer } from './answer-cache';
import { compressOnce, encodedBody, MIN_COMPRESSED_BYTES } from './compression';
import { acquireIdempotencyKey, idempotencyKeyOf, requestHash, type StoredAnswer } from './idempotency';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route, as its contract declares; absent on non-contract routes. */
    access?: TRouteDef['access'];
  }
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

/**
 * Who calls a route: on a route that needs a sign-in (any `permission`, `null` included) the
 * access guard has already refused visitors, so the handler gets the caller non-null; on a
 * public route it may be a visitor.
 */
export type CallerOf<D extends TRouteDef> = D['access'] extends { permission: unknown }
  ? SessionUser
  : SessionUser | null;

export interface RouteInput<D extends TRouteDef> {
  query: Infer<D['query']>;
  params: Infer<D['params']>;
  body: Infer<D['body']>;
  caller: CallerOf<D>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The caller as `CallerOf<D>`; a signed-in route reached without one is refused, never run. */
function callerFor<D extends TRouteDef>(def: D, request: FastifyRequest): CallerOf<D> {
  if (!('public' in def.access) && !request.user) throw AppError.accessTokenInvalid();
  return request.user as CallerOf<D>;
}

export type RouteHandler<D extends TRouteDef> = (input: RouteInput<D>) => Promise<z.input<D['response']>>;

/**
 * Zod schemas validate requests; the parsed (coerced, defaulted) value replaces the raw one.
 * First, for every route at once, text no column can keep as sent (a NUL, a lone surrogate) is
 * refused on its fields — before any schema, handler or query sees it, instead of failing in
 * the database (a 500) or being silently altered.
 */
export function zodValidatorCompiler({ schema }: { schema: unknown }) {
  const zod = schema as z.ZodType;
  return (data: unknown) => {
    const unstorable = unstorableTextPaths(data);
    if (unstorable.length > 0) {
      return {
        error: new ZodRealError(
          unstorable.map((path) => ({
            code: 'custom' as const,
            path,
            message: 'validation.unstorableText',
            input: undefined,
          })),
        ),
      };
    }
    const result = zod.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: result.error };
  };
}

/** Answers are checked against the contract before they leave: a mismatch is our bug, a 500. */
export function zodSerializerCompiler({ schema }: { schema: unknown }) {
  const zod = schema as z.ZodType;
  return (data: unknown) => JSON.stringify(zod.parse(data));
}

/** Sends a JSON answer as the exact text given (a replay sends the first answer's bytes). */
function sendText(reply: FastifyReply, { status, body }: StoredAnswer): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer((text: unknown) => text as string)
    .send(body);
}

export interface RouteOptions {
  /**
   * GET routes only. A `public` cache (public routes) reuses answers for its time per language,
   * currency and URL; a `private` cache (signed-in routes) per caller too. Each answer is sent
   * with an ETag, and a browser that already has it gets a 304. Refusals are never kept.
   */
  cache?: AnswerCache;
}

/** A stored answer with its ETag; 304 when the browser already has it. */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: AnswerCache,
  answer: CachedAnswer,
): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', cache.cacheControl);
  if (cache.scope === 'public') reply.header('vary', PUBLIC_VARY);
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  if (cache.scope === 'public' && answer.body.length >= MIN_COMPRESSED_BYTES) {
    // A phone on a slow network gets a fifth of the bytes; each stored answer is compressed once
    // (brotli at quality 5: answers are made again whenever what they show changes).
    answer.encoded ??= compressOnce(answer.body, 5);
    const bytes = encodedBody(request, reply, answer.encoded);
    return reply
      .header('vary', `${PUBLIC_VARY}, accept-encoding`)
      .code(200)
      .type('application/json; charset=utf-8')
      .send(bytes);
  }
  return sendText(reply, { status: 200, body: answer.body });
}

/**
 * Registers one contract route: its schemas validate the request and the answer, its declared
 * access is enforced, and the handler's result is wrapped in the success envelope.
 *
 * An `idempotent` route (decision 0028) also accepts an `Idempotency-Key` header. With one, the
 * key is claimed in the database after validation and before the handler runs; the first
 * success is stored as sent and answered again to a replay (`Idempotent-Replayed: true`); a
 * refusal or failure releases the key, so nothing of it is kept.
 */
export function registerRoute<D extends TRouteDef>(
  app: FastifyInstance,
  def: D,
  handler: RouteHandler<D>,
  options: RouteOptions = {},
): void {
  const envelope = ZEnvelope(def.response);
  const cache = options.cache && options.cache.ttlMs > 0 ? options.cache : undefined;
  if (cache && (def.method !== 'GET' || 'public' in def.access !== (cache.scope === 'public'))) {
    throw new Error(
      `${def.method} ${def.path}: only GET answers may be cached, public ones in a public cache and signed-in ones in a private cache`,
    );
  }
  const schema: FastifySchema & { summary: string; tags: string[] } = {
    summary: def.summary,
    tags: [...def.tags],
    response: { 200: envelope },
    ...(def.query ? { querystring: def.query } : {}),
    ...(def.params ? { params: def.params } : {}),
    ...(def.body ? { body: def.body } : {}),
    ...(def.idempotent ? { headers: ZIdempotencyHeaders } : {}),
  };
  const guard = accessGuard(def.access);
  const routeName = `${def.method} ${def.path}`;
  const run = async (request: FastifyRequest, reply: FastifyReply) => {
    const data = await handler({
      query: request.query as Infer<D['query']>,
      params: request.params as Infer<D['params']>,
      body: request.body as Infer<D['body']>,
      caller: callerFor(def, request),
      request,
      reply,
    });
    return { code: RESULT_SUCCESS, msg: translate(request.lang, 'common.success'), data };
  };
  app.route({
    method: def.method,
    url: def.path,
    schema,
    // Read by the route registry test: every route states who may call it.
    config: { access: def.access },
    // Before the body is read: a caller without access learns nothing about the body the route
    // expects, and cannot make the server parse it.
    ...(guard ? { preParsing: guard } : {}),
    // A stored answer is sent before validation: the same URL was valid when it was made. A
    // private one only after the caller's access is checked again (permissions can change).
    ...(cache
      ? {
          onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
            if (cache.scope === 'private' && !request.user) return undefined;
            const hit = cache.peek(request);
            if (!hit) return undefined;
            if (guard) await guard.call(app, request, reply, undefined as never);
            return sendCached(request, reply, cache, hit);
          },
        }
      : {}),
    handler: async (request, reply) => {
      if (cache) {
        // The stored bytes, or the first request's answer shared with those arriving with it.
        const answer = await cache.get(request, async () =>
          JSON.stringify(envelope.parse(await run(request, reply))),
        );
        return sendCached(request, reply, cache, answer);
      }
      const key = def.idempotent ? idempotencyKeyOf(request.headers) : undefined;
      if (key === undefined) return run(request, reply);
      // A public route's key is the buyer's random secret; a signed-in caller's keys are theirs.
      const scope = 'public' in def.access ? '' : (callerFor(def, request)?.id ?? '');
      const claimed = await acquireIdempotencyKey(
        app.database.db,
        { scope, route: routeName, key },
        requestHash(request),
      );
      if (claimed.kind === 'replay') {
        return sendText(reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true'), claimed.answer);
      }
      let answer: StoredAnswer;
      try {
        // As the route's serializer would write it: what is stored is what the client got.
        answer = { status: 200, body: JSON.stringify(envelope.parse(await run(request, reply))) };
      } catch (error) {
        await claimed.hold.release().catch((err: unknown) => {
          // The key stays "in flight" until it counts as abandoned; the refusal still goes out.
          request.log.error({ err }, 'Could not release an idempotency key');
        });
        throw error;
      }
      // The action is done: a failure to store its answer must not turn it into an error.
      await claimed.hold.complete(answer).catch((err: unknown) => {
        request.log.error({ err }, 'Could not store the answer of an idempotency key');
      });
      return sendText(reply, answer);
    },
  });
}

/** What a download route answers: bytes with their type and the name to save them under. */
export interface DownloadFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A contract route that answers a file (an .xlsx export, a template) instead of the JSON
 * envelope: the same declared access and query validation as `registerRoute`; failures still
 * answer with the envelope through the error handler. The file is never cached.
 */
export function registerDownloadRoute<D extends TRouteDef>(
  app: FastifyInstance,
  def: D,
  handler: (input: {
    query: Infer<D['query']>;
    params: Infer<D['params']>;
    caller: CallerOf<D>;
    request: FastifyRequest;
  }) => Promise<DownloadFile>,
): void {
  const guard = accessGuard(def.access);
  app.route({
    method: def.method,
    url: def.path,
    schema: {
      summary: def.summary,
      tags: [...def.tags],
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
    },
    config: { access: def.access },
    ...(guard ? { preParsing: guard } : {}),
    handler: async (request, reply) => {
      const file = await handler({
        query: request.query as Infer<D['query']>,
        params: request.params as Infer<D['params']>,
        caller: callerFor(def, request),
        request,
      });
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  });
}
