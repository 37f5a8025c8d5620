import { Readable } from 'node:stream';
import type { S3StorageConfig } from '../config/config';
import { encodeRfc3986, EMPTY_PAYLOAD_SHA256, sha256Hex, signRequest, type SigV4Credentials } from './sigv4';
import { assertSafeKey, FILES_PATH_PREFIX, StorageError, type FileStorage } from './storage';

export interface S3StorageOptions {
  fetch?: typeof fetch;
  /** Per request; a store that does not answer in time is a StorageError. */
  timeoutMs?: number;
  now?: () => Date;
}

/** Names are immutable (a new upload gets a new key), so caches may keep them for a year. */
const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** `<Code>NoSuchBucket</Code>` from an S3 error answer, for the log. */
function errorCodeOf(xml: string): string {
  return /<Code>([^<]{1,64})<\/Code>/.exec(xml)?.[1] ?? 'unknown';
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …) through its REST API,
 * signed with Signature Version 4 on plain fetch.
 */
export function createS3Storage(config: S3StorageConfig, options: S3StorageOptions = {}): FileStorage {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const credentials: SigV4Credentials = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  };
  const endpoint = new URL(config.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const encodeKey = (key: string) => key.split('/').map(encodeRfc3986).join('/');

  function objectUrl(key: string): URL {
    assertSafeKey(key);
    const path = `${basePath}/${encodeKey(key)}`;
    return config.forcePathStyle
      ? new URL(`${endpoint.origin}/${encodeRfc3986(config.bucket)}${path}`)
      : new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}${path}`);
  }

  async function send(method: string, key: string, body?: Uint8Array, headers: Record<string, string> = {}) {
    const url = objectUrl(key);
    const signed = signRequest({
      method,
      url,
      headers,
      payloadHash: body ? sha256Hex(body) : EMPTY_PAYLOAD_SHA256,
      credentials,
      now: options.now?.() ?? new Date(),
    });
    try {
      return await doFetch(url, {
        method,
        headers: signed,
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new StorageError(`S3 ${method} ${key} failed: ${(error as Error).message}`, { cause: error });
    }
  }

  async function refuse(method: string, key: string, response: Response): Promise<never> {
    const text = await response.text().catch(() => '');
    throw new StorageError(`S3 ${method} ${key} answered ${response.status} ${errorCodeOf(text)}`);
  }

  const storage: FileStorage = {
    kind: 's3',
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, {
        'content-type': contentType,
        'cache-control': OBJECT_CACHE_CONTROL,
      });
      if (!response.ok) await refuse('PUT', key, response);
      await response.body?.cancel();
    },
    async open(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) return refuse('GET', key, response);
      return {
        body: Readable.fromWeb(response.body),
        size: Number(response.headers.get('content-length') ?? 0),
      };
    },
    async read(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) return refuse('GET', key, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) await refuse('DELETE', key, response);
      await response.body?.cancel();
    },
    publicUrl(key) {
      assertSafeKey(key);
      return config.publicBaseUrl
        ? `${config.publicBaseUrl}/${encodeKey(key)}`
        : `${FILES_PATH_PREFIX}${key}`;
    },
  };
  return storage;
}
