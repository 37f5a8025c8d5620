import fp from 'fastify-plugin';
import { FILE_PURPOSES, filesRoutes, IMAGE_MAX_BYTES, type TFilePurpose } from '@linkstore/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors/app-error';
import { registerRoute } from '../../platform/http/routes';
import { FILES_PATH_PREFIX } from '../../platform/storage/storage';
import { isImageWidth } from './files.images';
import { createFilesService, mayUpload, type FilesService } from './files.service';

/**
 * One file part; one byte over the limit is kept so the service sees the file is too large and
 * answers with the upload's own message (a thrown multipart limit would say only "too large").
 */
const UPLOAD_MULTIPART_OPTIONS = {
  limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 10, parts: 12 },
  throwFileSizeLimit: false,
};

const isFilePurpose = (value: unknown): value is TFilePurpose =>
  (FILE_PURPOSES as readonly unknown[]).includes(value);

/**
 * Refuses a catalogue upload without its permission before the body is read, like the access
 * guard (which runs first and has refused visitors). The service checks again: this only spares
 * the server from parsing an image it would refuse.
 */
const refuseUnpermittedPurpose: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const { purpose } = request.query as { purpose?: unknown };
  if (request.user && isFilePurpose(purpose) && !mayUpload(request.user, purpose)) {
    throw AppError.forbidden();
  }
  return payload;
};

/**
 * Headers of a stored image: exactly its stored type, never sniffed, never run as a document
 * (no script, no plugin, nothing loaded), kept by caches for a year (names never change), and
 * loadable by pages of other origins (brand hosts, embeds).
 */
const SERVED_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  // Never framed either: a stored file cannot be laid under another site's page (clickjacking).
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'content-disposition': 'inline',
  'cache-control': 'public, max-age=31536000, immutable',
  'cross-origin-resource-policy': 'cross-origin',
};

async function serveFile(files: FilesService, request: FastifyRequest, reply: FastifyReply) {
  const key = (request.params as { '*'?: string })['*'] ?? '';
  const row = await files.findServable(key);
  if (!row) throw AppError.notFound();
  // `?w=`: one of the served widths (for srcset); any other value is the original.
  const width = Number((request.query as { w?: unknown }).w);
  const sized = isImageWidth(width) && width < row.width ? width : null;
  const etag = sized === null ? `"${row.sha256}"` : `"${row.sha256}-w${sized}"`;
  void reply.headers({ ...SERVED_FILE_HEADERS, etag });
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const object = sized === null ? await files.open(row) : await files.openSized(row, sized);
  if (!object) throw AppError.notFound();
  return reply.type(row.contentType).header('content-length', object.size).send(object.body);
}

/** Image uploads (`/api/v1/files`) and the stored files themselves (`/files/<key>`). */
async function registerFiles(app: FastifyInstance): Promise<void> {
  const files = createFilesService({
    db: app.database.db,
    storages: app.storage,
    limiter: app.limiter,
    log: app.log,
  });
  const r = filesRoutes;

  app.addHook('onRoute', (route) => {
    if (route.url === r.upload.path && route.method === r.upload.method) {
      route.config = { ...route.config, multipartOptions: UPLOAD_MULTIPART_OPTIONS };
      route.preParsing = [route.preParsing ?? [], refuseUnpermittedPurpose].flat();
    }
  });
  registerRoute(app, r.upload, ({ query, body, caller }) => files.upload(caller, query.purpose, body.file));
  registerRoute(app, r.delete, async ({ params, caller }) => {
    await files.remove(caller, params.id);
    return null;
  });

  app.get(`${FILES_PATH_PREFIX}*`, { schema: { hide: true } }, (request, reply) =>
    serveFile(files, request, reply),
  );
}

export const filesModule = fp(registerFiles, {
  name: 'files',
  dependencies: ['rate-limit', 'storage'],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
