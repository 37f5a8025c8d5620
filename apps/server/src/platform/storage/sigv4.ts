import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for header-signed requests (what S3-compatible stores accept). Small
 * on purpose: enough for PUT, GET and DELETE of one object, no SDK. The algorithm:
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';

/** SHA-256 of an empty body, the payload hash of GET and DELETE. */
export const EMPTY_PAYLOAD_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

const hmac = (key: Uint8Array | string, data: string) => createHmac('sha256', key).update(data).digest();

/** Percent-encoding as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ (encodeURIComponent leaves !'()*). */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `20130524T000000Z` */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

export interface SignInput {
  method: string;
  /** Its pathname must already be encoded the way S3 expects (each segment RFC 3986-encoded): it is signed as is. */
  url: URL;
  /** Headers to send and sign besides host, x-amz-date and x-amz-content-sha256. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body. */
  payloadHash: string;
  credentials: SigV4Credentials;
  now?: Date;
}

/**
 * Signs a request; answers the headers to send (every one of them signed; `host` is left for
 * fetch to set, with the same value it was signed with).
 */
export function signRequest(input: SignInput): Record<string, string> {
  const { method, url, payloadHash, credentials } = input;
  const date = amzDate(input.now ?? new Date());
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value;
  headers.host = url.host;
  headers['x-amz-date'] = date;
  headers['x-amz-content-sha256'] = payloadHash;

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${(headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    method.toUpperCase(),
    url.pathname || '/',
    canonicalQuery(url),
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = [SIGV4_ALGORITHM, date, scope, sha256Hex(canonicalRequest)].join('\n');

  const dateKey = hmac(`AWS4${credentials.secretAccessKey}`, day);
  const regionKey = hmac(dateKey, credentials.region);
  const serviceKey = hmac(regionKey, credentials.service);
  const signingKey = hmac(serviceKey, 'aws4_request');
  const signature = hmac(signingKey, stringToSign).toString('hex');

  const { host: _host, ...toSend } = headers;
  return {
    ...toSend,
    authorization: `${SIGV4_ALGORITHM} Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}
