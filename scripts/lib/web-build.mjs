import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { inputsHash, sourceFiles } from './inputs.mjs';
import { ROOT, run, say } from './process.mjs';

const WEB = join(ROOT, 'apps/web');
const DIST = join(WEB, 'dist');
const STAMP = join(DIST, '.build-stamp');
/** The storefront's server entry (decision 0034), built next to the client files. */
export const SERVER_ENTRY = join(DIST, 'server/server-entry.js');
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/storefront.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
  'package-lock.json',
];

/** A hash of everything the web build is made from. */
export const webInputsHash = () => inputsHash(INPUTS);

/** Writes .gz and .br beside each text asset so the server sends them without compressing per request. */
function precompress() {
  for (const file of sourceFiles(DIST)) {
    if (!/\.(js|css|html|svg|json|txt|map)$/.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

/** Builds the web app when its build is missing or made from other sources; `force` always builds. */
export async function ensureWebBuild({ force = false } = {}) {
  const wanted = webInputsHash();
  const current = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
  if (
    !force &&
    current === wanted &&
    existsSync(join(DIST, 'index.html')) &&
    existsSync(join(DIST, 'storefront.html')) &&
    existsSync(SERVER_ENTRY)
  )
    return false;
  say(force ? 'Building the web app…' : 'Building the web app (missing or out of date)…');
  const code = await run(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: WEB,
  });
  if (code !== 0) throw new Error(`the web build failed (exit ${code})`);
  // The storefront's client apart from the app's (apps/web/vite.config.ts), into the same dist.
  const storefront = await run(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: WEB,
    env: { LINKSTORE_WEB_BUILD: 'storefront' },
  });
  if (storefront !== 0) throw new Error(`the storefront's web build failed (exit ${storefront})`);
  // Then the storefront's server entry (no emptying: it goes into dist/server).
  const ssr = await run(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      '--outDir',
      'dist/server',
      '--emptyOutDir',
      'false',
    ],
    { cwd: WEB },
  );
  if (ssr !== 0) throw new Error(`the storefront's server build failed (exit ${ssr})`);
  precompress();
  writeFileSync(STAMP, `${wanted}\n`);
  return true;
}

let once;
/**
 * `ensureWebBuild()` at most once per process: the browser steps call it before they start, so
 * `npm test -- "browser journeys"` (its build step not chosen) never tests a stale build, and two
 * such steps running side by side share one build.
 */
export const webBuildOnce = () => (once ??= ensureWebBuild());
