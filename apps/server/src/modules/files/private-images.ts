import { randomUUID } from 'node:crypto';
import { ErrorCode, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { sha256Hex } from '../../platform/storage/sigv4';
import type { StorageKind } from '../../platform/storage/storage';
import type { Storages } from '../../platform/storage/storage-plugin';
import { ImageRefused, processImage, type ProcessedImage } from './files.images';
import { findFileById, insertFile } from './files.repository';

/*
 * Images that are nobody's to publish: a buyer's photos of a problem with their order (issue 35).
 * The same checks as every upload (at most IMAGE_MAX_BYTES, JPEG/PNG/WebP/GIF by content, pixel
 * limit, re-encoded without metadata) — but stored under a folder `/files/<key>` never serves
 * (FILE_KEY_PATTERN names only the public purposes): they are read through a route that checks
 * who asks (`readPrivateImage`).
 */

/** The folders of private images; each is also the `purpose` of its files' rows. */
export type PrivateImageFolder = 'case';

/** A checked, re-encoded image put in storage, not yet recorded (the caller's transaction does). */
export interface StoredPrivateImage {
  id: string;
  folder: PrivateImageFolder;
  storage: StorageKind;
  storageKey: string;
  image: ProcessedImage;
}

export interface PrivateImagesDeps {
  storages: Storages;
}

/** A refusal of the image sent as `field` (`photos.0`), with the upload's own messages. */
function refusalOf(field: string, error: ImageRefused): AppError {
  if (error.reason === 'tooManyPixels') {
    return AppError.field(
      field,
      'files.tooManyPixels',
      { max: IMAGE_MAX_PIXELS / 1_000_000 },
      ErrorCode.PAYLOAD_TOO_LARGE,
    );
  }
  return AppError.field(
    field,
    error.reason === 'unreadable' ? 'files.unreadable' : 'files.notAnImage',
    {},
    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  );
}

/**
 * Checks and re-encodes each image (one at a time, like uploads), refusing the first that is too
 * large or not an image, naming its field (`<field>.<index>`). Nothing is stored.
 */
export async function checkPrivateImages(images: Uint8Array[], field: string): Promise<ProcessedImage[]> {
  const tooLarge = images.findIndex((bytes) => bytes.byteLength > IMAGE_MAX_BYTES);
  if (tooLarge >= 0) {
    throw AppError.field(`${field}.${tooLarge}`, 'files.tooLarge', {}, ErrorCode.PAYLOAD_TOO_LARGE);
  }
  const processed: ProcessedImage[] = [];
  for (const [index, bytes] of images.entries()) {
    // A buyer's photo is shown at most as large as a product's.
    const image = await processImage(bytes, 'product').catch((error: unknown) => {
      throw error instanceof ImageRefused ? refusalOf(`${field}.${index}`, error) : error;
    });
    processed.push(image);
  }
  return processed;
}

const monthFolder = (now: Date) =>
  `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * Puts checked images in the active storage under `<folder>/<yyyy>/<mm>/<uuid>.<ext>`. Record them
 * with `recordPrivateImages` in the transaction that uses them; if it fails, `dropPrivateImages`.
 */
export async function putPrivateImages(
  deps: PrivateImagesDeps,
  images: ProcessedImage[],
  folder: PrivateImageFolder,
): Promise<StoredPrivateImage[]> {
  const storage = deps.storages.active;
  const stored: StoredPrivateImage[] = [];
  try {
    for (const image of images) {
      const id = randomUUID();
      const storageKey = `${folder}/${monthFolder(new Date())}/${id}.${image.ext}`;
      await storage.put(storageKey, image.bytes, image.contentType);
      stored.push({ id, folder, storage: storage.kind, storageKey, image });
    }
  } catch {
    await dropPrivateImages(deps, stored);
    throw AppError.serviceUnavailable();
  }
  return stored;
}

/** The files' rows of stored images, in the caller's transaction (the images' owner: nobody's account). */
export async function recordPrivateImages(db: AppDatabase, stored: StoredPrivateImage[]): Promise<void> {
  for (const { id, folder, storage, storageKey, image } of stored) {
    await insertFile(db, {
      id,
      ownerUserId: null,
      purpose: folder,
      storage,
      storageKey,
      contentType: image.contentType,
      byteSize: image.bytes.byteLength,
      width: image.width,
      height: image.height,
      sha256: sha256Hex(image.bytes),
    });
  }
}

/** Removes stored images whose transaction did not commit (their rows were never kept). */
export async function dropPrivateImages(
  deps: PrivateImagesDeps,
  stored: StoredPrivateImage[],
): Promise<void> {
  await Promise.all(
    stored.map((item) =>
      (deps.storages.byKind(item.storage) ?? deps.storages.active)
        .delete(item.storageKey)
        .catch(() => undefined),
    ),
  );
}

/** A private image's bytes (the caller checked who may see it); null when it is not one of `folder`'s. */
export async function readPrivateImage(
  deps: PrivateImagesDeps & { db: AppDatabase },
  id: string,
  folder: PrivateImageFolder,
): Promise<{ bytes: Buffer; contentType: string; sha256: string } | null> {
  const row = await findFileById(deps.db, id);
  if (!row || row.purpose !== folder) return null;
  const storage = deps.storages.byKind(row.storage);
  if (!storage) return null;
  const bytes = await storage.read(row.storageKey).catch(() => {
    throw AppError.serviceUnavailable();
  });
  return bytes ? { bytes, contentType: row.contentType, sha256: row.sha256 } : null;
}
