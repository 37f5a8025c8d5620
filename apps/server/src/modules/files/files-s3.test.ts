import { ErrorCode, ZEnvelope, ZUploadedFile } from '@linkstore/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in';
import { accessTokenFor, createUser } from '../../test/users';
import { files } from './files.table';
import { sampleImage, uploadFile } from './files.test-kit';

let stand: S3StandIn;

beforeAll(async () => {
  stand = await startS3StandIn();
});
afterAll(() => stand.close());

/** The app with STORAGE_DRIVER=s3 against the stand-in, and a signed-in user. */
async function s3App(env: Record<string, string> = {}): Promise<{ ctx: TestContext; token: string }> {
  const ctx = await createTestApp({
    env: {
      CAPTCHA_ENABLED: 'false',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: stand.endpoint,
      S3_REGION: stand.region,
      S3_BUCKET: stand.bucket,
      S3_ACCESS_KEY_ID: stand.accessKeyId,
      S3_SECRET_ACCESS_KEY: stand.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...env,
    },
  });
  await createUser(ctx.database.db, { username: 'uploader', password: 'plain-pass-1' });
  return { ctx, token: await accessTokenFor(ctx.app, 'uploader', 'plain-pass-1') };
}

describe('uploads with STORAGE_DRIVER=s3', () => {
  let ctx: TestContext;
  let token = '';
  beforeAll(async () => ({ ctx, token } = await s3App()));
  afterAll(() => ctx.close());

  it('stores the re-encoded image in the bucket and serves it through /files/', async () => {
    const res = await uploadFile(ctx.app, await sampleImage.jpegWithGps(), {
      token,
      purpose: 'banner',
      filename: 'p.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = ZEnvelope(ZUploadedFile).parse(res.json()).data;
    const key = file.url.replace(/^\/files\//, '');
    expect(file.url).toMatch(new RegExp(`^/files/banner/\\d{4}/\\d{2}/${file.id}\\.jpg$`));

    const object = stand.objects.get(key);
    expect(object?.contentType).toBe('image/jpeg');
    expect((await sharp(object?.body).metadata()).exif).toBeUndefined();
    const [row] = await ctx.database.db.select().from(files);
    expect(row).toMatchObject({ storage: 's3', storageKey: key });

    const served = await ctx.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(object?.body ?? Buffer.alloc(0))).toBe(true);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/files/${file.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.statusCode).toBe(200);
    expect(stand.objects.has(key)).toBe(false);
  });
});

describe('uploads with S3_PUBLIC_BASE_URL', () => {
  it('links to the public address of the bucket', async () => {
    const { ctx, token } = await s3App({ S3_PUBLIC_BASE_URL: 'https://cdn.example/bucket/' });
    try {
      const res = await uploadFile(ctx.app, await sampleImage.png(), { token, purpose: 'banner' });
      const file = ZEnvelope(ZUploadedFile).parse(res.json()).data;
      expect(file.url).toMatch(
        new RegExp(`^https://cdn\\.example/bucket/banner/\\d{4}/\\d{2}/${file.id}\\.png$`),
      );
      expect(stand.objects.has(file.url.replace('https://cdn.example/bucket/', ''))).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});

describe('uploads when the bucket refuses the credentials', () => {
  it('answers C0001 (503), keeps no record and logs the detail', async () => {
    const { ctx, token } = await s3App({ S3_SECRET_ACCESS_KEY: 'a-wrong-secret' });
    try {
      const before = stand.objects.size;
      const res = await uploadFile(ctx.app, await sampleImage.png(), { token });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: ErrorCode.SERVICE_UNAVAILABLE,
        msg: 'The service is temporarily unavailable, please try again.',
      });
      expect(stand.log.at(-1)).toMatchObject({ method: 'PUT', status: 403, error: 'SignatureDoesNotMatch' });
      expect(stand.objects.size).toBe(before);
      expect(await ctx.database.db.select().from(files)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
