/**
 * The database refused a row because a unique index already holds its key (PostgreSQL 23505):
 * how a race that a pre-check lost shows up. Drizzle wraps the driver's error in `cause`.
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
