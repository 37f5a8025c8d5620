import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in';
import { ConfigError, loadConfig, type S3StorageConfig } from '../config/config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { encodeRfc3986, EMPTY_PAYLOAD_SHA256, signRequest } from './sigv4';
import { isSafeKey, readAll, StorageError } from './storage';
import { createStorages } from './storage-plugin';

const temporaryDir = () => mkdtempSync(join(tmpdir(), 'linkstore-storage-'));

describe('Signature Version 4', () => {
  it('signs the documented S3 example (GET /test.txt with a Range, 2013-05-24)', () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_PAYLOAD_SHA256,
      credentials: {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 's3',
      },
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    // fetch sets Host itself, with the value that was signed.
    expect(headers).not.toHaveProperty('host');
  });

  it('percent-encodes everything but unreserved characters', () => {
    expect(encodeRfc3986("a b/c!*'()~._-")).toBe('a%20b%2Fc%21%2A%27%28%29~._-');
  });
});

describe('storage keys', () => {
  it.each(['product/2026/01/x.png', 'a', 'a.b_c-d/e'])('accepts %s', (key) => {
    expect(isSafeKey(key)).toBe(true);
  });
  it.each(['', '../x', 'a/../../b', '/abs', 'a//b', 'a/./b', 'a\\b', 'a/b?c', 'a/%2e%2e', 'a b'])(
    'refuses %j',
    (key) => {
      expect(isSafeKey(key)).toBe(false);
    },
  );
});

describe('local storage', () => {
  const root = temporaryDir();
  const storage = createLocalStorage(root);

  it('puts, opens, reads and deletes under its folder', async () => {
    await storage.put('shop/2026/01/a.png', Buffer.from('bytes-1'), 'image/png');
    expect(readFileSync(join(root, 'shop/2026/01/a.png'), 'utf8')).toBe('bytes-1');
    const object = await storage.open('shop/2026/01/a.png');
    expect(object?.size).toBe(7);
    expect(object && (await readAll(object)).toString()).toBe('bytes-1');
    await storage.put('shop/2026/01/a.png', Buffer.from('bytes-2'), 'image/png');
    expect((await storage.read('shop/2026/01/a.png'))?.toString()).toBe('bytes-2');
    await storage.delete('shop/2026/01/a.png');
    expect(await storage.open('shop/2026/01/a.png')).toBeNull();
    await expect(storage.delete('shop/2026/01/a.png')).resolves.toBeUndefined();
    expect(storage.publicUrl('shop/2026/01/a.png')).toBe('/files/shop/2026/01/a.png');
  });

  it('refuses a key that could leave the folder', async () => {
    await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(
      StorageError,
    );
    await expect(storage.open('a/../../etc/passwd')).rejects.toBeInstanceOf(StorageError);
  });
});

describe('S3 storage against the local stand-in', () => {
  let stand: S3StandIn;
  let config: S3StorageConfig;

  beforeAll(async () => {
    stand = await startS3StandIn();
    config = {
      endpoint: stand.endpoint,
      region: stand.region,
      bucket: stand.bucket,
      accessKeyId: stand.accessKeyId,
      secretAccessKey: stand.secretAccessKey,
      publicBaseUrl: undefined,
      forcePathStyle: true,
    };
  });
  afterAll(() => stand.close());

  it('puts, opens, reads and deletes objects with signed requests', async () => {
    const storage = createS3Storage(config);
    await storage.put('banner/2026/02/b.webp', Buffer.from('webp-bytes'), 'image/webp');
    expect(stand.objects.get('banner/2026/02/b.webp')).toMatchObject({
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(stand.objects.get('banner/2026/02/b.webp')?.body.toString()).toBe('webp-bytes');

    const object = await storage.open('banner/2026/02/b.webp');
    expect(object?.size).toBe(10);
    expect(object && (await readAll(object)).toString()).toBe('webp-bytes');
    expect((await storage.read('banner/2026/02/b.webp'))?.toString()).toBe('webp-bytes');

    await storage.delete('banner/2026/02/b.webp');
    expect(stand.objects.has('banner/2026/02/b.webp')).toBe(false);
    expect(await storage.open('banner/2026/02/b.webp')).toBeNull();
    expect(await storage.read('banner/2026/02/b.webp')).toBeNull();
    await expect(storage.delete('banner/2026/02/b.webp')).resolves.toBeUndefined();
    expect(stand.log.every((entry) => !entry.error || entry.error === 'NoSuchKey')).toBe(true);
  });

  it('is refused with a wrong secret (403 SignatureDoesNotMatch) and stores nothing', async () => {
    const storage = createS3Storage({ ...config, secretAccessKey: 'not-the-secret' });
    await expect(storage.put('shop/2026/02/c.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /403 SignatureDoesNotMatch/,
    );
    await expect(storage.open('shop/2026/02/c.png')).rejects.toBeInstanceOf(StorageError);
    expect(stand.objects.has('shop/2026/02/c.png')).toBe(false);
    expect(stand.log.at(-1)).toMatchObject({ status: 403, error: 'SignatureDoesNotMatch' });
  });

  it('is refused with an unknown access key', async () => {
    const storage = createS3Storage({ ...config, accessKeyId: 'AKIDSOMEONEELSE' });
    await expect(storage.read('shop/2026/02/c.png')).rejects.toThrow(/403 InvalidAccessKeyId/);
  });

  it('is refused when what is sent differs from what was signed', async () => {
    // A proxy (or a bug) that changes the body after signing: the payload hash no longer matches.
    const tampering: typeof fetch = (input, init) =>
      globalThis.fetch(input, { ...init, body: Buffer.from('changed') });
    const storage = createS3Storage(config, { fetch: tampering });
    await expect(storage.put('shop/2026/02/d.png', Buffer.from('original'), 'image/png')).rejects.toThrow(
      /400 XAmzContentSHA256Mismatch/,
    );
  });

  it('reports an unreachable store as a StorageError', async () => {
    const storage = createS3Storage({ ...config, endpoint: 'http://127.0.0.1:1' });
    await expect(storage.read('shop/2026/02/e.png')).rejects.toBeInstanceOf(StorageError);
  });

  it('addresses the bucket as a host name unless path style is forced', async () => {
    const urls: string[] = [];
    const capture: typeof fetch = (input) => {
      urls.push(input instanceof Request ? input.url : input.toString());
      return Promise.resolve(new Response(null, { status: 204 }));
    };
    await createS3Storage(
      { ...config, endpoint: 'https://s3.eu-west-3.amazonaws.com', forcePathStyle: false },
      { fetch: capture },
    ).delete('shop/2026/02/f.png');
    await createS3Storage(config, { fetch: capture }).delete('shop/2026/02/f.png');
    expect(urls).toEqual([
      'https://linkstore-test.s3.eu-west-3.amazonaws.com/shop/2026/02/f.png',
      `${stand.endpoint}/linkstore-test/shop/2026/02/f.png`,
    ]);
  });

  it('links to the public base URL when there is one, else to /files/', () => {
    expect(createS3Storage(config).publicUrl('shop/2026/02/g.png')).toBe('/files/shop/2026/02/g.png');
    expect(
      createS3Storage({ ...config, publicBaseUrl: 'https://cdn.example/img' }).publicUrl(
        'shop/2026/02/g.png',
      ),
    ).toBe('https://cdn.example/img/shop/2026/02/g.png');
  });
});

describe('storage configuration', () => {
  it('defaults to a local folder in DATA_DIR/uploads', () => {
    const dataDir = temporaryDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.storage).toEqual({ driver: 'local', localDir: join(dataDir, 'uploads'), s3: undefined });
    expect(createStorages(config.storage).active.kind).toBe('local');
  });

  it('needs a bucket and credentials for s3, and names what is missing', () => {
    try {
      loadConfig({ DATA_DIR: temporaryDir(), STORAGE_DRIVER: 's3', S3_ACCESS_KEY_ID: 'AKID' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'S3_BUCKET must be set when STORAGE_DRIVER is s3',
        'S3_SECRET_ACCESS_KEY must be set when STORAGE_DRIVER is s3',
      ]);
    }
  });

  it('reads the S3 settings, defaulting the endpoint to AWS in the region', () => {
    const config = loadConfig({
      DATA_DIR: temporaryDir(),
      STORAGE_DRIVER: 's3',
      S3_REGION: 'eu-west-3',
      S3_BUCKET: 'my-bucket',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_BASE_URL: 'https://cdn.example/',
    });
    expect(config.storage.s3).toEqual({
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      region: 'eu-west-3',
      bucket: 'my-bucket',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      publicBaseUrl: 'https://cdn.example',
      forcePathStyle: false,
    });
    const storages = createStorages(config.storage);
    expect(storages.active.kind).toBe('s3');
    // Files written before the switch stay readable from the folder.
    expect(storages.byKind('local')?.kind).toBe('local');
  });

  it('names a bad bucket name', () => {
    expect(() => loadConfig({ DATA_DIR: temporaryDir(), S3_BUCKET: 'BAD_bucket' })).toThrow(
      /S3_BUCKET must be a bucket name/,
    );
  });
});
