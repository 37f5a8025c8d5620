import { IMAGE_MAX_PIXELS, type TFilePurpose } from '@linkstore/contract';
import sharp, { type Metadata } from 'sharp';

// A server resizes many small images one after another: no cache of decoded images to grow.
sharp.cache(false);

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/**
 * Recognises an image by its first bytes — never by its name or the declared content type,
 * which the uploader chooses. SVG (XML), HTML and everything else is not an image here.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const at = (offset: number, ...expected: number[]) => expected.every((b, i) => bytes[offset + i] === b);
  const ascii = (offset: number, text: string) => at(offset, ...[...text].map((c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  return null;
}

/** The largest edge kept per purpose: enough for the sharpest place each is shown. */
export const MAX_EDGE: Record<TFilePurpose, number> = {
  avatar: 512,
  category: 512,
  shop: 1024,
  product: 2048,
  banner: 2560,
};

/** JPEG stays JPEG, PNG and WebP stay themselves (transparency), a GIF becomes a PNG of its first frame. */
const OUTPUT: Record<ImageFormat, { format: 'jpeg' | 'png' | 'webp'; contentType: string; ext: string }> = {
  jpeg: { format: 'jpeg', contentType: 'image/jpeg', ext: 'jpg' },
  png: { format: 'png', contentType: 'image/png', ext: 'png' },
  webp: { format: 'webp', contentType: 'image/webp', ext: 'webp' },
  gif: { format: 'png', contentType: 'image/png', ext: 'png' },
};

export interface ProcessedImage {
  bytes: Buffer;
  contentType: string;
  ext: string;
  width: number;
  height: number;
}

export type ImageRefusal = 'notAnImage' | 'tooManyPixels' | 'unreadable';

export class ImageRefused extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(`image refused: ${reason}`);
    this.name = 'ImageRefused';
  }
}

/** libvips refuses what it cannot decode; its pixel limit is checked from the header already. */
function refusalOf(error: unknown): ImageRefused {
  const isPixelLimit = /pixel limit/i.test((error as Error).message);
  return new ImageRefused(isPixelLimit ? 'tooManyPixels' : 'unreadable');
}

/**
 * Images decoded at once, however many uploads arrive together. A file of a few kilobytes may
 * declare up to IMAGE_MAX_PIXELS, and some decode whole (a GIF frame, an interlaced PNG): about
 * 200 MB each. The others wait their turn (an ordinary photo takes well under a second), so
 * memory is bounded by one image, not by how many uploads arrive together.
 */
export const IMAGE_CONCURRENCY = 1;
let imagesRunning = 0;
const imagesWaiting: (() => void)[] = [];

async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (imagesRunning < IMAGE_CONCURRENCY) imagesRunning += 1;
  else await new Promise<void>((resolve) => imagesWaiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = imagesWaiting.shift();
    if (next) next();
    else imagesRunning -= 1;
  }
}

/**
 * Checks and re-encodes an uploaded image: only JPEG, PNG, WebP and GIF by content; dimensions
 * read from the header and refused above IMAGE_MAX_PIXELS before anything is decoded; turned
 * upright by its EXIF orientation, shrunk to the purpose's largest edge, and written anew, so
 * nothing of the original file survives but its pixels — no EXIF (GPS), XMP, IPTC, ICC profile,
 * comments or trailing bytes.
 */
export async function processImage(bytes: Uint8Array, purpose: TFilePurpose): Promise<ProcessedImage> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new ImageRefused('notAnImage');
  return withImageSlot(() => decodeAndEncode(bytes, format, purpose));
}

async function decodeAndEncode(
  bytes: Uint8Array,
  format: ImageFormat,
  purpose: TFilePurpose,
): Promise<ProcessedImage> {
  // pages: 1 — the first frame of an animation; failOn 'error' refuses truncated or corrupt data.
  const input = () =>
    sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', pages: 1, sequentialRead: true });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    throw refusalOf(error);
  }
  // libvips sniffs too: it must agree with us, or the bytes are a polyglot of some kind.
  if (metadata.format !== format) throw new ImageRefused('notAnImage');
  const { width = 0, height = 0 } = metadata;
  if (width <= 0 || height <= 0) throw new ImageRefused('unreadable');
  if (width * height > IMAGE_MAX_PIXELS) throw new ImageRefused('tooManyPixels');

  const output = OUTPUT[format];
  const edge = MAX_EDGE[purpose];
  const pipeline = input()
    .autoOrient()
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true });
  const encoded =
    output.format === 'jpeg'
      ? pipeline.jpeg({ quality: 85, mozjpeg: true })
      : output.format === 'png'
        ? pipeline.png({ compressionLevel: 8, adaptiveFiltering: true })
        : pipeline.webp({ quality: 85 });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: output.contentType,
      ext: output.ext,
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    throw refusalOf(error);
  }
}

/**
 * The widths an image is also served at (`/files/<key>?w=<width>`, for `srcset`): a phone asks
 * for what its screen shows, not the 2,560 px original. A fixed set, so no request can make the
 * server resize (and keep) images at arbitrary sizes.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

/** The key a stored image's copy at `width` is kept under: `<key>` with `.w<width>` before the extension. */
export function sizedKey(key: string, width: ImageWidth): string {
  return key.replace(/(\.[a-z]+)$/, `.w${width}$1`);
}

/**
 * A stored image (already checked and re-encoded by processImage) at `width`, in its own format;
 * never enlarged. One at a time, like uploads.
 */
export async function resizeImage(bytes: Buffer, width: ImageWidth, contentType: string): Promise<Buffer> {
  return withImageSlot(async () => {
    const pipeline = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).resize({
      width,
      withoutEnlargement: true,
    });
    if (contentType === 'image/jpeg') return pipeline.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    if (contentType === 'image/png')
      return pipeline.png({ compressionLevel: 8, adaptiveFiltering: true }).toBuffer();
    return pipeline.webp({ quality: 80 }).toBuffer();
  });
}
