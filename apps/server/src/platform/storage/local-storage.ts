import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertSafeKey, FILES_PATH_PREFIX, readAll, type FileStorage } from './storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files in a folder (default `DATA_DIR/uploads`), served by the server at `/files/<key>`. */
export function createLocalStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir);

  function pathOf(key: string): string {
    assertSafeKey(key);
    const path = resolve(join(root, key));
    // Belt and braces: a safe key cannot climb out, and this would catch it if one did.
    if (!path.startsWith(root + sep)) throw new Error(`storage key leaves the root: ${key}`);
    return path;
  }

  const storage: FileStorage = {
    kind: 'local',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write aside, then rename: a reader never sees half a file.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async open(key) {
      const path = pathOf(key);
      try {
        const stats = await stat(path);
        if (!stats.isFile()) return null;
        return { body: createReadStream(path), size: stats.size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key) {
      const object = await storage.open(key);
      return object ? readAll(object) : null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `${FILES_PATH_PREFIX}${key}`;
    },
  };
  return storage;
}
