import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { AppDatabase } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage/storage';
import { sha256Hex } from '../../platform/storage/sigv4';
import { files } from './files.table';

/** The purposes seeded images are stored under (the same folders uploads use). */
export type SeedImagePurpose = 'product' | 'category' | 'banner' | 'shop';

/** A picture for the seed: SVG markup and its size in pixels. */
export interface SeedPicture {
  purpose: SeedImagePurpose;
  width: number;
  height: number;
  svg: string;
}

/** A stored seed image: its address (as uploads have) and its `files` row id. */
export interface SeedImage {
  url: string;
  fileId: string;
}

/** Drawing is CPU-bound in libvips' threads: a few at a time keeps both cores busy. */
const DRAW_CONCURRENCY = 4;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A diagonal two-stop gradient filling the picture, from `hue`. */
function background(width: number, height: number, hue: number, id = 'bg'): string {
  const to = (hue + 40) % 360;
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${to},65%,42%)"/>` +
    `</linearGradient></defs><rect width="${width}" height="${height}" fill="url(#${id})"/>`
  );
}

/** `scale` renders the drawing smaller than its coordinates (fewer pixels to rasterise). */
function svgOf(width: number, height: number, body: string, scale = 1): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width * scale}" height="${height * scale}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** Product pictures are drawn on 480 units and rendered at 400 px: sharp enough for a phone's card. */
const PRODUCT_UNITS = 480;
const PRODUCT_PIXELS = 400;

const FONT = 'font-family="DejaVu Sans, Noto Sans, Arial, sans-serif" font-weight="700" fill="#fff"';

/**
 * A product picture: gradient, a few translucent shapes placed by `variant`, and — when given —
 * the product's initials large in the middle with its line name underneath.
 */
export function productPicture(
  hue: number,
  variant: number,
  label?: { initials: string; caption: string },
): SeedPicture {
  const size = PRODUCT_UNITS;
  const a = 80 + ((variant * 53) % 320);
  const b = 60 + ((variant * 97) % 340);
  const shapes =
    `<circle cx="${a}" cy="${b}" r="${90 + (variant % 5) * 14}" fill="#fff" fill-opacity="0.16"/>` +
    `<rect x="${size - b - 60}" y="${size - a - 40}" width="200" height="130" rx="28" fill="#000" fill-opacity="0.10" transform="rotate(${((variant * 23) % 60) - 30} 240 240)"/>` +
    `<circle cx="${size - a}" cy="${b + 120}" r="46" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="12"/>`;
  const text = label
    ? `<text x="240" y="275" ${FONT} font-size="132" text-anchor="middle">${escapeXml(label.initials)}</text>` +
      `<text x="240" y="340" ${FONT} font-size="34" fill-opacity="0.9" text-anchor="middle">${escapeXml(label.caption)}</text>`
    : '';
  const scale = PRODUCT_PIXELS / PRODUCT_UNITS;
  const svg = svgOf(size, size, background(size, size, hue) + shapes + text, scale);
  return { purpose: 'product', width: PRODUCT_PIXELS, height: PRODUCT_PIXELS, svg };
}

/** A square icon: rounded gradient tile with a glyph (a category's, a shop's initials). */
export function iconPicture(purpose: 'category' | 'shop', hue: number, glyph: string): SeedPicture {
  const size = 256;
  const body =
    `<clipPath id="tile"><rect width="${size}" height="${size}" rx="56"/></clipPath>` +
    `<g clip-path="url(#tile)">${background(size, size, hue)}` +
    `<circle cx="200" cy="52" r="70" fill="#fff" fill-opacity="0.18"/></g>` +
    `<text x="128" y="160" ${FONT} font-size="96" text-anchor="middle">${escapeXml(glyph)}</text>`;
  return { purpose, width: size, height: size, svg: svgOf(size, size, body) };
}

/** A wide banner: gradient with soft circles and bands, no words (titles are shown as text). */
export function bannerPicture(hue: number, variant: number): SeedPicture {
  const width = 1200;
  const height = 400;
  const x = 300 + ((variant * 331) % 700);
  const body =
    background(width, height, hue) +
    `<circle cx="${x}" cy="120" r="220" fill="#fff" fill-opacity="0.14"/>` +
    `<circle cx="${width - x / 2}" cy="360" r="160" fill="#fff" fill-opacity="0.10"/>` +
    `<rect x="-100" y="${230 + (variant % 3) * 30}" width="1500" height="46" fill="#000" fill-opacity="0.08" transform="rotate(-6 600 200)"/>`;
  return { purpose: 'banner', width, height, svg: svgOf(width, height, body) };
}

/** Runs `work` over `items`, at most `limit` at once, keeping the order of the results. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** `2026/11` in UTC, as uploads are filed. */
function monthFolder(now: Date): string {
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Renders the pictures to WebP and stores them as uploads are stored (a `files` row without an
 * owner, the bytes in the active storage), so GET /files/<key> serves them like any upload.
 * Nothing is downloaded: every pixel is drawn here from SVG.
 */
export async function storeSeedPictures(
  db: AppDatabase,
  storage: FileStorage,
  pictures: readonly SeedPicture[],
): Promise<SeedImage[]> {
  const folder = monthFolder(new Date());
  const rows = await mapLimit(pictures, DRAW_CONCURRENCY, async (picture) => {
    const bytes = await sharp(Buffer.from(picture.svg)).webp({ quality: 80, effort: 2 }).toBuffer();
    const id = randomUUID();
    const storageKey = `${picture.purpose}/${folder}/${id}.webp`;
    await storage.put(storageKey, bytes, 'image/webp');
    return {
      id,
      ownerUserId: null,
      purpose: picture.purpose,
      storage: storage.kind,
      storageKey,
      contentType: 'image/webp',
      byteSize: bytes.byteLength,
      width: picture.width,
      height: picture.height,
      sha256: sha256Hex(bytes),
    };
  });
  // A few hundred rows of ten columns stay well under PostgreSQL's parameter limit.
  if (rows.length > 0) await db.insert(files).values(rows);
  return rows.map((row) => ({ url: storage.publicUrl(row.storageKey), fileId: row.id }));
}
