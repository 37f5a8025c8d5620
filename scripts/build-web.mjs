// `npm run build`: builds the web app (apps/web/dist), precompressed, stamped with its inputs.
import { ensureWebBuild } from './lib/web-build.mjs';

try {
  await ensureWebBuild({ force: process.argv.includes('--force') || !process.argv.includes('--if-stale') });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
