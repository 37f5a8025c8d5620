import {
  filesRoutes,
  IMAGE_CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  type TFilePurpose,
  type TUploadedFile,
} from '@linkstore/contract';
import { apiClient, createAppHttpClient } from '../http/api-client';
import { callRoute } from '../http/call-route';
import type { THttpClient } from '../http/http-client';
import { createProgressFetch } from './progress-fetch';

/** 2 MiB on a slow mobile link takes longer than an ordinary call is given. */
export const UPLOAD_TIMEOUT_MS = 180_000;

/**
 * An http client like the app's (`api-client.ts`: same headers, session renewal on 1002, error
 * notifications) whose transport reports upload progress.
 */
export function createUploadClient(onProgress: (percent: number) => void): THttpClient {
  return createAppHttpClient({ fetch: createProgressFetch(onProgress), timeoutMs: UPLOAD_TIMEOUT_MS });
}

export type TImageProblem = 'tooLarge' | 'notAnImage';

/**
 * What the browser can tell before sending: the size, and the type it guesses from the name.
 * The server decides by the bytes; this only spares a pointless upload.
 */
export function checkImageFile(file: Pick<File, 'size' | 'type'>): TImageProblem | null {
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'notAnImage';
  if (file.size > IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}

/** `POST /api/v1/files?purpose=` with the image; answers its id, name and address. */
export function uploadImage(
  file: Blob,
  purpose: TFilePurpose,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<TUploadedFile> {
  return callRoute(
    filesRoutes.upload,
    { query: { purpose }, body: { file } },
    {
      isFormData: true,
      signal: options.signal,
      client: createUploadClient(options.onProgress ?? (() => undefined)),
    },
  );
}

/**
 * Where the browser loads a stored file from: `/files/…` lives on the API's origin (which on
 * brand hosts is not the page's); absolute addresses (a bucket, a CDN) are used as they are.
 */
export function fileUrl(url: string): string {
  return url.startsWith('/') ? apiClient.resolveUrl(url) : url;
}
