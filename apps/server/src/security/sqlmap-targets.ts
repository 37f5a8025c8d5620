// The targets of the SQL injection part (scripts/lib/sqlmap.mjs, run as a script with tsx):
// every list and search endpoint of the contract — each GET route with a query schema — and the
// query parameters of each that take free text, printed as JSON. Derived, so a new search route
// is tried by sqlmap without anyone listing it.
import * as contract from '@linkstore/contract';
import type { TRouteDef } from '@linkstore/contract';
import type { z } from 'zod';

/** What sqlmap is pointed at: the route, who may call it, and its free-text parameters. */
export interface SqlmapTarget {
  path: string;
  access: 'public' | 'creator' | 'operator';
  /** Query parameters whose schema accepts an SQL-looking text (sqlmap tries each). */
  params: string[];
  /** Query parameters that take no free text (numbers, enums, dates): not tried. */
  skipped: string[];
}

/** A text no SQL statement should ever see as code, short enough for a 50-character keyword field. */
const PROBE = "x' OR '1'='1";

const isRouteDef = (value: unknown): value is TRouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

/** The object schema under pipes and transforms (a query schema is an object, maybe refined). */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  let current: unknown = schema;
  for (let depth = 0; depth < 8 && current; depth += 1) {
    const def = (current as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return undefined;
    if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
    current = def.in ?? def.innerType ?? def.schema;
  }
  return undefined;
}

export function sqlmapTargets(): SqlmapTarget[] {
  const routes = (Object.values(contract) as unknown[])
    .filter((group): group is object => typeof group === 'object' && group !== null)
    .flatMap((group) => Object.values(group).filter(isRouteDef));
  const targets: SqlmapTarget[] = [];
  for (const route of routes) {
    if (route.method !== 'GET' || !route.query) continue;
    const shape = objectShape(route.query);
    if (!shape) throw new Error(`${route.path}: its query schema is not an object`);
    const names = Object.keys(shape);
    // A parameter takes free text when the whole query schema accepts the probe in it.
    const params = names.filter((name) => route.query?.safeParse({ [name]: PROBE }).success);
    targets.push({
      path: route.path,
      access: 'public' in route.access ? 'public' : route.access.permission === null ? 'creator' : 'operator',
      params,
      skipped: names.filter((name) => !params.includes(name)),
    });
  }
  return targets;
}

process.stdout.write(`${JSON.stringify(sqlmapTargets())}\n`);
