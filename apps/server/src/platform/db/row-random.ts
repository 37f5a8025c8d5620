import { sql, type SQL } from 'drizzle-orm';

/**
 * A deterministic pseudo-random number in [0, 1) for one row of a set-based seed (`insert …
 * select … from generate_series`): PostgreSQL's `hashint8extended` of the row's number, keyed by
 * the seed and a `salt` per use (so two draws of one row are independent). The same on PGlite and
 * PostgreSQL (hash partitioning relies on these functions being stable), and no round trip per row.
 */
export function rowRandom(row: SQL, seed: number, salt: number): SQL<number> {
  const key = seed * 1000 + salt;
  if (!Number.isSafeInteger(key) || salt < 0 || salt >= 1000) throw new Error(`bad seed ${seed}/${salt}`);
  return sql<number>`((hashint8extended((${row})::bigint, ${sql.raw(String(key))}::bigint) & 1048575)::float8 / 1048576)`;
}
