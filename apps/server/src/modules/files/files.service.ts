import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  FILE_DELETE_ANY_PERMISSION,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  type TErrorCode,
  type TFilePurpose,
  type TUploadedFile,
} from '@linkstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { hasPermission, type SessionUser } from '../../platform/http/access';
import { type MessageKey, type MessageParams } from '../../platform/i18n/translate';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import { sha256Hex } from '../../platform/storage/sigv4';
import type { Storages } from '../../platform/storage/storage-plugin';
import { Readable } from 'node:stream';
import type { StoredObject } from '../../platform/storage/storage';
import {
  IMAGE_WIDTHS,
  ImageRefused,
  processImage,
  resizeImage,
  sizedKey,
  type ImageRefusal,
  type ImageWidth,
} from './files.images';
import { deleteFileById, findFileById, findFileByKey, insertFile, type FileRow } from './files.repository';

/** Uploads per user and window: generous for a person filling a product form, not for a script. */
export const UPLOADS_PER_WINDOW = 60;
export const UPLOAD_WINDOW_MS = 10 * 60_000;
export const uploadLimitKey = (userId: string) => `uploads:${userId}`;

/** `<purpose>/<yyyy>/<mm>/<uuid>.<ext>` — the only keys this module writes or serves. */
export const FILE_KEY_PATTERN =
  /^(avatar|product|category|banner|shop)\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/**
 * Catalogue images are operators' work: these purposes need one of their permissions (ROOT
 * passes). Avatar, banner and shop images are any signed-in user's own.
 */
export const UPLOAD_PERMISSIONS: Partial<Record<TFilePurpose, readonly string[]>> = {
  product: ['catalog:product:add', 'catalog:product:edit'],
  category: ['catalog:category:add', 'catalog:category:edit'],
};

export function mayUpload(user: SessionUser, purpose: TFilePurpose): boolean {
  const anyOf = UPLOAD_PERMISSIONS[purpose];
  return anyOf === undefined || anyOf.some((permission) => hasPermission(user, permission));
}

export interface FilesDeps {
  db: AppDatabase;
  storages: Storages;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}

/** A refusal about the uploaded file, with its message also under `data.fields` for forms. */
/** The upload's refusals name the `file` field; the code and so the status say which kind. */
const fileError = (code: TErrorCode, key: MessageKey, params?: MessageParams) =>
  AppError.field('file', key, params, code);

export const imageTooLarge = () => fileError(ErrorCode.PAYLOAD_TOO_LARGE, 'files.tooLarge');

function refusal(reason: ImageRefusal): AppError {
  switch (reason) {
    case 'tooManyPixels':
      return fileError(ErrorCode.PAYLOAD_TOO_LARGE, 'files.tooManyPixels', {
        max: IMAGE_MAX_PIXELS / 1_000_000,
      });
    case 'unreadable':
      return fileError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'files.unreadable');
    default:
      return fileError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'files.notAnImage');
  }
}

const unavailable = () => AppError.serviceUnavailable();

/** `2026/11` in UTC: the folder of this month's uploads. */
function monthFolder(now: Date): string {
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

const nameOf = (row: Pick<FileRow, 'storageKey'>) =>
  row.storageKey.slice(row.storageKey.lastIndexOf('/') + 1);

export function createFilesService({ db, storages, limiter, log }: FilesDeps) {
  /** Storage trouble is logged with its detail and answered as 503. */
  async function withStorage<T>(action: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      log.error({ err: error }, `file storage: ${action} failed`);
      throw unavailable();
    }
  }

  return {
    /** Checks, re-encodes and stores one image; answers its id, generated name and address. */
    async upload(user: SessionUser, purpose: TFilePurpose, bytes: Uint8Array): Promise<TUploadedFile> {
      if (!mayUpload(user, purpose)) throw AppError.forbidden();
      if ((await limiter.hit(uploadLimitKey(user.id), UPLOAD_WINDOW_MS)) > UPLOADS_PER_WINDOW) {
        throw AppError.rateLimited();
      }
      if (bytes.byteLength > IMAGE_MAX_BYTES) throw imageTooLarge();
      const image = await processImage(bytes, purpose).catch((error: unknown) => {
        throw error instanceof ImageRefused ? refusal(error.reason) : error;
      });

      const id = randomUUID();
      const storage = storages.active;
      const storageKey = `${purpose}/${monthFolder(new Date())}/${id}.${image.ext}`;
      await withStorage('put', () => storage.put(storageKey, image.bytes, image.contentType));
      try {
        await insertFile(db, {
          id,
          ownerUserId: Number(user.id),
          purpose,
          storage: storage.kind,
          storageKey,
          contentType: image.contentType,
          byteSize: image.bytes.byteLength,
          width: image.width,
          height: image.height,
          sha256: sha256Hex(image.bytes),
        });
      } catch (error) {
        await storage.delete(storageKey).catch(() => undefined);
        throw error;
      }
      return { id, name: nameOf({ storageKey }), url: storage.publicUrl(storageKey) };
    },

    /** Its owner, or an operator with FILE_DELETE_ANY_PERMISSION; anyone else learns nothing (A0404). */
    async remove(user: SessionUser, id: string): Promise<void> {
      const row = await findFileById(db, id);
      const mayDelete =
        row !== undefined &&
        (row.ownerUserId === Number(user.id) || hasPermission(user, FILE_DELETE_ANY_PERMISSION));
      if (!row || !mayDelete) throw AppError.notFound();
      const storage = storages.byKind(row.storage);
      // The bytes go first: a failure leaves the record, so the owner can try again.
      if (storage) {
        await withStorage('delete', () => storage.delete(row.storageKey));
        // Its copies at the served widths (those never asked for are not there: no error).
        await Promise.all(
          IMAGE_WIDTHS.map((width) => storage.delete(sizedKey(row.storageKey, width)).catch(() => undefined)),
        );
      } else
        log.warn({ storage: row.storage, key: row.storageKey }, 'file storage not configured: record only');
      await deleteFileById(db, row.id);
    },

    /** The record of a stored file by its key, if it is one of ours and still exists. */
    async findServable(key: string): Promise<FileRow | null> {
      if (!FILE_KEY_PATTERN.test(key)) return null;
      const row = await findFileByKey(db, key);
      return row && storages.byKind(row.storage) ? row : null;
    },

    /** The stored bytes of a record, or null when the storage no longer has them. */
    async open(row: FileRow): Promise<StoredObject | null> {
      const storage = storages.byKind(row.storage);
      if (!storage) return null;
      return withStorage('open', () => storage.open(row.storageKey));
    },

    /**
     * The image at `width` (its original when that is not wider): made once from the original on
     * first request and kept next to it in the same storage.
     */
    async openSized(row: FileRow, width: ImageWidth): Promise<StoredObject | null> {
      const storage = storages.byKind(row.storage);
      if (!storage) return null;
      if (width >= row.width) return withStorage('open', () => storage.open(row.storageKey));
      const key = sizedKey(row.storageKey, width);
      const kept = await withStorage('open', () => storage.open(key));
      if (kept) return kept;
      const original = await withStorage('read', () => storage.read(row.storageKey));
      if (!original) return null;
      const bytes = await resizeImage(original, width, row.contentType);
      await withStorage('put', () => storage.put(key, bytes, row.contentType));
      return { body: Readable.from([bytes]), size: bytes.length };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
