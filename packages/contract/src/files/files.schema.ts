import { z } from 'zod';

/**
 * Uploaded images: at most 2M, in the original client's words ("The size of the uploaded image
 * cannot exceed 2M"), read as 2 MiB. The web checks before sending; the server decides by the
 * bytes it receives.
 */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Decoding refuses larger images (a small file can declare huge dimensions). */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** The types accepted, as the server recognises them from the file's first bytes. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** For `<input accept>`: a hint to the file picker, not a check. */
export const IMAGE_ACCEPT = IMAGE_CONTENT_TYPES.join(',');

/** What an image is for: each purpose has its own largest edge and folder. */
export const FILE_PURPOSES = ['avatar', 'product', 'category', 'banner', 'shop'] as const;
export const ZFilePurpose = z.enum(FILE_PURPOSES);
export type TFilePurpose = z.infer<typeof ZFilePurpose>;

export const ZFileUploadQuery = z.object({ purpose: ZFilePurpose });
export type TFileUploadQuery = z.infer<typeof ZFileUploadQuery>;

const isBytes = (value: unknown): boolean => value instanceof Uint8Array;

/** Multipart `file`: one image (the web client sends a Blob; the server sees bytes). */
export const ZFileUploadRequest = z.object({
  file: z
    .unknown()
    .refine(isBytes, { error: 'validation.file' })
    .transform((value) => value as Uint8Array),
});
export type TFileUploadRequestInput = { file: Blob };

/** The stored image: `name` is the generated file name, never the uploader's. */
export const ZUploadedFile = z.object({
  id: z.uuid(),
  name: z.string(),
  /** `/files/<key>` on this server, or an absolute URL when storage has a public address. */
  url: z.string(),
});
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

export const ZFileIdParams = z.object({ id: z.uuid() });
export type TFileIdParams = z.infer<typeof ZFileIdParams>;
