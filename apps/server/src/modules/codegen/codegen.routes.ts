import fp from 'fastify-plugin';
import { resolve } from 'node:path';
import { codegenRoutes, ErrorCode } from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS_DIR } from '../../platform/db/migrate';
import { AppError } from '../../platform/errors/app-error';
import { registerDownloadRoute, registerRoute } from '../../platform/http/routes';
import {
  generate,
  getConfig,
  getOptions,
  getTablePage,
  resetConfig,
  saveConfig,
  writeFiles,
  zipOf,
} from './codegen.service';

/** The repository this server runs from (apps/server/drizzle → ../../..). */
const REPOSITORY_ROOT = resolve(MIGRATIONS_DIR, '../../..');

/** The code generator (console "Developer tools → Code generator"). */
async function registerCodegen(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const canWrite = app.config.env === 'development';
  const r = codegenRoutes;
  registerRoute(app, r.tables, ({ query }) => getTablePage(db, query));
  registerRoute(app, r.options, () => getOptions(db, canWrite));
  registerRoute(app, r.config, ({ params }) => getConfig(db, params.tableName));
  registerRoute(app, r.saveConfig, ({ params, body, caller }) =>
    saveConfig(db, params.tableName, body, caller),
  );
  registerRoute(app, r.resetConfig, async ({ params }) => {
    await resetConfig(db, params.tableName);
    return null;
  });
  registerRoute(app, r.preview, ({ params }) => generate(db, params.tableName));
  registerDownloadRoute(app, r.download, async ({ params }) => ({
    filename: `${params.tableName}.zip`,
    contentType: 'application/zip',
    content: await zipOf(await generate(db, params.tableName)),
  }));
  registerRoute(app, r.write, async ({ params }) => {
    if (!canWrite) throw AppError.of(ErrorCode.FORBIDDEN, 'codegen.writeDevelopmentOnly');
    return { written: await writeFiles(REPOSITORY_ROOT, await generate(db, params.tableName)) };
  });
}

export const codegenModule = fp(registerCodegen, {
  name: 'codegen',
  dependencies: [],
  // Its routes and hooks stay in their own scope, as a plain plugin's.
  encapsulate: true,
});
