import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { crc32 } from 'node:zlib';
import * as contract from '@linkstore/contract';
import {
  ErrorCode,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  type TErrorCode,
  type TRouteDef,
} from '@linkstore/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../platform/auth/auth.tables';
import { files } from '../modules/files/files.table';
import { MAX_EDGE, sniffImageFormat } from '../modules/files/files.images';
import { FILE_KEY_PATTERN } from '../modules/files/files.service';
import { multipartFile, pngBomb, sampleImage } from '../modules/files/files.test-kit';
import { createTestApp, type TestContext } from '../test/helper';
import { listenOnLoopback } from '../test/loopback-server';
import { accessTokenFor } from '../test/users';
import {
  centralRecord,
  deflated,
  deflatedZeros,
  endRecord,
  localEntry,
  stored,
  zipOf,
} from '../test/zip-builder';
import { recordFigures } from './figures';

/**
 * The "uploads" part of the security suite (issue 15): hostile files through every endpoint that
 * takes a file — images (`POST /api/v1/files`, checked and re-encoded by sharp) and the .xlsx
 * imports (users, tracking numbers). Each file is either refused with its error code and nothing
 * stored, or stored re-encoded: what `/files/…` then serves is a clean image of its declared type
 * (nothing of the original but pixels), with nosniff and a CSP that runs nothing. Memory and the
 * event loop are watched across the whole part.
 */

let ctx: TestContext;
let rootToken = '';
let root = '';
let uploadsDir = '';
let probe: { url: string; close(): Promise<void> };
const imageBytes = new Map<string, Buffer>();
/** A GIF of BOMB_EDGE² pixels of one colour: 11 KB that decode whole (a GIF frame is not streamed). */
const BOMB_EDGE = 4000;
let concurrentBomb = Buffer.alloc(0);
const xlsxBytes = new Map<string, Buffer>();
/** Requests the server made to the loopback probe (external entities, external links). */
const probeHits: string[] = [];

const figures = {
  files: 0,
  refused: 0,
  reEncoded: 0,
  readAsWorkbook: 0,
  byCode: {} as Record<string, number>,
  byStatus: {} as Record<string, number>,
  baselineRssMb: 0,
  maxRssGrowthMb: 0,
  maxHeapGrowthMb: 0,
  maxEventLoopDelayMs: 0,
  worstEventLoopFile: '',
  maxRssStepMb: 0,
  oneBombRssStepMb: 0,
  sixBombsAtOnceRssStepMb: 0,
  worstRssFile: '',
  slowestFileMs: 0,
  slowestFile: '',
  ms: 0,
};

// ── Memory and event loop, sampled across the part ──
const MB = 1024 * 1024;
/**
 * The largest image the server decodes is IMAGE_MAX_PIXELS of RGBA (160 MB): one file may take
 * that and a margin; an .xlsx, whose unpacked parts are checked as streams and capped at 20 MB,
 * far less. Across the part, allocator pools (sharp's threads) keep some: twice one image.
 */
const IMAGE_STEP_BOUND_MB = (IMAGE_MAX_PIXELS * 4) / MB + 64;
const XLSX_STEP_BOUND_MB = 64;
const RSS_BOUND_MB = (2 * IMAGE_MAX_PIXELS * 4) / MB;
const EVENT_LOOP_BOUND_MS = 750;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let baseline = { rss: 0, heap: 0 };
let peak = { rss: 0, heap: 0 };
/** The highest RSS seen since the file being sent left. */
let sendPeak = 0;
let sampler: NodeJS.Timeout | undefined;
function sample() {
  const { rss, heapUsed } = process.memoryUsage();
  peak = { rss: Math.max(peak.rss, rss), heap: Math.max(peak.heap, heapUsed) };
  sendPeak = Math.max(sendPeak, rss);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'linkstore-sec-uploads-'));
  uploadsDir = join(root, 'data', 'uploads');
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', STORAGE_LOCAL_DIR: uploadsDir } });
  rootToken = await accessTokenFor(ctx.app, 'root');
  probe = await listenOnLoopback(
    createServer((req, res) => {
      probeHits.push(`${req.method} ${req.url}`);
      res.end('root:x:0:0:probe-was-read');
    }),
  );
  // Every hostile file is made before measuring: the part measures the server, not the making.
  for (const c of IMAGE_CASES) imageBytes.set(c.name, Buffer.from(await c.bytes()));
  for (const c of xlsxCases()) xlsxBytes.set(c.name, Buffer.from(await c.bytes()));
  concurrentBomb = await sharp({
    create: { width: BOMB_EDGE, height: BOMB_EDGE, channels: 3, background: '#2c3e50' },
  })
    .gif()
    .toBuffer();
  global.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  baseline = { rss, heap: heapUsed };
  peak = { ...baseline };
  sampler = setInterval(sample, 5);
  loopDelay.enable();
});

afterAll(async () => {
  if (sampler) clearInterval(sampler);
  loopDelay.disable();
  await probe.close();
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

// ── The upload endpoints, from the contract ──

const isRouteDef = (value: unknown): value is TRouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

/** Every contract route whose body has a multipart `file`. */
function uploadRoutes(): string[] {
  return (Object.values(contract) as unknown[])
    .filter((group): group is object => typeof group === 'object' && group !== null)
    .flatMap((group) => Object.values(group).filter(isRouteDef))
    .filter((def) => {
      const shape = (def.body as { shape?: Record<string, unknown> } | undefined)?.shape;
      return shape !== undefined && 'file' in shape;
    })
    .map((def) => `${def.method} ${def.path}`);
}

const IMAGE_UPLOAD = `POST ${contract.filesRoutes.upload.path}`;
const XLSX_IMPORTS = [
  `POST ${contract.usersRoutes.import.path}`,
  `POST ${contract.consoleOrdersRoutes.shipImport.path}`,
  `POST ${contract.stockRoutes.import.path}`,
];
/**
 * Imports that need their own header row (the stock sheet's SKU and stock columns): a workbook
 * read without it is refused as not their sheet (A0446), after it was read like any other.
 */
const HEADER_REQUIRED = new Set([`POST ${contract.stockRoutes.import.path}`]);

// ── Sending ──

interface Sent {
  res: LightMyRequestResponse;
  ms: number;
}

async function send(
  url: string,
  bytes: Buffer,
  name: string,
  options: { filename?: string; contentType?: string } = {},
): Promise<Sent> {
  const { payload, headers } = multipartFile(bytes, {
    filename: options.filename ?? 'upload.bin',
    contentType: options.contentType ?? 'application/octet-stream',
  });
  loopDelay.reset();
  const rssBefore = process.memoryUsage().rss;
  sendPeak = rssBefore;
  const started = performance.now();
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, lang: 'fr', authorization: `Bearer ${rootToken}` },
  });
  const ms = performance.now() - started;
  sample();
  // The longest the event loop waited while the server handled this file.
  const delayMs = Math.round(loopDelay.max / 1e6);
  if (delayMs > figures.maxEventLoopDelayMs) {
    figures.maxEventLoopDelayMs = delayMs;
    figures.worstEventLoopFile = `${url} ${name}`;
  }
  // How much more memory the process took while the server handled this file.
  const stepMb = Math.round((sendPeak - rssBefore) / MB);
  const isImage = url.startsWith(contract.filesRoutes.upload.path);
  expect(stepMb, `${name}: RSS grew by ${stepMb} MB`).toBeLessThan(
    isImage ? IMAGE_STEP_BOUND_MB : XLSX_STEP_BOUND_MB,
  );
  if (stepMb > figures.maxRssStepMb) {
    figures.maxRssStepMb = stepMb;
    figures.worstRssFile = `${url} ${name}`;
  }
  figures.files += 1;
  figures.byStatus[res.statusCode] = (figures.byStatus[res.statusCode] ?? 0) + 1;
  if (ms > figures.slowestFileMs) {
    figures.slowestFileMs = Math.round(ms);
    figures.slowestFile = `${url} ${name}`;
  }
  return { res, ms };
}

/** The status each refusal code answers with. */
const STATUS: Partial<Record<TErrorCode, number>> = {
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ErrorCode.FILE_UNREADABLE]: 400,
  [ErrorCode.TOO_MANY_ROWS]: 400,
};

function expectRefused({ res }: Sent, code: TErrorCode) {
  expect(res.statusCode, res.body).toBe(STATUS[code]);
  const body = res.json<{ code: string; msg: string }>();
  expect(body.code).toBe(code);
  // A clear message in the caller's language (French here), never a stack or a library's words.
  expect(body.msg.length).toBeGreaterThan(10);
  expect(body.msg).not.toMatch(/Error:|at .*\.(ts|js):\d|vips|sharp|yauzl|exceljs|saxes|zlib/i);
  figures.refused += 1;
  figures.byCode[code] = (figures.byCode[code] ?? 0) + 1;
}

// ── Hostile images ──

const SCRIPT = '<html><body><script>alert(document.domain)</script></body></html>';
const MARKERS = [
  '<script',
  '<html',
  'alert(',
  '<svg',
  'PK\u0003\u0004',
  'PhoneMaker',
  'Home Address',
  'probe',
];

/** A PNG chunk: length, type, data, CRC over type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A PNG with `chunk` inserted right after IHDR. */
function withPngChunk(png: Buffer, chunk: Buffer): Buffer {
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

/** The blocks of a GIF after its header, screen descriptor and global colour table. */
function gifParts(gif: Buffer): { head: Buffer; frame: Buffer } {
  const hasTable = (gif[10] ?? 0) & 0x80;
  let at = 13 + (hasTable ? 3 * 2 ** (((gif[10] ?? 0) & 7) + 1) : 0);
  const head = gif.subarray(0, at);
  const skipSubBlocks = () => {
    while ((gif[at] ?? 0) !== 0) at += (gif[at] ?? 0) + 1;
    at += 1;
  };
  const start = at;
  for (;;) {
    const kind = gif[at];
    if (kind === 0x21) {
      at += 2;
      skipSubBlocks();
    } else if (kind === 0x2c) {
      const flags = gif[at + 9] ?? 0;
      at += 10 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0) + 1;
      skipSubBlocks();
      return { head, frame: gif.subarray(start, at) };
    } else throw new Error('no frame in the GIF');
  }
}

/** A JPEG whose frame header (SOF) declares `width` × `height`. */
function jpegDeclaring(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let at = 2; at < copy.length;) {
    const marker = copy[at + 1] ?? 0;
    const length = copy.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc2) {
      copy.writeUInt16BE(height, at + 5);
      copy.writeUInt16BE(width, at + 7);
      return copy;
    }
    at += 2 + length;
  }
  throw new Error('no SOF');
}

/** A lossless WebP (VP8L) whose header declares `width` × `height` (at most 16384 each). */
function webpDeclaring(webp: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(webp);
  const at = copy.indexOf('VP8L');
  if (at < 0) throw new Error('not a lossless WebP');
  // After the chunk size and the 0x2f signature: 14 bits width − 1, 14 bits height − 1, alpha, version.
  const bits = copy.readUInt32LE(at + 9);
  const rest = bits & ~0x0fffffff;
  copy.writeUInt32LE((rest | ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14)) >>> 0, at + 9);
  return copy;
}

const SVG_SCRIPT = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`;
const SVG_FOREIGN = `<svg xmlns="http://www.w3.org/2000/svg"><foreignObject width="100" height="100"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"></iframe></body></foreignObject></svg>`;
const svgEntities = () =>
  `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY y SYSTEM "${probe.url}/svg">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;&y;</text></svg>`;

type ImageOutcome = { refused: TErrorCode } | 'reEncoded';

interface ImageCase {
  name: string;
  bytes: () => Promise<Buffer> | Buffer;
  filename?: string;
  contentType?: string;
  outcome: ImageOutcome;
}

const IMAGE_CASES: ImageCase[] = [
  // Size
  {
    name: 'one byte over the limit',
    bytes: async () => Buffer.concat([await sampleImage.png(), Buffer.alloc(IMAGE_MAX_BYTES)]),
    filename: 'big.png',
    contentType: 'image/png',
    outcome: { refused: ErrorCode.PAYLOAD_TOO_LARGE },
  },
  {
    name: '12 MB (the multipart reader stops at the limit)',
    bytes: async () => Buffer.concat([await sampleImage.jpeg(), Buffer.alloc(12 * MB, 0x41)]),
    filename: 'huge.jpg',
    contentType: 'image/jpeg',
    outcome: { refused: ErrorCode.PAYLOAD_TOO_LARGE },
  },
  {
    name: 'empty',
    bytes: () => Buffer.alloc(0),
    filename: 'empty.png',
    contentType: 'image/png',
    outcome: { refused: ErrorCode.UNSUPPORTED_MEDIA_TYPE },
  },
  {
    name: 'truncated PNG',
    bytes: async () => {
      const png = await sampleImage.png(400, 300);
      return png.subarray(0, Math.floor(png.length / 2));
    },
    outcome: { refused: ErrorCode.UNSUPPORTED_MEDIA_TYPE },
  },
  {
    name: 'PNG signature then nothing',
    bytes: async () => (await sampleImage.png()).subarray(0, 8),
    outcome: { refused: ErrorCode.UNSUPPORTED_MEDIA_TYPE },
  },
  // Polyglots
  {
    name: 'JPEG + HTML (in a comment and after the end)',
    bytes: async () => {
      const jpeg = await sampleImage.jpeg();
      const comment = Buffer.from(SCRIPT);
      const com = Buffer.alloc(4);
      com.writeUInt16BE(0xfffe, 0);
      com.writeUInt16BE(comment.length + 2, 2);
      return Buffer.concat([jpeg.subarray(0, 2), com, comment, jpeg.subarray(2), Buffer.from(SCRIPT)]);
    },
    filename: 'photo.jpg.html',
    contentType: 'text/html',
    outcome: 'reEncoded',
  },
  {
    name: 'GIF + JavaScript (GIF89a/*…*/=alert(1))',
    bytes: async () => {
      const gif = Buffer.from(await sampleImage.gif(64, 48));
      // The screen width bytes read "/*", the script closes the comment after the trailer.
      gif.write('/*', 6, 'latin1');
      return Buffer.concat([gif, Buffer.from('*/=alert(document.cookie);//')]);
    },
    filename: 'x.gif',
    contentType: 'image/gif',
    outcome: 'reEncoded',
  },
  {
    name: 'PNG + ZIP (a zip with an HTML page appended)',
    bytes: async () =>
      Buffer.concat([await sampleImage.png(), zipOf([deflated('index.html', Buffer.from(SCRIPT))])]),
    outcome: 'reEncoded',
  },
  {
    name: 'PNG with HTML in a text chunk',
    bytes: async () =>
      withPngChunk(await sampleImage.png(), pngChunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`))),
    contentType: 'text/html',
    outcome: 'reEncoded',
  },
  {
    name: 'PNG signature, then an HTML page',
    bytes: () =>
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(SCRIPT)]),
    filename: 'page.png',
    contentType: 'image/png',
    outcome: { refused: ErrorCode.UNSUPPORTED_MEDIA_TYPE },
  },
  // Not images, whatever they say
  {
    name: 'SVG with a script',
    bytes: () => Buffer.from(SVG_SCRIPT),
    filename: 'logo.svg',
    contentType: 'image/svg+xml',
    outcome: { refused: ErrorCode.UNSUPPORTED_MEDIA_TYPE },
  },
  {
    name: 'SVG with foreignObject, saved as .png',
    bytes: () => Buffer.from(SVG_FOREIGN),
    filename: 'logo.png',
    contentType: 'image/png',
    outcome: { refused: ErrorCode.UNSUPPORTED_MEDIA_TYPE },
  },
  {
    name: 'SVG with external entities (file and http)',
    bytes: () => Buffer.from(svgEntities()),
    filename: 'xxe.svg',
    contentType: 'image/svg+xml',
    outcome: { refused: ErrorCode.UNSUPPORTED_MEDIA_TYPE },
  },
  {
    name: 'HTML saved as .png',
    bytes: () => Buffer.from(SCRIPT),
    filename: 'cat.png',
    contentType: 'image/png',
    outcome: { refused: ErrorCode.UNSUPPORTED_MEDIA_TYPE },
  },
  {
    name: 'TIFF (an image, not one we take)',
    bytes: () =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .tiff()
        .toBuffer(),
    filename: 'scan.png',
    contentType: 'image/png',
    outcome: { refused: ErrorCode.UNSUPPORTED_MEDIA_TYPE },
  },
  // Spoofed type and name
  {
    name: 'a real PNG sent as text/html named .html',
    bytes: () => sampleImage.png(),
    filename: 'evil.html',
    contentType: 'text/html',
    outcome: 'reEncoded',
  },
  {
    name: 'a real JPEG sent as image/svg+xml',
    bytes: () => sampleImage.jpeg(),
    filename: 'evil.svg',
    contentType: 'image/svg+xml',
    outcome: 'reEncoded',
  },
  {
    name: 'a WebP with a spoofed content type',
    bytes: () => sampleImage.webp(),
    filename: 'x.exe',
    contentType: 'application/x-msdownload',
    outcome: 'reEncoded',
  },
  // Pixel bombs: huge declared dimensions, a few bytes
  {
    name: 'PNG declaring 100000 × 100000',
    bytes: () => pngBomb(100_000, 100_000),
    outcome: { refused: ErrorCode.PAYLOAD_TOO_LARGE },
  },
  {
    name: 'JPEG declaring 65000 × 65000',
    bytes: async () => jpegDeclaring(await sampleImage.jpeg(), 65_000, 65_000),
    outcome: { refused: ErrorCode.PAYLOAD_TOO_LARGE },
  },
  {
    // The decoder (libnsgif) takes the frame's size when the screen's is absurd: 64 × 48 here.
    name: 'GIF whose screen declares 65535 × 65535',
    bytes: async () => {
      const gif = Buffer.from(await sampleImage.gif());
      gif.writeUInt16LE(0xffff, 6);
      gif.writeUInt16LE(0xffff, 8);
      return gif;
    },
    outcome: 'reEncoded',
  },
  {
    name: 'GIF whose screen and frame declare 65535 × 65535',
    bytes: async () => {
      const gif = Buffer.from(await sampleImage.gif());
      gif.writeUInt16LE(0xffff, 6);
      gif.writeUInt16LE(0xffff, 8);
      const { head } = gifParts(gif);
      const descriptor = gif.indexOf(0x2c, head.length);
      gif.writeUInt16LE(0xffff, descriptor + 5);
      gif.writeUInt16LE(0xffff, descriptor + 7);
      return gif;
    },
    outcome: { refused: ErrorCode.PAYLOAD_TOO_LARGE },
  },
  {
    name: 'WebP declaring 16000 × 16000',
    bytes: async () =>
      webpDeclaring(
        await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123' } })
          .webp({ lossless: true })
          .toBuffer(),
        16_000,
        16_000,
      ),
    outcome: { refused: ErrorCode.PAYLOAD_TOO_LARGE },
  },
  // Decompression bombs within the pixel limit: tiny files that decode to 100+ MB
  {
    name: 'PNG 6300 × 6300 of one colour (≈ 160 MB decoded)',
    bytes: () =>
      sharp({ create: { width: 6300, height: 6300, channels: 4, background: '#ffffff00' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    outcome: 'reEncoded',
  },
  {
    name: 'WebP 6000 × 6000 lossless of one colour',
    bytes: () =>
      sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#336699' } })
        .webp({ lossless: true })
        .toBuffer(),
    outcome: 'reEncoded',
  },
  {
    name: 'GIF 4000 × 4000 with 150 frames (animated-frame bomb, 2.4 G pixels in all)',
    bytes: async () => {
      const gif = Buffer.from(
        await sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#c0392b' } })
          .gif()
          .toBuffer(),
      );
      const { head, frame } = gifParts(gif);
      return Buffer.concat([head, ...Array.from({ length: 150 }, () => frame), Buffer.from([0x3b])]);
    },
    outcome: 'reEncoded',
  },
  {
    name: 'animated WebP, 40 frames',
    bytes: async () => {
      const frame = 512 * 512 * 3;
      const raw = Buffer.alloc(frame * 40);
      for (let i = 0; i < 40; i++) raw.fill(i * 6, i * frame, (i + 1) * frame);
      return sharp(raw, { raw: { width: 512, height: 512 * 40, channels: 3, pageHeight: 512 } })
        .webp({ loop: 0 })
        .toBuffer();
    },
    outcome: 'reEncoded',
  },
  // Metadata
  {
    name: 'phone JPEG with EXIF GPS position, camera and author',
    bytes: () => sampleImage.jpegWithGps(),
    outcome: 'reEncoded',
  },
  // File names
  {
    name: 'named ../../x.png',
    bytes: () => sampleImage.png(),
    filename: '../../x.png',
    contentType: 'image/png',
    outcome: 'reEncoded',
  },
  {
    name: 'named with a NUL (x.php\\0.png)',
    bytes: () => sampleImage.png(),
    filename: 'x.php\u0000.png',
    contentType: 'image/png',
    outcome: 'reEncoded',
  },
  {
    name: 'named with 5,000 characters and a path',
    bytes: () => sampleImage.png(),
    filename: `/etc/${'a'.repeat(5000)}.png`,
    contentType: 'image/png',
    outcome: 'reEncoded',
  },
];

const storedFiles = (): string[] =>
  existsSync(uploadsDir)
    ? readdirSync(uploadsDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(uploadsDir, join(entry.parentPath, entry.name)))
    : [];
const fileRows = async () => (await ctx.database.db.select({ id: files.id }).from(files)).length;

const FORMAT_OF_TYPE: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** What `/files/…` serves for a stored upload: a clean image of its declared type, nothing else. */
async function expectCleanServed(url: string, original: Buffer) {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const type = String(res.headers['content-type']);
  expect(Object.keys(FORMAT_OF_TYPE)).toContain(type);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['content-disposition']).toBe('inline');
  const body = res.rawPayload;
  // Re-encoded: not the uploaded bytes, its format by content is the one declared.
  expect(body.equals(original)).toBe(false);
  expect(sniffImageFormat(body)).toBe(FORMAT_OF_TYPE[type]);
  const text = body.toString('latin1');
  for (const marker of MARKERS) expect(text, marker).not.toContain(marker);
  // Nothing after the image's end, no metadata, one frame, no larger than the purpose allows.
  if (type === 'image/png') expect(body.subarray(-8, -4).toString('latin1')).toBe('IEND');
  if (type === 'image/jpeg') expect([...body.subarray(-2)]).toEqual([0xff, 0xd9]);
  const meta = await sharp(body, { failOn: 'warning' }).metadata();
  expect(meta.format).toBe(FORMAT_OF_TYPE[type]);
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.pages ?? 1).toBe(1);
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(MAX_EDGE.product);
}

describe('uploads', { timeout: 120_000 }, () => {
  const started = performance.now();

  it('the endpoints that take a file are exactly the ones this part sends hostile files to', () => {
    // A new upload route fails here until its hostile files are added below.
    expect(uploadRoutes().sort()).toEqual([IMAGE_UPLOAD, ...XLSX_IMPORTS].sort());
  });

  it(`${IMAGE_CASES.length} hostile images: each refused with its code and nothing stored, or re-encoded clean`, async () => {
    expect(IMAGE_CASES.length).toBeGreaterThanOrEqual(25);
    const outcomes: Record<string, string> = {};
    for (const c of IMAGE_CASES) {
      const bytes = imageBytes.get(c.name) ?? Buffer.alloc(0);
      const rowsBefore = await fileRows();
      const storedBefore = storedFiles().length;
      const sent = await send(`${contract.filesRoutes.upload.path}?purpose=product`, bytes, c.name, {
        filename: c.filename ?? 'image.png',
        contentType: c.contentType ?? 'image/png',
      });
      outcomes[c.name] = `${sent.res.statusCode} ${sent.res.json<{ code: string }>().code}`;
      console.info(`uploads: ${c.name} → ${outcomes[c.name]} in ${Math.round(sent.ms)} ms`);
      if (c.outcome === 'reEncoded') {
        expect(sent.res.statusCode, `${c.name}: ${sent.res.body}`).toBe(200);
        const data = sent.res.json<{ data: { name: string; url: string } }>().data;
        expect(data.url).toMatch(/^\/files\//);
        expect(data.url.slice('/files/'.length)).toMatch(FILE_KEY_PATTERN);
        expect(data.name).toMatch(/^[0-9a-f-]{36}\.(jpg|png|webp)$/);
        await expectCleanServed(data.url, bytes);
        figures.reEncoded += 1;
      } else {
        expectRefused(sent, c.outcome.refused);
        expect(await fileRows(), c.name).toBe(rowsBefore);
        expect(storedFiles().length, c.name).toBe(storedBefore);
      }
    }
    // Every stored file is under the uploads folder with a generated key; nothing was written
    // where a file name pointed.
    for (const path of storedFiles()) expect(path).toMatch(FILE_KEY_PATTERN);
    for (const near of [
      resolve(uploadsDir, '../../x.png'),
      resolve(uploadsDir, '../x.png'),
      resolve('x.png'),
    ])
      expect(existsSync(near), near).toBe(false);
    expect(probeHits).toEqual([]);
    console.info('uploads: image outcomes', outcomes);
  });

  it('decompression bombs sent together are decoded one at a time: memory does not grow with their number', async () => {
    const bomb = concurrentBomb;
    const upload = () => {
      const { payload, headers } = multipartFile(bomb, { filename: 'bomb.gif', contentType: 'image/gif' });
      return ctx.app.inject({
        method: 'POST',
        url: `${contract.filesRoutes.upload.path}?purpose=avatar`,
        payload,
        headers: { ...headers, authorization: `Bearer ${rootToken}` },
      });
    };
    /** How much more memory the process took while these uploads ran. */
    const stepOf = async (count: number) => {
      global.gc?.();
      const before = process.memoryUsage().rss;
      sendPeak = before;
      loopDelay.reset();
      const answers = await Promise.all(Array.from({ length: count }, upload));
      sample();
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      figures.files += count;
      figures.reEncoded += count;
      figures.byStatus[200] = (figures.byStatus[200] ?? 0) + count;
      figures.maxEventLoopDelayMs = Math.max(figures.maxEventLoopDelayMs, Math.round(loopDelay.max / 1e6));
      return Math.round((sendPeak - before) / MB);
    };
    const one = await stepOf(1);
    const six = await stepOf(6);
    figures.oneBombRssStepMb = one;
    figures.sixBombsAtOnceRssStepMb = six;
    console.info(`uploads: one ${BOMB_EDGE}² GIF took ${one} MB, six at once ${six} MB`);
    // Decoded side by side, six took 287 MB against one's 61 MB (4.7×); in turn, about one —
    // up to 98 MB seen on a busy machine, as RSS also holds what the other uploads left behind.
    expect(six).toBeLessThan(Math.max(2.5 * one, 100));
  });

  it('an SVG or HTML planted under a key-shaped path is never served', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/files/../../etc/passwd' });
    expect([400, 404]).toContain(res.statusCode);
    const svg = await ctx.app.inject({
      method: 'GET',
      url: '/files/product/2026/01/00000000-0000-4000-8000-000000000000.svg',
    });
    expect(svg.statusCode).toBe(404);
  });

  it('hostile .xlsx files through every import: refused with their code, nothing imported, nothing fetched', async () => {
    const userCount = async () => (await ctx.database.db.select({ id: users.id }).from(users)).length;
    for (const url of XLSX_IMPORTS) {
      for (const c of xlsxCases()) {
        const bytes = xlsxBytes.get(c.name) ?? Buffer.alloc(0);
        const usersBefore = await userCount();
        const sent = await send(url.replace(/^POST /, ''), bytes, c.name, {
          filename: c.filename ?? 'import.xlsx',
          contentType: c.contentType ?? contract.XLSX_MIME_TYPE,
        });
        if (c.outcome === 'read' && HEADER_REQUIRED.has(url)) {
          // Read as a workbook, then refused: its header names no SKU and stock columns.
          expectRefused(sent, ErrorCode.FILE_UNREADABLE);
          expect(sent.res.body).not.toContain('root:x:0');
          figures.readAsWorkbook += 1;
        } else if (c.outcome === 'read') {
          // Read as a workbook: cell values only, nothing of the package acted on.
          // The sheet's one data row was read (and reported: no such order, no role).
          expect(sent.res.statusCode, `${c.name}: ${sent.res.body}`).toBe(200);
          expect(sent.res.body).toContain('"row":2');
          expect(sent.res.body).not.toContain('root:x:0');
          figures.readAsWorkbook += 1;
        } else {
          expectRefused(sent, c.outcome.refused);
          expect(await userCount(), c.name).toBe(usersBefore);
        }
      }
    }
    // No external entity, external link or relationship target was ever fetched.
    expect(probeHits).toEqual([]);
    for (const near of [resolve(root, 'evil.txt'), resolve('evil.txt'), resolve('/tmp/evil.txt')])
      expect(existsSync(near), near).toBe(false);
  });

  it('memory stays bounded and the event loop is never stalled for long', () => {
    sample();
    const maxRss = peak.rss;
    figures.baselineRssMb = Math.round(baseline.rss / MB);
    figures.maxRssGrowthMb = Math.round((maxRss - baseline.rss) / MB);
    figures.maxHeapGrowthMb = Math.round((peak.heap - baseline.heap) / MB);
    figures.ms = Math.round(performance.now() - started);
    recordFigures('uploads', figures);
    console.info('uploads: figures', figures);
    expect(figures.files).toBeGreaterThanOrEqual(30);
    expect(figures.maxRssGrowthMb).toBeLessThan(RSS_BOUND_MB);
    expect(figures.maxEventLoopDelayMs).toBeLessThan(EVENT_LOOP_BOUND_MS);
  });
});

// ── Hostile workbooks ──

const CONTENT_TYPES = (extra = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${extra}</Types>`;
const PACKAGE_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = (extra = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets>${extra}</workbook>`;
const WORKBOOK_RELS = (extra = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>${extra}</Relationships>`;
const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const SHEET = (doctype = '', value = 'xlsx-probe', formula = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${doctype}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${cell('A1', 'username')}${cell('B1', 'nickname')}</row><row r="2">${cell('A2', value)}${formula}</row></sheetData></worksheet>`;

interface WorkbookParts {
  contentTypes?: string;
  workbook?: string;
  workbookRels?: string;
  sheet?: string;
  extra?: { name: string; content: Buffer }[];
}

/** A minimal workbook exceljs reads, with any part replaced or added. */
function workbook(parts: WorkbookParts = {}) {
  return [
    deflated('[Content_Types].xml', Buffer.from(parts.contentTypes ?? CONTENT_TYPES())),
    deflated('_rels/.rels', Buffer.from(PACKAGE_RELS)),
    deflated('xl/workbook.xml', Buffer.from(parts.workbook ?? WORKBOOK())),
    deflated('xl/_rels/workbook.xml.rels', Buffer.from(parts.workbookRels ?? WORKBOOK_RELS())),
    deflated('xl/worksheets/sheet1.xml', Buffer.from(parts.sheet ?? SHEET())),
    ...(parts.extra ?? []).map((part) => deflated(part.name, part.content)),
  ];
}

type XlsxOutcome = { refused: TErrorCode } | 'read';
interface XlsxCase {
  name: string;
  bytes: () => Promise<Buffer> | Buffer;
  filename?: string;
  contentType?: string;
  outcome: XlsxOutcome;
}

function xlsxCases(): XlsxCase[] {
  const entity = (body: string) => `<!DOCTYPE worksheet [${body}]>`;
  return [
    {
      name: 'empty',
      bytes: () => Buffer.alloc(0),
      outcome: { refused: ErrorCode.FILE_UNREADABLE },
    },
    {
      name: 'truncated',
      bytes: () => {
        const zip = zipOf(workbook());
        return zip.subarray(0, Math.floor(zip.length * 0.6));
      },
      outcome: { refused: ErrorCode.FILE_UNREADABLE },
    },
    {
      name: 'HTML saved as .xlsx',
      bytes: () => Buffer.from(SCRIPT),
      outcome: { refused: ErrorCode.FILE_UNREADABLE },
    },
    {
      name: 'a PNG sent as an .xlsx',
      bytes: () => sampleImage.png(),
      outcome: { refused: ErrorCode.FILE_UNREADABLE },
    },
    {
      name: 'zip bomb: honest directory, 200 MB of zeros in the sheet',
      bytes: async () =>
        zipOf([...workbook().slice(0, 4), await deflatedZeros('xl/worksheets/sheet1.xml', 200 * MB)]),
      outcome: { refused: ErrorCode.PAYLOAD_TOO_LARGE },
    },
    {
      name: 'lying directory: 200 MB declared as 1 KB',
      bytes: async () => {
        const bomb = await deflatedZeros('xl/worksheets/sheet1.xml', 200 * MB);
        return zipOf([...workbook().slice(0, 4), { ...bomb, size: 1024 }]);
      },
      outcome: { refused: ErrorCode.FILE_UNREADABLE },
    },
    {
      name: 'lying end record: 1 entry declared, 6 held (one a 200 MB sheet)',
      bytes: async () => {
        const parts = [...workbook().slice(0, 4), await deflatedZeros('xl/worksheets/sheet1.xml', 200 * MB)];
        const zip = zipOf(parts);
        zip.writeUInt16LE(1, zip.length - 22 + 8);
        zip.writeUInt16LE(1, zip.length - 22 + 10);
        return zip;
      },
      outcome: { refused: ErrorCode.FILE_UNREADABLE },
    },
    {
      name: 'overlapping entries: 300 directory records on one 1 MB local entry',
      bytes: async () => {
        const part = await deflatedZeros('xl/worksheets/sheet1.xml', MB);
        const local = localEntry(part);
        const records = Array.from({ length: 300 }, (_, i) =>
          centralRecord({ ...part, name: `s${i}.xml` }, 0),
        );
        const directory = Buffer.concat(records);
        return Buffer.concat([
          local,
          directory,
          endRecord({ entries: 300, size: directory.length, offset: local.length }),
        ]);
      },
      outcome: { refused: ErrorCode.FILE_UNREADABLE },
    },
    {
      name: 'more than 1,000 entries',
      bytes: () =>
        zipOf([
          ...workbook(),
          ...Array.from({ length: 1200 }, (_, i) => stored(`xl/media/${i}.bin`, Buffer.from('x'))),
        ]),
      outcome: { refused: ErrorCode.PAYLOAD_TOO_LARGE },
    },
    {
      name: 'an encrypted entry',
      bytes: () => zipOf(workbook(), { flags: 0x01 }),
      outcome: { refused: ErrorCode.FILE_UNREADABLE },
    },
    {
      name: 'nested zip: a zip bomb 10 zips deep inside a workbook (never opened)',
      bytes: async () => {
        let inner = zipOf([await deflatedZeros('bomb.bin', 50 * MB)]);
        for (let level = 0; level < 10; level++) {
          inner = zipOf([stored(`level${level}.zip`, inner)]);
        }
        return zipOf(workbook({ extra: [{ name: 'xl/embeddings/inner.zip', content: inner }] }));
      },
      outcome: 'read',
    },
    {
      name: 'XML entity expansion (billion laughs) in the sheet',
      bytes: () => {
        let body = '<!ENTITY l0 "lollollollollollollollollollol">';
        for (let i = 1; i <= 9; i++) body += `<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`;
        return zipOf(workbook({ sheet: SHEET(entity(body), '&l9;') }));
      },
      outcome: { refused: ErrorCode.FILE_UNREADABLE },
    },
    {
      name: 'external entities (file and http) in the sheet',
      bytes: () =>
        zipOf(
          workbook({
            sheet: SHEET(
              entity(`<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY y SYSTEM "${probe.url}/xxe">`),
              '&x;&y;',
            ),
          }),
        ),
      outcome: { refused: ErrorCode.FILE_UNREADABLE },
    },
    {
      name: 'external entity through a parameter entity and an external DTD',
      bytes: () =>
        zipOf(
          workbook({
            sheet: SHEET(
              `<!DOCTYPE worksheet SYSTEM "${probe.url}/dtd" [<!ENTITY % p SYSTEM "${probe.url}/param"> %p;]>`,
            ),
          }),
        ),
      outcome: 'read',
    },
    {
      name: 'external workbook link and a formula reading it',
      bytes: () =>
        zipOf(
          workbook({
            contentTypes: CONTENT_TYPES(
              '<Override PartName="/xl/externalLinks/externalLink1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml"/>',
            ),
            workbook: WORKBOOK('<externalReferences><externalReference r:id="rId9"/></externalReferences>'),
            workbookRels: WORKBOOK_RELS(
              '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLink" Target="externalLinks/externalLink1.xml"/>',
            ),
            sheet: SHEET('', 'xlsx-probe', '<c r="B2"><f>[1]Sheet1!A1</f><v>cached</v></c>'),
            extra: [
              {
                name: 'xl/externalLinks/externalLink1.xml',
                content: Buffer.from(
                  '<?xml version="1.0"?><externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><externalBook r:id="rId1"/></externalLink>',
                ),
              },
              {
                name: 'xl/externalLinks/_rels/externalLink1.xml.rels',
                content: Buffer.from(
                  `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLinkPath" Target="${probe.url}/book.xlsx" TargetMode="External"/></Relationships>`,
                ),
              },
            ],
          }),
        ),
      outcome: 'read',
    },
    {
      name: 'macro-enabled workbook (.xlsm with vbaProject.bin)',
      bytes: () =>
        zipOf(
          workbook({
            contentTypes: CONTENT_TYPES(
              '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>',
            ).replace(
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
              'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
            ),
            workbookRels: WORKBOOK_RELS(
              '<Relationship Id="rId7" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/>',
            ),
            extra: [
              {
                name: 'xl/vbaProject.bin',
                content: Buffer.from(`Sub Auto_Open()\nShell "${probe.url}"\nEnd Sub`),
              },
            ],
          }),
        ),
      filename: 'import.xlsm',
      contentType: 'application/vnd.ms-excel.sheet.macroEnabled.12',
      outcome: 'read',
    },
    {
      name: 'entries named ../../evil.txt and /tmp/evil.txt, the file named ../../import.xlsx',
      filename: '../../import.xlsx',
      bytes: () =>
        zipOf(
          workbook({
            extra: [
              { name: '../../evil.txt', content: Buffer.from(SCRIPT) },
              { name: '/tmp/evil.txt', content: Buffer.from(SCRIPT) },
            ],
          }),
        ),
      outcome: 'read',
    },
    {
      name: 'a workbook sent as image/png named .png',
      bytes: () => zipOf(workbook()),
      filename: 'sheet.png',
      contentType: 'image/png',
      outcome: 'read',
    },
  ];
}
