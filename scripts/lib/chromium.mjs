/** Debian's chromium: the only browser the tests and benchmarks use (never a downloaded one). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium-headless-shell: the same engine without the desktop browser around it, what
 * the browser journeys run in. On 2 cores it took a fifth less time than the full browser in
 * headless mode over the same journeys (decision 0051); the benchmarks keep the full browser.
 */
export const CHROMIUM_HEADLESS = process.env.CHROMIUM_HEADLESS_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * Flags that let chromium run headless as root on a machine with no network but loopback:
 * without the background-networking ones it keeps trying (and failing) to reach Google.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
