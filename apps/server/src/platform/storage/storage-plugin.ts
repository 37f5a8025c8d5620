import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { FileStorage } from './storage';

export interface Storages {
  /** Where new files go (STORAGE_DRIVER). */
  active: FileStorage;
  /**
   * The storage a file was written to: files kept in the local folder stay readable after a
   * switch to S3 (and S3 ones while S3 is still configured).
   */
  byKind(kind: string): FileStorage | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storages;
  }
}

export function createStorages(config: AppConfig['storage']): Storages {
  const local = createLocalStorage(config.localDir);
  const s3 = config.s3 ? createS3Storage(config.s3) : undefined;
  const active = config.driver === 's3' && s3 ? s3 : local;
  return {
    active,
    byKind: (kind) => (kind === 'local' ? local : kind === 's3' ? s3 : undefined),
  };
}

/** File storage chosen by configuration (`app.storage`). */
export const storagePlugin = fp(
  (app: FastifyInstance, _opts: object, done: (err?: Error) => void) => {
    app.decorate('storage', createStorages(app.config.storage));
    done();
  },
  { name: 'storage' },
);
