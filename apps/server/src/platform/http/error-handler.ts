import { ErrorCode, type TErrorCode, type TErrorEnvelope } from '@linkstore/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { AppError } from '../errors/app-error';
import { describeZodError, type ValidationContext } from '../errors/validation';
import { translate, type MessageKey, type MessageParams } from '../i18n/translate';
import { languageOf } from './request-context';

interface Mapped {
  status: number;
  code: TErrorCode;
  key: MessageKey;
  params?: MessageParams;
  data?: TErrorEnvelope['data'];
}

/** Fastify's own 4xx errors, by their code, onto ours. */
const FASTIFY_CODES: Record<string, Omit<Mapped, 'params'>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.MALFORMED_BODY, key: 'error.malformedBody' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.MALFORMED_BODY, key: 'error.emptyBody' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ErrorCode.PAYLOAD_TOO_LARGE,
    key: 'error.payloadTooLarge',
  },
  // @fastify/multipart's limits (file size, number of files, parts or fields).
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, key: 'error.payloadTooLarge' },
  FST_FILES_LIMIT: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, key: 'error.payloadTooLarge' },
  FST_PARTS_LIMIT: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, key: 'error.payloadTooLarge' },
  FST_FIELDS_LIMIT: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, key: 'error.payloadTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    key: 'error.unsupportedMediaType',
  },
};

/** busboy's messages for a multipart body it cannot read. */
const MULTIPART_BROKEN = /^(?:Multipart: |Unexpected end of (?:form|multipart data)|Malformed part header)/;

function mapError(error: FastifyError | Error, request: FastifyRequest): Mapped {
  if (error instanceof AppError) {
    const data = (error.data as TErrorEnvelope['data']) ?? null;
    if (error.fieldProblems.length === 0) {
      return {
        status: error.httpStatus,
        code: error.code,
        key: error.messageKey,
        params: error.params,
        data,
      };
    }
    // Field refusals are translated here, in the caller's language, so services need not know it.
    const fields = error.fieldProblems.map(({ field, key, params }) => ({
      field,
      message: translate(request.lang, key, { field, ...params }),
    }));
    // Without a headline of its own, `msg` lists every field's message.
    const isListed = error.messageKey === 'error.validation';
    return {
      status: error.httpStatus,
      code: error.code,
      key: error.messageKey,
      params: isListed ? { fields: fields.map((f) => f.message).join('; ') } : error.params,
      data: { ...data, fields },
    };
  }
  if (error instanceof ZodError && 'validationContext' in error) {
    const fields = describeZodError(
      request.lang,
      error,
      (error as { validationContext?: ValidationContext }).validationContext,
    );
    return {
      status: 400,
      code: ErrorCode.VALIDATION_FAILED,
      key: 'error.validation',
      params: { fields: fields.map((f) => f.message).join('; ') },
      data: { fields },
    };
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  // Never the caller's own header in the message (issue 31): it is logged, and shown to operators.
  if (known) return known;
  // busboy (under @fastify/multipart) throws plain errors for a multipart body it cannot read,
  // such as one without a boundary: the body is malformed, not a fault of ours.
  if (!fastifyError.statusCode && MULTIPART_BROKEN.test(error.message)) {
    return { status: 400, code: ErrorCode.MALFORMED_BODY, key: 'error.malformedMultipart' };
  }
  // secure-json-parse throws a plain SyntaxError with status 400 for a broken body.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { status: 400, code: ErrorCode.MALFORMED_BODY, key: 'error.malformedBody' };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return { status, code: ErrorCode.RATE_LIMITED, key: 'error.rateLimited' };
  if (status >= 400 && status < 500)
    return { status, code: ErrorCode.VALIDATION_FAILED, key: 'error.badRequest' };
  return { status: 500, code: ErrorCode.INTERNAL, key: 'error.internal' };
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any hook runs (a path that is not
 * valid percent-encoding, `%ZZ` or a lone surrogate's bytes; a path parameter over the length
 * limit) is answered in the envelope like every other refusal, not in Fastify's own format.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.lang = languageOf(request);
  void sendError(reply, mapError(error, request), request);
}

export function sendError(reply: FastifyReply, mapped: Mapped, request: FastifyRequest): FastifyReply {
  const body: TErrorEnvelope = {
    code: mapped.code,
    msg: translate(request.lang, mapped.key, mapped.params),
    data: mapped.data ?? null,
  };
  // The envelope is written by hand: it must not depend on the route's response schema.
  return reply
    .status(mapped.status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}

/**
 * The one place errors become answers: typed AppErrors and validation failures with their
 * translated messages, Fastify's body errors with ours, everything else B0001 with the detail
 * logged and never sent.
 */
export const errorHandling = fp(
  (app: FastifyInstance, _opts: object, done: (err?: Error) => void) => {
    app.setErrorHandler((error: FastifyError | Error, request, reply) => {
      // A failure before onRequest ran (e.g. a broken body) has no language yet.
      request.lang = languageOf(request);
      const mapped = mapError(error, request);
      if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: mapped.code, status: mapped.status }, 'request refused');
      return sendError(reply, mapped, request);
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      // A person who typed a wrong address in the browser gets the app's own 404 page.
      const isPageRequest =
        request.method === 'GET' &&
        !path.startsWith('/api/') &&
        /text\/html/.test(request.headers.accept ?? '');
      if (isPageRequest) return reply.redirect('/#/404', 302);
      return sendError(
        reply,
        {
          status: 404,
          code: ErrorCode.ROUTE_NOT_FOUND,
          key: 'error.routeNotFound',
          // The method only (Node's parser admits its known methods): the path is the caller's text.
          params: { method: request.method },
        },
        request,
      );
    });
    done();
  },
  { name: 'error-handling', dependencies: ['request-context'] },
);
