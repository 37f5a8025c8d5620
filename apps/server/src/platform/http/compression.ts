import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compressed copies of answers that many requests share (the countries list, a stored
 * storefront answer, a rendered shop page): compressed once, then picked per request by its
 * `Accept-Encoding`. Answers under `MIN_COMPRESSED_BYTES` go as they are — the headers and the
 * work would cost more than the bytes saved.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/** Smaller answers are sent uncompressed. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * The encoding to send for an `Accept-Encoding` header: the listed (or `*`) coding with the
 * highest q-value, brotli on a tie; `q=0` refuses a coding. Unknown codings are ignored, and
 * identity is always possible (a client that refuses it still gets readable bytes).
 */
export function negotiate(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q=([01](?:\.\d{0,3})?)$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    weights.set(name.toLowerCase(), Math.min(1, q));
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  if (br <= 0 && gzip <= 0) return 'identity';
  return br >= gzip ? 'br' : 'gzip';
}

/** One answer in each encoding. */
export interface CompressedAnswer {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Compresses once with the strongest settings (brotli 11, gzip 9): the cost is paid once per
 * answer, not per request. `quality` lowers brotli's for answers remade often (large pages).
 */
export function compressOnce(bytes: string | Buffer, brotliQuality = 11): CompressedAnswer {
  const identity = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  };
}

/**
 * Sets the chosen encoding's headers on the reply and answers its bytes. `Vary: Accept-Encoding`
 * goes on every one, identity included, so a shared cache keeps the variants apart.
 */
export function encodedBody(request: FastifyRequest, reply: FastifyReply, answer: CompressedAnswer): Buffer {
  void reply.header('vary', 'accept-encoding');
  const encoding = negotiate(request.headers['accept-encoding']);
  if (encoding === 'identity') return answer.identity;
  void reply.header('content-encoding', encoding);
  return answer[encoding];
}

/**
 * An `onSend` hook for a plugin's public routes whose large JSON answers repeat (the same text
 * for many requests): each distinct answer text is compressed once and kept among the last
 * `maxAnswers`. Small answers, refusals, answers already encoded and the answers of routes that
 * need a sign-in (one caller's data: nothing to share) pass untouched.
 */
export function compressRepeatedAnswers(maxAnswers = 32) {
  const kept = new Map<string, CompressedAnswer>();
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, value: unknown) => void,
  ) => {
    const access = request.routeOptions.config.access;
    if (
      typeof payload !== 'string' ||
      !access ||
      !('public' in access) ||
      reply.statusCode !== 200 ||
      reply.hasHeader('content-encoding') ||
      payload.length < MIN_COMPRESSED_BYTES
    ) {
      done(null, payload);
      return;
    }
    let answer = kept.get(payload);
    if (answer) {
      // Most recently used last: the oldest goes first when full.
      kept.delete(payload);
    } else {
      answer = compressOnce(payload);
    }
    kept.set(payload, answer);
    while (kept.size > maxAnswers) {
      const oldest = kept.keys().next().value;
      if (oldest === undefined) break;
      kept.delete(oldest);
    }
    done(null, encodedBody(request, reply, answer));
  };
}
