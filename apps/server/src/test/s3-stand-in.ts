import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-server';

/**
 * A local stand-in for an S3-compatible store, for tests: path-style `/<bucket>/<key>`, PUT, GET
 * and DELETE of objects kept in memory, and every request's Signature Version 4 checked the way
 * S3 does — from the request as it arrived, with its own code (not the client's signer), so a
 * client that signs something other than what it sends is refused.
 */
export interface S3StandIn {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string; cacheControl: string | undefined }>;
  /** Every request with the status it got and the S3 error code, if any. */
  log: { method: string; path: string; status: number; error?: string }[];
  close(): Promise<void>;
}

const AUTH_PATTERN =
  /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

const MAX_SKEW_MS = 15 * 60_000;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmacSha256 = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

function uriEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => {
      const c = String.fromCharCode(byte);
      return /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

function canonicalQueryOf(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))];
    })
    .sort(([a = '', av = ''], [b = '', bv = '']) => (a === b ? av.localeCompare(bv) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function parseAmzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

function headerValue(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
}

/** Throws S3Refusal unless the request is signed by the stand-in's key, for what was sent. */
function verifySignature(request: IncomingMessage, body: Buffer, stand: S3StandIn): void {
  const match = AUTH_PATTERN.exec(headerValue(request, 'authorization'));
  if (!match) throw new S3Refusal(403, 'AccessDenied');
  const [, accessKeyId, day = '', region = '', signedHeaderList = '', signature = ''] = match;
  if (accessKeyId !== stand.accessKeyId) throw new S3Refusal(403, 'InvalidAccessKeyId');
  if (region !== stand.region) throw new S3Refusal(400, 'AuthorizationHeaderMalformed');

  const amzDate = headerValue(request, 'x-amz-date');
  const time = parseAmzDate(amzDate);
  if (!Number.isFinite(time) || amzDate.slice(0, 8) !== day) throw new S3Refusal(403, 'AccessDenied');
  if (Math.abs(Date.now() - time) > MAX_SKEW_MS) throw new S3Refusal(403, 'RequestTimeTooSkewed');

  const signedHeaders = signedHeaderList.split(';');
  const mustSign = ['host', 'x-amz-date', 'x-amz-content-sha256'];
  const amzHeaders = Object.keys(request.headers).filter((name) => name.startsWith('x-amz-'));
  if (![...mustSign, ...amzHeaders].every((name) => signedHeaders.includes(name))) {
    throw new S3Refusal(403, 'AccessDenied');
  }
  const payloadHash = headerValue(request, 'x-amz-content-sha256');
  if (payloadHash !== sha256(body)) throw new S3Refusal(400, 'XAmzContentSHA256Mismatch');

  const [path = '/', query = ''] = (request.url ?? '/').split('?');
  const canonicalRequest = [
    request.method ?? 'GET',
    path,
    canonicalQueryOf(query),
    signedHeaders.map((name) => `${name}:${headerValue(request, name)}\n`).join(''),
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key = hmacSha256(`AWS4${stand.secretAccessKey}`, day);
  for (const part of [region, 's3', 'aws4_request']) key = hmacSha256(key, part);
  const expected = hmacSha256(key, stringToSign);
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    throw new S3Refusal(403, 'SignatureDoesNotMatch');
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendError(response: ServerResponse, status: number, code: string): void {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code></Error>`);
}

export async function startS3StandIn(
  options: Partial<Pick<S3StandIn, 'bucket' | 'region' | 'accessKeyId' | 'secretAccessKey'>> = {},
): Promise<S3StandIn> {
  const stand: S3StandIn = {
    endpoint: '',
    bucket: options.bucket ?? 'linkstore-test',
    region: options.region ?? 'eu-test-1',
    accessKeyId: options.accessKeyId ?? 'AKIDLINKSTORETEST',
    secretAccessKey: options.secretAccessKey ?? 'stand-in-secret/with+odd=chars',
    objects: new Map(),
    log: [],
    close: () => Promise.resolve(),
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const entry: S3StandIn['log'][number] = { method, path, status: 200 };
    stand.log.push(entry);
    try {
      const body = await readBody(request);
      verifySignature(request, body, stand);
      const [, bucket = '', ...rest] = path.split('/');
      if (decodeURIComponent(bucket) !== stand.bucket) throw new S3Refusal(404, 'NoSuchBucket');
      const key = rest.map(decodeURIComponent).join('/');
      if (!key) throw new S3Refusal(400, 'InvalidRequest');
      if (method === 'PUT') {
        const contentType = headerValue(request, 'content-type') || 'binary/octet-stream';
        const cacheControl = headerValue(request, 'cache-control') || undefined;
        stand.objects.set(key, { body, contentType, cacheControl });
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        response.end();
      } else if (method === 'GET') {
        const object = stand.objects.get(key);
        if (!object) throw new S3Refusal(404, 'NoSuchKey');
        response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        response.end(object.body);
      } else if (method === 'DELETE') {
        stand.objects.delete(key);
        entry.status = 204;
        response.writeHead(204);
        response.end();
      } else {
        throw new S3Refusal(405, 'MethodNotAllowed');
      }
    } catch (error) {
      const refusal = error instanceof S3Refusal ? error : new S3Refusal(500, 'InternalError');
      entry.status = refusal.status;
      entry.error = refusal.code;
      sendError(response, refusal.status, refusal.code);
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  const listening = await listenOnLoopback(server);
  stand.endpoint = listening.url;
  stand.close = listening.close;
  return stand;
}
