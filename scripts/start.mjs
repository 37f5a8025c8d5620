// `npm start`: installs what is missing, builds the web app if needed, then runs the server,
// which migrates and seeds the database and serves API and app on one port — in one process, or
// with WEB_CONCURRENCY on PostgreSQL in that many cluster workers (main.ts, decision 0030).
import { spawn } from 'node:child_process';
import { ensureNodeModules } from './lib/deps.mjs';
import { ROOT } from './lib/process.mjs';

try {
  await ensureNodeModules();
  // Imported after the install: the build helpers themselves need nothing, but vite and esbuild do.
  const { ensureWebBuild } = await import('./lib/web-build.mjs');
  await ensureWebBuild();
  const { ensureServerBuild } = await import('./lib/server-build.mjs');
  await ensureServerBuild();
} catch (error) {
  process.stderr.write(
    `\nnpm start could not prepare the app: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}

// The server's bundle (scripts/lib/server-build.mjs), rebuilt above when its sources changed.
const { SERVER_NODE_ARGS } = await import('./lib/server-build.mjs');
const server = spawn(process.execPath, SERVER_NODE_ARGS, {
  cwd: ROOT,
  stdio: 'inherit',
  // NODE_ENV is left as given: the server defaults to production, and one given explicitly marks
  // a deployment, which must name its PAYMENT_PROVIDER (apps/server/src/platform/config/config.ts).
  env: process.env,
});
// The server shuts down gracefully on either signal; this process waits for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
