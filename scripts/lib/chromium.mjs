/** Debian's chromium: the only browser the tests and benchmarks use (never a downloaded one). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
