import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/**
 * Several API processes on one port (decision 0030), with Node's cluster: the primary process
 * migrates and seeds the database once (main.ts), then forks `count` workers that each build the
 * app and listen; the primary hands them the connections in turn. A worker that exits is started
 * again after a pause that doubles while workers keep dying young, so a crash loop does not spin.
 * SIGINT and SIGTERM are passed to every worker, which finishes its requests in flight.
 */

/**
 * Set in the environment of the workers forked here, so `main.ts` knows the primary has
 * migrated and seeded. Not `cluster.isWorker` alone: under another cluster manager (pm2's
 * cluster mode forks the entry point itself) each process must still prepare the database.
 */
export const WORKER_MARK = 'LINKSTORE_CLUSTER_WORKER';

export function isForkedWorker(): boolean {
  return cluster.isWorker && process.env[WORKER_MARK] === '1';
}

/** A worker that lived at least this long counts as healthy: its successor starts quickly. */
export const HEALTHY_LIFETIME_MS = 10_000;

/** The pause before starting a worker again: 0.5 s, doubling per quick death, at most 30 s. */
export function restartDelayMs(quickDeaths: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, quickDeaths));
}

export interface ClusterOptions {
  count: number;
  /** How long workers may take to finish their requests in flight at shutdown. */
  shutdownTimeoutMs: number;
  log: Logger;
}

interface Slot {
  worker: Worker | undefined;
  startedAt: number;
  quickDeaths: number;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Forks the workers and resolves with their pids once every one listens. A worker that exits
 * before the first start is complete stops them all (a port in use, a database that refuses):
 * the same failure would repeat, and the worker has printed why. The primary exits with 0 after
 * a clean shutdown of every worker, 1 otherwise.
 */
export function startWorkers({ count, shutdownTimeoutMs, log }: ClusterOptions): Promise<number[]> {
  const slots: Slot[] = Array.from({ length: count }, () => ({
    worker: undefined,
    startedAt: 0,
    quickDeaths: 0,
    timer: undefined,
  }));
  let ready = false;
  let closing = false;
  let failed = false;
  const listening = new Set<Worker>();

  const live = () => slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));

  const stopAll = (exitCode: number) => {
    if (closing) return;
    closing = true;
    for (const slot of slots) clearTimeout(slot.timer);
    const workers = live();
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      log.error('API processes took too long to stop; killing them');
      for (const worker of live()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownTimeoutMs + 2000);
    timer.unref();
  };

  return new Promise((resolve, reject) => {
    const fork = (slot: Slot) => {
      slot.timer = undefined;
      slot.startedAt = Date.now();
      const worker = cluster.fork({ [WORKER_MARK]: '1' });
      slot.worker = worker;
      worker.once('listening', () => {
        listening.add(worker);
        if (ready) {
          log.info({ worker: worker.process.pid }, 'API process started again');
          return;
        }
        if (slots.every((s) => s.worker !== undefined && listening.has(s.worker))) {
          ready = true;
          resolve(live().map((w) => w.process.pid ?? 0));
        }
      });
      worker.once('exit', (code, signal) => {
        slot.worker = undefined;
        listening.delete(worker);
        if (closing) {
          if (code !== 0) failed = true;
          if (live().length === 0) process.exit(failed ? 1 : 0);
          return;
        }
        if (!ready) {
          log.error({ worker: worker.process.pid, code, signal }, 'an API process stopped while starting');
          reject(new Error('an API process could not start (see its message above)'));
          stopAll(1);
          return;
        }
        slot.quickDeaths = Date.now() - slot.startedAt < HEALTHY_LIFETIME_MS ? slot.quickDeaths + 1 : 0;
        const delay = restartDelayMs(slot.quickDeaths);
        log.warn(
          { worker: worker.process.pid, code, signal, restartInMs: delay },
          'an API process exited; starting another',
        );
        slot.timer = setTimeout(() => fork(slot), delay);
      });
    };

    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        log.info({ signal }, 'shutting down: every API process finishes its requests in flight');
        stopAll(0);
      });
    }
    for (const slot of slots) fork(slot);
  });
}
