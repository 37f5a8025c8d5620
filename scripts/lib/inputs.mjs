import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './process.mjs';

/** Every file under `path` (or `path` itself), in a fixed order; dependencies and tests left out. */
export function* sourceFiles(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) {
    if (entry === 'node_modules' || /\.test\.tsx?$/.test(entry)) continue;
    yield* sourceFiles(join(path, entry));
  }
}

/**
 * A hash of what a build is made from (`inputs`: files and folders from the repository's root):
 * content, not timestamps (a clone resets those). The web build and the server's bundle keep it
 * in their stamp and build again when it changes.
 */
export function inputsHash(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of sourceFiles(join(ROOT, input))) {
      hash.update(relative(ROOT, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}
