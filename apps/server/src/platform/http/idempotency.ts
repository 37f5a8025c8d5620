import { createHash, randomUUID } from 'node:crypto';
import { ErrorCode, IDEMPOTENCY_KEY_HEADER } from '@linkstore/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { AppError } from '../errors/app-error';
import { idempotencyKeys } from './idempotency.tables';

/** A key is answered (replayed) for this long; after it, it counts as absent and is swept. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/**
 * A request still "in flight" after this long died with its process (no handler of ours runs
 * this long: the provider calls time out well before): a retry with the same request takes it over.
 */
export const IDEMPOTENCY_ABANDONED_AFTER_MS = 5 * 60_000;

/** What identifies one key: whose it is, on which route. */
export interface IdempotencyTarget {
  scope: string;
  route: string;
  key: string;
}

/** A stored first answer, to send again as it was. */
export interface StoredAnswer {
  status: number;
  body: string;
}

/** The request's own hold on its key: complete it with the answer, or release it on failure. */
export interface IdempotencyHold {
  complete(answer: StoredAnswer): Promise<void>;
  release(): Promise<void>;
}

export type Acquired = { kind: 'run'; hold: IdempotencyHold } | { kind: 'replay'; answer: StoredAnswer };

/** JSON with object keys sorted, so the hash does not depend on the order a client wrote them in. */
function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The fingerprint of a request: its validated path parameters, query and body. */
export function requestHash(request: { params: unknown; query: unknown; body: unknown }): string {
  return createHash('sha256')
    .update(canonicalJson({ params: request.params, query: request.query, body: request.body }))
    .digest('hex');
}

/** The `Idempotency-Key` a request carries (already checked by the route's header schema), if any. */
export function idempotencyKeyOf(headers: Record<string, unknown>): string | undefined {
  const value = headers[IDEMPOTENCY_KEY_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const ageAbove = (ms: number) =>
  lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ms / 1000})`);

/**
 * Claims a key before the handler runs, in one statement each step so two API processes cannot
 * both win: a new key is inserted (this request runs); an expired one, or one abandoned in
 * flight with the same request, is taken over; otherwise the stored row decides — a different
 * request is refused (A0681, 422), one still running is refused (A0680, 409), a completed one
 * is replayed.
 */
export async function acquireIdempotencyKey(
  db: AppDatabase,
  target: IdempotencyTarget,
  hash: string,
): Promise<Acquired> {
  const owner = randomUUID();
  const same = and(
    eq(idempotencyKeys.scope, target.scope),
    eq(idempotencyKeys.route, target.route),
    eq(idempotencyKeys.key, target.key),
  );
  const hold: IdempotencyHold = {
    complete: async ({ status, body }) => {
      await db
        .update(idempotencyKeys)
        .set({ status, response: body })
        .where(and(same, eq(idempotencyKeys.owner, owner)));
    },
    release: async () => {
      await db
        .delete(idempotencyKeys)
        .where(and(same, eq(idempotencyKeys.owner, owner), isNull(idempotencyKeys.status)));
    },
  };
  // Twice at most: a row swept between the insert and the read is claimed on the second round.
  for (let round = 0; round < 2; round += 1) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ ...target, requestHash: hash, owner })
      .onConflictDoNothing()
      .returning({ owner: idempotencyKeys.owner });
    if (inserted.length > 0) return { kind: 'run', hold };

    const takenOver = await db
      .update(idempotencyKeys)
      .set({ requestHash: hash, owner, status: null, response: null, createdAt: sql`now()` })
      .where(
        and(
          same,
          or(
            ageAbove(IDEMPOTENCY_KEY_TTL_MS),
            and(
              isNull(idempotencyKeys.status),
              eq(idempotencyKeys.requestHash, hash),
              ageAbove(IDEMPOTENCY_ABANDONED_AFTER_MS),
            ),
          ),
        ),
      )
      .returning({ owner: idempotencyKeys.owner });
    if (takenOver.length > 0) return { kind: 'run', hold };

    const [row] = await db
      .select({
        hash: idempotencyKeys.requestHash,
        status: idempotencyKeys.status,
        body: idempotencyKeys.response,
      })
      .from(idempotencyKeys)
      .where(same);
    if (!row) continue;
    if (row.hash !== hash) throw AppError.of(ErrorCode.IDEMPOTENCY_KEY_REUSED, 'idempotency.keyReused');
    if (row.status === null || row.body === null) {
      throw AppError.of(ErrorCode.IDEMPOTENCY_IN_FLIGHT, 'idempotency.inFlight');
    }
    return { kind: 'replay', answer: { status: row.status, body: row.body } };
  }
  throw AppError.of(ErrorCode.IDEMPOTENCY_IN_FLIGHT, 'idempotency.inFlight');
}

/** Deletes keys past their 24 hours (the checkout module's reservation sweep calls it). */
export async function sweepIdempotencyKeys(db: AppDatabase): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(ageAbove(IDEMPOTENCY_KEY_TTL_MS))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
