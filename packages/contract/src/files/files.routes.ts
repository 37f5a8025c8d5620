import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import { ZFileIdParams, ZFileUploadQuery, ZFileUploadRequest, ZUploadedFile } from './files.schema';

const tags = ['files'] as const;

/** Permission that lets an operator delete anyone's upload (owners delete their own). */
export const FILE_DELETE_ANY_PERMISSION = 'sys:file:delete';

/**
 * Image uploads. The stored bytes are served by `GET /files/<key>` (outside the API: plain
 * bytes, not the envelope). Upstream deleted by `?filePath=`; here by the upload's id.
 */
export const filesRoutes = defineRoutes({
  upload: {
    method: 'POST',
    path: '/api/v1/files',
    summary:
      'Uploads one image (multipart `file`, at most 2 MiB, JPEG/PNG/WebP/GIF by content), re-encoded without metadata under a generated name',
    tags,
    query: ZFileUploadQuery,
    body: ZFileUploadRequest,
    response: ZUploadedFile,
    access: { permission: null },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/files/:id',
    summary: `Deletes an upload: its owner, or an operator with ${FILE_DELETE_ANY_PERMISSION}`,
    tags,
    params: ZFileIdParams,
    response: z.null(),
    access: { permission: null },
  },
});
