import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** Sample images, drawn at test time. */
export const sampleImage = {
  png: (width = 64, height = 48) =>
    sharp({ create: { width, height, channels: 4, background: { r: 30, g: 144, b: 255, alpha: 0.5 } } })
      .png()
      .toBuffer(),
  jpeg: (width = 64, height = 48) =>
    sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer(),
  webp: (width = 64, height = 48) =>
    sharp({ create: { width, height, channels: 3, background: '#27ae60' } })
      .webp()
      .toBuffer(),
  gif: (width = 64, height = 48) =>
    sharp({ create: { width, height, channels: 3, background: '#8e44ad' } })
      .gif()
      .toBuffer(),
  /** A phone photo: EXIF with GPS position, camera and author, rotated by its orientation tag (6: 90° clockwise). */
  jpegWithGps: (width = 80, height = 40) =>
    sharp({ create: { width, height, channels: 3, background: '#f1c40f' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 9', Artist: 'Ana Home Address' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 2400/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 17/1 4000/100',
        },
      })
      .toBuffer(),
};

/**
 * A decompression bomb: a real PNG whose header declares `width` × `height` pixels, a few
 * hundred bytes on disk. Decoding it would need gigabytes.
 */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sampleImage.png(1, 1));
  // IHDR is the first chunk: length (8), type (12), width (16), height (20), …, CRC over type+data (29).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A multipart body with one `file` part, as a browser sends it. */
export function multipartFile(
  content: Buffer,
  { filename = 'photo.png', contentType = 'image/png', field = 'file' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----linkstore-files-${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface UploadOptions {
  token?: string;
  purpose?: string;
  filename?: string;
  contentType?: string;
  lang?: string;
}

/** `POST /api/v1/files?purpose=…` with one file, through app.inject. */
export function uploadFile(app: FastifyInstance, content: Buffer, options: UploadOptions = {}) {
  const { payload, headers } = multipartFile(content, options);
  return app.inject({
    method: 'POST',
    url: `/api/v1/files?purpose=${options.purpose ?? 'avatar'}`,
    payload,
    headers: {
      ...headers,
      lang: options.lang ?? 'en',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });
}
