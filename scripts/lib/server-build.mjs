import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inputsHash } from './inputs.mjs';
import { ROOT } from './process.mjs';

/**
 * The API server as one file (decision 0053): `apps/server/dist/main.mjs`, built by esbuild from
 * `apps/server/src/main.ts` and the contract, with every npm package left to Node. `npm start` and
 * every test that starts the API as a process run it: Node then reads one file instead of
 * compiling some 400 TypeScript modules on each start (3.0–3.6 s → 1.9–2.5 s to a listening server on
 * 2 cores; the crash test alone restarts it nine times).
 */
export const SERVER_BUNDLE = join(ROOT, 'apps/server/dist/main.mjs');
/** How Node runs it: stack traces name the TypeScript source (the bundle carries its source map). */
export const SERVER_NODE_ARGS = ['--enable-source-maps', SERVER_BUNDLE];
const STAMP = join(ROOT, 'apps/server/dist/.build-stamp');
const INPUTS = ['apps/server/src', 'apps/server/package.json', 'packages/contract/src', 'package-lock.json'];

/**
 * Builds the bundle when it is missing or made from other sources (about a second). Safe to call
 * from several processes at once: each writes a file of its own and renames it into place.
 * Returns the bundle's path.
 */
export async function ensureServerBuild() {
  const wanted = inputsHash(INPUTS);
  const current = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
  if (current === wanted && existsSync(SERVER_BUNDLE)) return SERVER_BUNDLE;
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(ROOT, 'apps/server/src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    write: false,
    outfile: SERVER_BUNDLE,
    sourcemap: 'inline',
    logLevel: 'error',
    // npm packages stay packages (native parts, their own files); the contract is TypeScript
    // source, so it goes in.
    plugins: [
      {
        name: 'packages-external',
        setup(on) {
          on.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@linkstore/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  mkdirSync(dirname(SERVER_BUNDLE), { recursive: true });
  const [output] = result.outputFiles;
  const scratch = `${SERVER_BUNDLE}.${process.pid}`;
  writeFileSync(scratch, output.contents);
  renameSync(scratch, SERVER_BUNDLE);
  const stampScratch = `${STAMP}.${process.pid}`;
  writeFileSync(stampScratch, `${wanted}\n`);
  renameSync(stampScratch, STAMP);
  return SERVER_BUNDLE;
}
