import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../lib/chromium.mjs';
import { freePort, ROOT } from '../lib/process.mjs';
import { ensureWebBuild } from '../lib/web-build.mjs';

async function waitForHealth(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not come up at ${url}`);
}

/** What a first visit to the login page costs: JavaScript files, their gzipped bytes, load time. */
export async function benchLoginPage() {
  await ensureWebBuild();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'linkstore-bench-web-'));
  const server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || 'sandbox',
    },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.set(response.url(), { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    });
    const started = Date.now();
    await page.goto(`http://127.0.0.1:${port}/#/login`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const loadMs = Date.now() - started;
    const files = [...scripts.values()];
    return {
      jsFiles: files.length,
      jsRawBytes: files.reduce((n, f) => n + f.raw, 0),
      jsGzipBytes: files.reduce((n, f) => n + f.gzip, 0),
      loadMs,
      files: [...scripts.entries()].map(([url, f]) => ({ path: new URL(url).pathname, ...f })),
    };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
