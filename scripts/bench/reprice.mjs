import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../lib/process.mjs';

/**
 * "Re-price 10,000 products after a category change": milliseconds from saving a category's
 * percentage until the priced list of all 10,000 products is read back (decision 0014).
 */
export function benchReprice() {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/bench/reprice-worker.mjs')],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`re-price bench exited (${code})`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? ''));
      } catch (error) {
        reject(error);
      }
    });
  });
}
