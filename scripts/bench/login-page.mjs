import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../lib/chromium.mjs';
import { ensureWebBuild } from '../lib/web-build.mjs';
import { startServers } from './storefront.mjs';

/** The budget for each front-door page's JavaScript, gzipped. */
export const FRONT_DOOR_BUDGET_BYTES = 120 * 1024;
/** How much slower than this machine the page's CPU runs: a mid-range phone. */
const CPU_SLOWDOWN = 4;
/**
 * Chrome DevTools' "Fast 3G" preset (its own figures: 562.5 ms latency, 1.6 Mbps down and
 * 750 kbps up, each × 0.9 for the protocol's overhead), in CDP's units (bytes per second).
 */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1_000_000 * 0.9) / 8,
  uploadThroughput: (750 * 1_000 * 0.9) / 8,
};
const DEMO_EMAIL = 'demo@linkstore.local';
const DEMO_PASSWORD = 'Bench-pass-2026';

/** The front-door pages: where they are and what "ready" means on each. */
const PAGES = [
  { name: 'signIn', hash: '#/login', ready: (page) => page.locator('input[type=password]') },
  { name: 'register', hash: '#/register', ready: (page) => page.locator('input[type=password]').first() },
  { name: 'landing', hash: '#/welcome', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { name: 'consoleSignIn', hash: '#/console/login', ready: (page) => page.locator('input[type=password]') },
];

/** A phone on Fast 3G with a 4× slower CPU, in a fresh context (nothing cached, nothing stored). */
async function openPhone(browser) {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const scripts = new Map();
  // Scripts asked for before the page was ready; later ones (the studio fetched in the background
  // during sign-in) are not the page's cost and are counted apart.
  const early = new Set();
  let isReady = false;
  const markReady = () => (isReady = true);
  page.on('request', (request) => {
    if (!isReady) early.add(request.url());
  });
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => undefined);
    if (body) scripts.set(response.url(), { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  return { context, page, scripts, early, markReady };
}

/** Waits until the locator is visible and enabled (a password field one can type into). */
async function whenUsable(locator) {
  await locator.waitFor({ state: 'visible', timeout: 60_000 });
  const until = Date.now() + 60_000;
  while (!(await locator.isEnabled()) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

const firstPaint = (page) =>
  page.evaluate(() => {
    const [entry] = performance.getEntriesByName('first-contentful-paint');
    return entry ? Math.round(entry.startTime) : null;
  });

function scriptFigures(scripts, early) {
  const all = [...scripts.entries()];
  const later = early ? all.filter(([url]) => !early.has(url)) : [];
  const files = all
    .filter(([url]) => !early || early.has(url))
    .map(([url, f]) => ({ path: new URL(url).pathname, ...f }));
  const jsGzipBytes = files.reduce((n, f) => n + f.gzip, 0);
  return {
    jsFilesAfterReady: later.length,
    jsGzipBytesAfterReady: later.reduce((n, [, f]) => n + f.gzip, 0),
    jsFiles: files.length,
    jsRawBytes: files.reduce((n, f) => n + f.raw, 0),
    jsGzipBytes,
    withinBudget: jsGzipBytes <= FRONT_DOOR_BUDGET_BYTES,
    files,
  };
}

/** One cold visit: the scripts it loaded by the time it was ready, first paint, ready time. */
async function benchOne(browser, origin, { hash, ready }) {
  const { context, page, scripts, early, markReady } = await openPhone(browser);
  try {
    const started = Date.now();
    await page.goto(`${origin}/${hash}`, { waitUntil: 'commit' });
    await whenUsable(ready(page));
    const readyMs = Date.now() - started;
    markReady();
    await page.waitForLoadState('networkidle');
    return { ...scriptFigures(scripts, early), firstContentfulPaintMs: await firstPaint(page), readyMs };
  } finally {
    await context.close();
  }
}

/**
 * A creator's way in: the sign-in page cold, then from pressing "Sign in" until the studio home's
 * heading shows (`afterSignInMs`), and that page's total from the first request (`fromStartMs`).
 */
async function benchSignInToHome(browser, origin) {
  const { context, page, scripts } = await openPhone(browser);
  try {
    const started = Date.now();
    await page.goto(`${origin}/#/login`, { waitUntil: 'commit' });
    const password = page.locator('input[type=password]');
    await whenUsable(password);
    await page.locator('input[type=email]').fill(DEMO_EMAIL);
    await password.fill(DEMO_PASSWORD);
    const pressed = Date.now();
    await password.press('Enter');
    await page.waitForURL((url) => !url.hash.includes('login'), { timeout: 60_000 });
    await page.locator('h1:not(#login-heading)').first().waitFor({ timeout: 60_000 });
    const now = Date.now();
    await page.waitForLoadState('networkidle');
    return {
      afterSignInMs: now - pressed,
      fromStartMs: now - started,
      jsFilesInAll: scripts.size,
      jsGzipBytesInAll: scriptFigures(scripts).jsGzipBytes,
    };
  } finally {
    await context.close();
  }
}

/**
 * What a first visit to the front door costs on a phone (360×640, Chrome DevTools' Fast 3G, CPU
 * 4× slower): for sign-in, register, landing and the console's sign-in the JavaScript files and
 * their gzipped bytes (those asked for before it was ready; what it fetches in the background
 * afterwards apart), the first contentful paint and "ready" (the password field usable, the
 * landing page's heading shown); then the studio home after signing in.
 * `figures.loginPage.{signIn,register,landing,consoleSignIn,studioHome}`.
 */
export async function benchLoginPage() {
  await ensureWebBuild();
  const servers = await startServers({ driver: 'pglite', scale: false });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const origin = `http://127.0.0.1:${servers.app}`;
  try {
    const figures = { network: 'Fast 3G', cpuSlowdown: CPU_SLOWDOWN, budgetBytes: FRONT_DOOR_BUDGET_BYTES };
    // One warm-up visit, not counted: the server's first answers (compression, caches) are slower.
    await benchOne(browser, origin, PAGES[0]);
    for (const spec of PAGES) figures[spec.name] = await benchOne(browser, origin, spec);
    figures.studioHome = await benchSignInToHome(browser, origin);
    return figures;
  } finally {
    await browser.close();
    await servers.stop();
  }
}
