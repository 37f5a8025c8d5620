import type { DatabaseHandle } from '../../platform/db/database';

export interface DatabaseStatus {
  ok: boolean;
  latencyMs: number;
}

/**
 * Probes the database at most once per `maxAgeMs`; callers in between share the last answer
 * or the probe in flight, so a busy health check (load balancers, monitors) never becomes
 * database load of its own.
 */
export function createDatabaseProbe(database: DatabaseHandle, maxAgeMs = 1000) {
  let last: { at: number; status: DatabaseStatus } | undefined;
  let inFlight: Promise<DatabaseStatus> | undefined;
  return function probe(now = Date.now()): Promise<DatabaseStatus> {
    if (last && now - last.at < maxAgeMs) return Promise.resolve(last.status);
    inFlight ??= database
      .ping()
      .then(
        (latencyMs) => ({ ok: true, latencyMs: Math.round(latencyMs * 100) / 100 }),
        () => ({ ok: false, latencyMs: 0 }),
      )
      .then((status) => {
        last = { at: Date.now(), status };
        inFlight = undefined;
        return status;
      });
    return inFlight;
  };
}
