import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ErrorCode,
  FILE_DELETE_ANY_PERMISSION,
  IMAGE_MAX_BYTES,
  ZEnvelope,
  ZUploadedFile,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../platform/storage/sigv4';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser, grantRole } from '../../test/users';
import { files } from './files.table';
import { pngBomb, sampleImage, uploadFile, type UploadOptions } from './files.test-kit';
import { UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MS, uploadLimitKey } from './files.service';

let ctx: TestContext;
let uploadsDir = '';
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};

const TOO_LARGE_EN = 'The size of the uploaded image cannot exceed 2M';
const TOO_LARGE_ES = 'El tamaño de la imagen subida no puede superar 2M';
const NOT_AN_IMAGE_EN = 'Only JPEG, PNG, WebP or GIF images can be uploaded.';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const upload = (as: string, content: Buffer, options: Omit<UploadOptions, 'token'> = {}) =>
  uploadFile(ctx.app, content, { ...options, token: tokens[as] ?? '' });

async function uploaded(as: string, content: Buffer, options: Omit<UploadOptions, 'token'> = {}) {
  const res = await upload(as, content, options);
  expect(res.statusCode, res.body).toBe(200);
  return ZEnvelope(ZUploadedFile).parse(res.json()).data;
}

const storedFiles = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir, { recursive: true }) : []);
const storedPath = (url: string) => join(uploadsDir, url.replace(/^\/files\//, ''));
const rowOf = async (id: string) => (await ctx.database.db.select().from(files).where(eq(files.id, id)))[0];
const countRows = async () => (await ctx.database.db.select({ id: files.id }).from(files)).length;

function remove(as: string, id: string) {
  return ctx.app.inject({
    method: 'DELETE',
    url: `/api/v1/files/${id}`,
    headers: { authorization: `Bearer ${tokens[as] ?? ''}` },
  });
}

async function signUp(name: string): Promise<void> {
  userIds[name] = await createUser(ctx.database.db, { username: name, password: 'plain-pass-1' });
  tokens[name] = await accessTokenFor(ctx.app, name, 'plain-pass-1');
}

beforeAll(async () => {
  uploadsDir = join(mkdtempSync(join(tmpdir(), 'linkstore-files-')), 'uploads');
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', STORAGE_LOCAL_DIR: uploadsDir } });
  await signUp('ana');
  await signUp('bea');
  await signUp('cleaner');
  // An operator allowed to delete anyone's upload, and one allowed to edit products.
  await grantRole(ctx.database.db, userIds.cleaner ?? 0, 'FILE_CLEANER', [FILE_DELETE_ANY_PERMISSION]);
  tokens.cleaner = await accessTokenFor(ctx.app, 'cleaner', 'plain-pass-1');
  await signUp('editor');
  await grantRole(ctx.database.db, userIds.editor ?? 0, 'PRODUCT_EDITOR', ['catalog:product:edit']);
  tokens.editor = await accessTokenFor(ctx.app, 'editor', 'plain-pass-1');
});

afterAll(() => ctx.close());

describe('POST /api/v1/files', () => {
  it('refuses a visitor with 1002 and stores nothing', async () => {
    const res = await uploadFile(ctx.app, await sampleImage.png());
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
    expect(storedFiles()).toEqual([]);
  });

  it('answers a visitor’s oversized upload with 1002, not the size error', async () => {
    const res = await uploadFile(ctx.app, Buffer.alloc(3 * 1024 * 1024, 1));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
  });

  it('stores an image under a generated name and records it', async () => {
    const original = await sampleImage.png(64, 48);
    const file = await uploaded('ana', original, { filename: 'my holiday<script>.png', purpose: 'shop' });
    const now = new Date();
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(file.name).toMatch(new RegExp(`^${UUID}\\.png$`));
    expect(file.name).toBe(`${file.id}.png`);
    expect(file.url).toBe(`/files/shop/${month}/${file.id}.png`);
    expect(JSON.stringify(file)).not.toMatch(/holiday/);

    const stored = readFileSync(storedPath(file.url));
    const row = await rowOf(file.id);
    expect(row).toMatchObject({
      ownerUserId: userIds.ana,
      purpose: 'shop',
      storage: 'local',
      storageKey: `shop/${month}/${file.id}.png`,
      contentType: 'image/png',
      byteSize: stored.length,
      width: 64,
      height: 48,
      sha256: sha256Hex(stored),
    });
  });

  it('accepts a PNG renamed .jpg and declared as JPEG — as the PNG it is', async () => {
    const file = await uploaded('ana', await sampleImage.png(), {
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    expect(file.name).toMatch(/\.png$/);
    expect((await rowOf(file.id))?.contentType).toBe('image/png');
    expect((await sharp(readFileSync(storedPath(file.url))).metadata()).format).toBe('png');
  });

  it('keeps JPEG and WebP in their format and turns a GIF into a PNG of its first frame', async () => {
    const jpeg = await uploaded('ana', await sampleImage.jpeg(), {
      filename: 'a.jpeg',
      contentType: 'image/jpeg',
    });
    const webp = await uploaded('ana', await sampleImage.webp(), {
      filename: 'a.webp',
      contentType: 'image/webp',
    });
    const gif = await uploaded('ana', await sampleImage.gif(), {
      filename: 'a.gif',
      contentType: 'image/gif',
    });
    expect([jpeg.name, webp.name, gif.name].map((name) => name.split('.')[1])).toEqual([
      'jpg',
      'webp',
      'png',
    ]);
    expect((await sharp(readFileSync(storedPath(gif.url))).metadata()).format).toBe('png');
  });

  it('refuses an image over 2M with the upload message, in the caller’s language', async () => {
    const before = await countRows();
    const oversized = Buffer.concat([await sampleImage.png(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const en = await upload('ana', oversized);
    expect(en.statusCode).toBe(413);
    expect(en.json()).toEqual({
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      msg: TOO_LARGE_EN,
      data: { fields: [{ field: 'file', message: TOO_LARGE_EN }] },
    });
    const es = await upload('ana', oversized, { lang: 'es' });
    expect(es.statusCode).toBe(413);
    expect(es.json().msg).toBe(TOO_LARGE_ES);
    expect(await countRows()).toBe(before);
  });

  it('accepts exactly 2M of upload (the limit is inclusive)', async () => {
    // A JPEG padded with bytes after its end marker, which decoders ignore and re-encoding drops.
    const jpeg = await sampleImage.jpeg();
    const padded = Buffer.concat([jpeg, Buffer.alloc(IMAGE_MAX_BYTES - jpeg.length)]);
    const file = await uploaded('ana', padded, { filename: 'big.jpg', contentType: 'image/jpeg' });
    expect(readFileSync(storedPath(file.url)).length).toBeLessThan(jpeg.length * 2);
  });

  it.each([
    ['HTML', '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'],
    ['JavaScript', 'fetch("/api/v1/users/me").then(r => r.text()).then(alert)'],
    [
      'SVG with a script',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.domain)</script><rect width="10" height="10"/></svg>',
    ],
  ])('refuses %s with an image name and an image type', async (_kind, text) => {
    const before = await countRows();
    for (const [filename, contentType] of [
      ['cat.png', 'image/png'],
      ['cat.svg', 'image/svg+xml'],
      ['cat.gif', 'image/gif'],
    ] as const) {
      const res = await upload('ana', Buffer.from(text), { filename, contentType });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: ErrorCode.UNSUPPORTED_MEDIA_TYPE, msg: NOT_AN_IMAGE_EN });
    }
    expect(await countRows()).toBe(before);
  });

  it('refuses a file that only starts like an image (a GIF header in front of HTML)', async () => {
    const polyglot = Buffer.from('GIF89a<html><script>alert(1)</script></html>');
    const res = await upload('ana', polyglot, { filename: 'x.gif', contentType: 'image/gif' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  });

  it('re-encodes a photo upright and without any of its metadata (EXIF GPS, camera, author)', async () => {
    const photo = await sampleImage.jpegWithGps(80, 40);
    const source = await sharp(photo).metadata();
    expect(source.orientation).toBe(6);
    expect(source.exif).toBeDefined();
    expect(photo.includes('Ana Home Address')).toBe(true);

    const file = await uploaded('ana', photo, { filename: 'IMG_0001.JPG', contentType: 'image/jpeg' });
    const stored = readFileSync(storedPath(file.url));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 40, height: 80 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes('Ana Home Address')).toBe(false);
    expect(stored.includes('PhoneMaker')).toBe(false);
  });

  it('shrinks an image to the largest edge of its purpose, never enlarging', async () => {
    const avatar = await uploaded('ana', await sampleImage.png(1200, 600), { purpose: 'avatar' });
    expect(await rowOf(avatar.id)).toMatchObject({ width: 512, height: 256 });
    const small = await uploaded('ana', await sampleImage.png(100, 50), { purpose: 'banner' });
    expect(await rowOf(small.id)).toMatchObject({ width: 100, height: 50 });
  });

  it('refuses a decompression bomb (huge dimensions in a small file) before decoding it', async () => {
    const bomb = await pngBomb(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1024);
    const started = Date.now();
    const res = await upload('ana', bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      msg: 'The image is too large: at most 40 megapixels.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    // Just over the limit is refused too; the check is on declared pixels, not on the file size.
    expect((await upload('ana', await pngBomb(8_000, 5_001))).statusCode).toBe(413);
  });

  it('refuses a damaged image', async () => {
    const png = await sampleImage.png();
    const res = await upload('ana', png.subarray(0, 40));
    expect(res.statusCode).toBe(415);
    expect(res.json().msg).toBe('The image could not be read: the file may be damaged.');
  });

  it('asks for a file when there is none, and refuses an unknown purpose', async () => {
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/files?purpose=avatar',
      payload: { file: 'not a file' },
      headers: { authorization: `Bearer ${tokens.ana}` },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().data.fields).toEqual([{ field: 'file', message: 'Please choose a file to upload' }]);
    const purpose = await upload('ana', await sampleImage.png(), { purpose: 'passport' });
    expect(purpose.statusCode).toBe(400);
    expect(purpose.json().data.fields[0].field).toBe('purpose');
  });

  it('lets only catalogue operators upload product and category images (A0301, nothing stored)', async () => {
    const storedBefore = storedFiles().length;
    const rowsBefore = await countRows();
    for (const purpose of ['product', 'category']) {
      const res = await upload('ana', await sampleImage.png(), { purpose });
      expect(res.statusCode, purpose).toBe(403);
      expect(res.json().code).toBe(ErrorCode.FORBIDDEN);
    }
    const category = await upload('editor', await sampleImage.png(), { purpose: 'category' });
    expect(category.statusCode).toBe(403);
    expect(storedFiles().length).toBe(storedBefore);
    expect(await countRows()).toBe(rowsBefore);

    const product = await uploaded('editor', await sampleImage.png(), { purpose: 'product' });
    expect(product.url).toMatch(/^\/files\/product\//);
    expect((await uploaded('ana', await sampleImage.png(), { purpose: 'banner' })).url).toMatch(
      /^\/files\/banner\//,
    );
  });

  it('limits uploads per user', async () => {
    const key = uploadLimitKey(String(userIds.bea));
    while ((await ctx.app.limiter.peek(key, UPLOAD_WINDOW_MS)) < UPLOADS_PER_WINDOW) {
      await ctx.app.limiter.hit(key, UPLOAD_WINDOW_MS);
    }
    const res = await upload('bea', await sampleImage.png());
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(ErrorCode.RATE_LIMITED);
    // Someone else is not affected.
    expect((await upload('ana', await sampleImage.png())).statusCode).toBe(200);
    await ctx.app.limiter.reset(key);
  });
});

describe('GET /files/<key>', () => {
  it('serves the stored bytes with their type, nosniff, no active content and long caching', async () => {
    const file = await uploaded('ana', await sampleImage.png(), {
      filename: 'x.html',
      contentType: 'text/html',
    });
    const res = await ctx.app.inject({ method: 'GET', url: file.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(readFileSync(storedPath(file.url)))).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(res.rawPayload.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'content-disposition': 'inline',
      'cache-control': 'public, max-age=31536000, immutable',
      'cross-origin-resource-policy': 'cross-origin',
    });
    const etag = String(res.headers.etag);
    expect(etag).toBe(`"${sha256Hex(res.rawPayload)}"`);
    const again = await ctx.app.inject({ method: 'GET', url: file.url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('serves an image at a width for srcset, made once and kept, removed with the image', async () => {
    const file = await uploaded('ana', await sampleImage.webp(1000, 500), { purpose: 'banner' });
    const res = await ctx.app.inject({ method: 'GET', url: `${file.url}?w=480` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 240 });
    const kept = storedPath(file.url).replace(/\.webp$/, '.w480.webp');
    expect(existsSync(kept)).toBe(true);
    const etag = String(res.headers.etag);
    expect(etag).not.toBe(`"${sha256Hex(readFileSync(storedPath(file.url)))}"`);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${file.url}?w=480` })).rawPayload.equals(res.rawPayload),
    ).toBe(true);
    const revalidated = await ctx.app.inject({
      method: 'GET',
      url: `${file.url}?w=480`,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);

    // Wider than the image, or a width not served: the original.
    const original = readFileSync(storedPath(file.url));
    for (const w of ['1280', '500', 'x']) {
      const answer = await ctx.app.inject({ method: 'GET', url: `${file.url}?w=${w}` });
      expect(answer.rawPayload.equals(original), w).toBe(true);
    }
    expect((await remove('ana', file.id)).statusCode).toBe(200);
    expect(existsSync(kept)).toBe(false);
  });

  it.each([
    '/files/avatar/2026/01/00000000-0000-4000-8000-000000000000.png',
    '/files/avatar/2026/01/not-a-generated-name.png',
    '/files/../../etc/passwd',
    '/files/%2e%2e/%2e%2e/etc/passwd',
    '/files/',
  ])('answers 404 for %s', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('DELETE /api/v1/files/:id', () => {
  it('lets the owner delete: the record and the bytes go', async () => {
    const file = await uploaded('ana', await sampleImage.png());
    expect((await remove('bea', file.id)).json().code).toBe(ErrorCode.NOT_FOUND);
    expect(existsSync(storedPath(file.url))).toBe(true);

    const res = await remove('ana', file.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, data: null });
    expect(existsSync(storedPath(file.url))).toBe(false);
    expect(await rowOf(file.id)).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
    expect((await remove('ana', file.id)).statusCode).toBe(404);
  });

  it(`lets an operator with ${FILE_DELETE_ANY_PERMISSION} delete anyone's upload`, async () => {
    const file = await uploaded('bea', await sampleImage.png());
    expect((await remove('cleaner', file.id)).statusCode).toBe(200);
    expect(await rowOf(file.id)).toBeUndefined();
  });

  it('refuses a visitor with 1002 and a malformed id with A0400', async () => {
    const visitor = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/files/${crypto.randomUUID()}` });
    expect(visitor.json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
    expect((await remove('ana', '12')).json().code).toBe(ErrorCode.VALIDATION_FAILED);
  });
});
