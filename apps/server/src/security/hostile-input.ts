/**
 * Generators of the bad-input part (issue 15): from a contract route's zod schemas, requests that
 * are valid, near-valid (one place wrong) or plainly hostile, built with fast-check so a run is
 * replayed by its seed.
 */
import type { TRouteDef } from '@linkstore/contract';
import fc from 'fast-check';
import type { z } from 'zod';

// ── Reading zod 4 schemas ────────────────────────────────────────────────────────────────────

interface CheckDef {
  check?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}
interface SchemaDef {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): SchemaDef => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
const checksOf = (def: SchemaDef): CheckDef[] => (def.checks ?? []).map((c) => c._zod.def);

/** Wrappers whose inner schema says what the value is; the key they sit on may be left out. */
const OPTIONAL_WRAPPERS = new Set(['optional', 'default', 'prefault', 'catch']);
const WRAPPERS = new Set([...OPTIONAL_WRAPPERS, 'nullable', 'readonly', 'nonoptional', 'success']);

const unwrap = (schema: z.ZodType): z.ZodType => {
  let at = schema;
  for (let def = defOf(at); ; def = defOf(at)) {
    if (WRAPPERS.has(def.type) && def.innerType) at = def.innerType;
    else if (def.type === 'pipe' && def.in) at = def.in;
    else if (def.type === 'lazy' && def.getter) at = def.getter();
    else return at;
  }
};

/** Whether an object key may be left out (optional, or defaulted). */
const isOptionalKey = (schema: z.ZodType): boolean => OPTIONAL_WRAPPERS.has(defOf(schema).type);

/** The schema is the multipart upload of a file (`file: z.unknown().refine(isBytes)`). */
export function isFileBody(schema: z.ZodType | undefined): boolean {
  if (!schema) return false;
  const def = defOf(unwrap(schema));
  const file = def.type === 'object' ? def.shape?.file : undefined;
  return file !== undefined && ['unknown', 'any'].includes(defOf(unwrap(file)).type);
}

// ── Valid values ─────────────────────────────────────────────────────────────────────────────

/** Ids are mostly small, so a near-valid request names rows that exist and reaches the handler. */
const ID_PATTERN_START = /^\^\(?(0\|)?\[1-9\]\\d\{0,1[45]\}/;

const textArb = (min: number, max: number) =>
  fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 24)) });

/**
 * Values for text fields whose rule is a refinement the schema's `def` does not show, known by
 * the field's name: links, phone numbers, rates, tracking numbers, emails.
 */
const TEXT_BY_KEY: [RegExp, fc.Arbitrary<string>][] = [
  [/(?:url|avatar|link|image|icon)$/i, fc.constantFrom('https://example.com/a.png', 'http://example.org/b')],
  [/(?:mobile|phone)$/i, fc.constantFrom('+1 555 0100', '5550100')],
  [/^rate$/i, fc.constantFrom('1', '0.92', '1.2345')],
  [/^trackingNo$/i, fc.constantFrom('1Z999AA10123456784', 'LX123456789CN')],
  [/email$/i, fc.integer({ min: 1, max: 999 }).map((n) => `user${n}@example.com`)],
];

/** Days in one year up to 2026-06-30, so `from`/`to` pairs are also within a year's span. */
const dayArb = fc
  .integer({ min: 0, max: 300 })
  .map((n) => new Date(Date.UTC(2025, 8, 1) + n * 86_400_000).toISOString().slice(0, 10));

function stringArb(def: SchemaDef, key?: string): fc.Arbitrary<string> {
  const checks = checksOf(def);
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  const patterns: RegExp[] = def.pattern ? [def.pattern] : [];
  let format = def.format;
  for (const c of checks) {
    if (c.check === 'min_length' && c.minimum !== undefined) min = Math.max(min, c.minimum);
    if (c.check === 'max_length' && c.maximum !== undefined) max = Math.min(max, c.maximum);
    if (c.check === 'length_equals' && c.length !== undefined) min = max = c.length;
    if (c.check === 'string_format') {
      if (c.pattern) patterns.push(c.pattern);
      if (c.format && c.format !== 'regex') format = c.format;
    }
  }
  // Never U+FFFD, which a pattern's `\S` may give: the check afterwards reads it as a lone
  // surrogate that was stored.
  const fit = (arb: fc.Arbitrary<string>) =>
    arb
      .map((s) => s.replaceAll('\uFFFD', 'a'))
      .map((s) => (s.length > max ? s.slice(0, max) : s.length < min ? s.padEnd(min, 'a') : s));
  if (format === 'email') return fc.integer({ min: 1, max: 999 }).map((n) => `user${n}@example.com`);
  if (format === 'date') return dayArb;
  const byKey = key === undefined || format ? undefined : TEXT_BY_KEY.find(([name]) => name.test(key));
  if (byKey && patterns.length === 0) return byKey[1];
  if (format === 'url') return fc.constantFrom('https://example.com/a', 'https://example.org/b?c=1');
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (format === 'datetime') return fc.constant(new Date(Date.UTC(2026, 0, 5)).toISOString());
  const [pattern, ...rest] = patterns;
  if (!pattern) return fit(textArb(min, max));
  let matching: fc.Arbitrary<string>;
  try {
    matching = fc.stringMatching(pattern);
  } catch {
    // A pattern fast-check cannot turn around (a lookahead): the nearest plain shape.
    matching = fc.stringMatching(new RegExp(pattern.source.replace(/\(\?<?[!=][^)]*\)/g, ''), pattern.flags));
  }
  const arb = ID_PATTERN_START.test(pattern.source)
    ? fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
        { weight: 1, arbitrary: matching },
      )
    : matching;
  // A second pattern (a password's "a letter and a digit") is met by adding what it wants.
  return fit(arb).map((s) => (rest.every((p) => p.test(s)) ? s : `${s}a1`));
}

function numberArb(def: SchemaDef): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than' && typeof c.value === 'number') min = c.value + (c.inclusive ? 0 : 1);
    if (c.check === 'less_than' && typeof c.value === 'number') max = c.value - (c.inclusive ? 0 : 1);
    if (c.check === 'number_format' && c.format !== 'float32' && c.format !== 'float64') integer = true;
  }
  if (def.format && def.format !== 'float32' && def.format !== 'float64') integer = true;
  min = Math.max(min, -1_000_000_000);
  max = Math.min(max, 1_000_000_000);
  if (max < min) max = min;
  return integer
    ? fc.oneof(fc.integer({ min, max: Math.min(max, min + 50) }), fc.integer({ min, max }))
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Rules across fields that objects' refinements hold: a range in order, a password typed twice. */
function matchCrossFields(value: Record<string, unknown>): Record<string, unknown> {
  const fixed = { ...value };
  if (typeof fixed.from === 'string' && typeof fixed.to === 'string' && fixed.from > fixed.to)
    [fixed.from, fixed.to] = [fixed.to, fixed.from];
  const password = fixed.newPassword ?? fixed.password;
  if ('confirmPassword' in fixed && typeof password === 'string') fixed.confirmPassword = password;
  return fixed;
}

/** A value the schema (most likely) accepts. `depth` stops recursive (lazy) schemas. */
export function validArb(schema: z.ZodType, depth = 0, key?: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArb(def, key);
    case 'number':
      return numberArb(def);
    case 'int':
      return numberArb({ ...def, format: 'safeint' });
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 1000n });
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
    case 'never':
      return fc.constant(undefined);
    case 'date':
      return fc.constant(new Date(Date.UTC(2026, 0, 5)).toISOString());
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const model = Object.fromEntries(keys.map((k) => [k, validArb(shape[k] as z.ZodType, depth + 1, k)]));
      return fc
        .record(model, { requiredKeys: keys.filter((k) => !isOptionalKey(shape[k] as z.ZodType)) })
        .map(matchCrossFields);
    }
    case 'array': {
      let minLength = 0;
      let maxLength = 3;
      for (const c of checksOf(def)) {
        if (c.check === 'min_length' && c.minimum !== undefined) minLength = c.minimum;
        if (c.check === 'max_length' && c.maximum !== undefined) maxLength = c.maximum;
        if (c.check === 'length_equals' && c.length !== undefined) minLength = maxLength = c.length;
      }
      if (depth > 4) return fc.constant([]);
      const element = validArb(def.element as z.ZodType, depth + 1);
      return fc.array(element, { minLength, maxLength: Math.max(minLength, Math.min(maxLength, 3)) });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => validArb(item, depth + 1)));
    case 'record':
      return fc.dictionary(
        validArb(def.keyType as z.ZodType, depth + 1) as fc.Arbitrary<string>,
        validArb(def.valueType as z.ZodType, depth + 1),
        { maxKeys: 3 },
      );
    case 'union': {
      const options = def.options ?? [];
      // Deep in a recursive schema, the first option (the leaf in this contract's trees) only.
      if (depth > 4) return validArb(options[0] as z.ZodType, depth + 1);
      return fc.oneof(...options.map((o) => validArb(o, depth + 1)));
    }
    case 'intersection':
      return validArb(def.left as z.ZodType, depth + 1);
    case 'lazy':
      return depth > 6 ? fc.constant(undefined) : validArb((def.getter as () => z.ZodType)(), depth + 1);
    case 'pipe': {
      // `a.pipe(b)`: b says what the value must be, unless b only transforms what a read.
      const out = (def as { out?: z.ZodType }).out;
      const usesOut = out !== undefined && !['transform', 'pipe'].includes(defOf(out).type);
      return validArb(usesOut ? out : (def.in as z.ZodType), depth, key);
    }
    case 'optional':
      return fc.option(validArb(def.innerType as z.ZodType, depth, key), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(validArb(def.innerType as z.ZodType, depth, key), { nil: null, freq: 4 });
    default:
      if (def.innerType) return validArb(def.innerType, depth, key);
      return fc.constant('x');
  }
}

// ── Hostile values ───────────────────────────────────────────────────────────────────────────

const MEGABYTE = 'x'.repeat(1 << 20);
/** Just under the body limit once in JSON, with unstorable text at the very end. */
const LONG_WITH_NUL = `${'y'.repeat(60_000)}\u0000`;

/** An object whose own keys are `__proto__` and `constructor`, as JSON.parse makes them. */
const prototypeKeys = (inner: unknown) =>
  JSON.parse(
    `{"__proto__":${JSON.stringify(inner)},"constructor":{"prototype":${JSON.stringify(inner)}}}`,
  ) as Record<string, unknown>;

const deepArray = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;
const deepObject = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as unknown;
const DEEP_ARRAY = deepArray(2_000);
const DEEP_OBJECT = deepObject(2_000);

const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  'ok\ud83d',
  MEGABYTE,
  LONG_WITH_NUL,
  '',
  ' ',
  '\t\n\r',
  '%00',
  '../../../../etc/passwd',
  '..\\..\\boot.ini',
  "' OR '1'='1",
  '1; DROP TABLE users;--',
  '1) UNION SELECT NULL--',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '\u202eevil',
  '😀👍🏽',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '9'.repeat(400),
  '0x1F',
  '1.5',
  ' 1 ',
  '1,2,,3',
  '1,'.repeat(200),
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'javascript:alert(1)',
  '//evil.example',
  '/\\evil.example',
];
const HOSTILE_NUMBERS = [
  -1,
  0,
  1.5,
  -0.000001,
  2 ** 31,
  2 ** 32 + 1,
  2 ** 53 + 2,
  -(2 ** 63),
  1e21,
  1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/** One value of a wrong kind or with text no column can keep. */
export const hostileValueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, null) },
  // Text with an unstorable character somewhere inside ordinary text.
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 8 }),
        fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00'),
        fc.string({ maxLength: 8 }),
      )
      .map(([a, bad, b]) => `${a}${bad}${b}`),
  },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({}, { a: 1 }, [[]], [null]) },
  { weight: 1, arbitrary: fc.constant(null).map(() => prototypeKeys({ polluted: true, isAdmin: true })) },
  { weight: 1, arbitrary: fc.constantFrom(DEEP_ARRAY, DEEP_OBJECT) },
);

// ── Requests ─────────────────────────────────────────────────────────────────────────────────

export type TRequestKind =
  | 'valid'
  | 'near-valid'
  | 'missing-key'
  | 'extra-key'
  | 'wrong-shape'
  | 'path-trick'
  | 'bad-body'
  | 'multipart';

export interface HostileRequest {
  kind: TRequestKind;
  /** What was changed, to name a failing request. */
  note: string;
  /** Path params as raw URL text (already encoded, or a trick left as is). */
  params: Record<string, string>;
  query: unknown;
  /** A JSON value, or raw bytes/text with its own content type. */
  body?: { json: unknown } | { raw: string | Buffer; contentType: string | undefined };
}

/** Percent-encodes like encodeURIComponent, lone surrogates as their (invalid) UTF-8 bytes. */
export function encodeText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return Array.from(text, (ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff)
        return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
      return encodeURIComponent(ch);
    }).join('');
  }
}

/** Path params that try to leave the segment or the text column. */
const PATH_TRICKS = [
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..%252F..%252Fetc',
  '%2e%2e%2f',
  '%00',
  '1%00',
  '%2F',
  '1%2F2',
  '%5C..%5C',
  '%ZZ',
  '%',
  '%C0%AF',
  '%ED%A0%80',
  '%EF%BF%BF',
  '%E2%80%AE',
  'a'.repeat(5_000),
  '9'.repeat(300),
  '-1',
  '0',
  '1e3',
  '0x10',
  '1.0',
  '+1',
  '%20',
  '1,2,3',
  `${'1,'.repeat(150)}1`,
  '%3Cscript%3E',
  "1'%20OR%20'1'%3D'1",
  '__proto__',
  'constructor',
];

/** Broken JSON, and bodies of content types the JSON routes do not take. */
const BAD_BODIES: { raw: string; contentType: string | undefined }[] = [
  { raw: '{"a":', contentType: 'application/json' },
  { raw: '{"a":1}}', contentType: 'application/json' },
  { raw: '{"a":NaN}', contentType: 'application/json' },
  { raw: "{'a':1}", contentType: 'application/json' },
  { raw: '\ufeff{}', contentType: 'application/json' },
  { raw: '', contentType: 'application/json' },
  { raw: 'null', contentType: 'application/json' },
  { raw: '"\\ud800"', contentType: 'application/json' },
  { raw: '{"a":"\\u0000"}', contentType: 'application/json' },
  { raw: '{"__proto__":{"x":1},"a":1}', contentType: 'application/json' },
  { raw: '{"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
  { raw: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' },
  { raw: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`, contentType: 'application/json' },
  { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { raw: '<a>1</a>', contentType: 'application/xml' },
  { raw: 'hello', contentType: 'text/plain' },
  { raw: '{}', contentType: 'application/json; charset=latin-7' },
  { raw: '{}', contentType: 'multipart/form-data' },
  // A content type shaped like the log viewer's markers (issue 31): closes the server's error
  // block and plants a link to another site, if a message ever repeats it into a log row.
  {
    raw: 'x',
    contentType:
      'text/x-[/error][download]{"href":"/\\\\evil.example","download":"a.xlsx"}[/download][error]',
  },
  {
    raw: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
  },
  { raw: '{}', contentType: 'application/octet-stream' },
  { raw: '{}', contentType: undefined },
];

const multipart = (parts: { name: string; filename?: string; type?: string; content: Buffer }[]) => {
  const boundary = '----linkstore-bad-input';
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n` +
        (p.type ? `Content-Type: ${p.type}\r\n` : '') +
        '\r\n',
    ),
    p.content,
    Buffer.from('\r\n'),
  ]);
  return {
    raw: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

/** Uploads that are not what the route reads: junk bytes, a text file, no file, a field. */
const multipartArb = fc.oneof(
  fc
    .uint8Array({ maxLength: 64 })
    .map((bytes) =>
      multipart([
        { name: 'file', filename: 'a.xlsx', type: 'application/octet-stream', content: Buffer.from(bytes) },
      ]),
    ),
  fc.constantFrom(
    multipart([
      {
        name: 'file',
        filename: '../../etc/passwd\u0000.png',
        type: 'image/png',
        content: Buffer.from('PK\u0003\u0004'),
      },
    ]),
    multipart([
      {
        name: 'file',
        filename: 'x.svg',
        type: 'image/svg+xml',
        content: Buffer.from('<svg onload="alert(1)"/>'),
      },
    ]),
    multipart([{ name: 'other', content: Buffer.from('\u0000') }]),
    multipart([{ name: 'file', content: Buffer.from('not a file, a field') }]),
    multipart([
      { name: 'file', filename: 'a.png', type: 'image/png', content: Buffer.from('1') },
      { name: 'file', filename: 'b.png', type: 'image/png', content: Buffer.from('2') },
    ]),
    multipart([]),
  ),
);

type Part = 'params' | 'query' | 'body';

/** Every place in a value a mutation may aim at: paths of keys and indexes, the root too. */
function placesIn(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(path);
  if (out.length > 60) return out;
  if (Array.isArray(value)) value.forEach((item, i) => placesIn(item, [...path, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) placesIn(v, [...path, k], out);
  return out;
}

const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** Sets (or with `remove`, deletes) the value at `path`; the root is replaced by returning it. */
function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = clone(root) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove) {
    if (Array.isArray(at)) at.splice(Number(last), 1);
    else delete at[last];
  } else at[last] = value;
  return copy;
}

interface Valid {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

const encodeParams = (params: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      encodeText(typeof v === 'string' ? v : (JSON.stringify(v) ?? '')),
    ]),
  );

/**
 * The requests for one route: about a third valid or one place wrong (the handler runs), the
 * rest wrong in kind, shape or encoding. `null` for a part the route does not have.
 */
export function requestArb(route: TRouteDef): fc.Arbitrary<HostileRequest> {
  const fileBody = isFileBody(route.body);
  const validOf = (schema: z.ZodType | undefined) => (schema ? validArb(schema) : fc.constant(undefined));
  const valid: fc.Arbitrary<Valid> = fc
    .record({
      params: validOf(route.params),
      query: validOf(route.query),
      body: fileBody ? fc.constant(undefined) : validOf(route.body),
    })
    .map((v) => ({
      params: (v.params as Record<string, unknown>) ?? {},
      query: (v.query as Record<string, unknown>) ?? {},
      body: v.body,
    }));
  const parts: Part[] = [
    ...(route.params ? (['params'] as const) : []),
    ...(route.query ? (['query'] as const) : []),
    ...(route.body && !fileBody ? (['body'] as const) : []),
  ];
  const jsonBody = (body: unknown): HostileRequest['body'] =>
    route.method === 'GET' || route.method === 'DELETE' || body === undefined ? undefined : { json: body };
  const finish = (kind: TRequestKind, note: string, v: Valid): HostileRequest => ({
    kind,
    note,
    params: encodeParams(v.params),
    query: v.query,
    body: fileBody ? undefined : jsonBody(v.body),
  });

  const kinds: fc.WeightedArbitrary<HostileRequest>[] = [
    { weight: 2, arbitrary: valid.map((v) => finish('valid', 'valid', v)) },
  ];
  if (parts.length > 0) {
    const pick = <T>(items: T[], n: number) => items[n % items.length] as T;
    kinds.push({
      weight: 6,
      arbitrary: fc.tuple(valid, fc.nat(), fc.nat(), hostileValueArb).map(([v, p, n, bad]) => {
        const part = pick(parts, p);
        const places = placesIn(v[part]).filter((path) => path.length > 0 || part === 'body');
        const path = places.length > 0 ? pick(places, n) : [];
        const changed = { ...v, [part]: setAt(v[part] ?? {}, path, bad) };
        return finish(
          'near-valid',
          `${part}.${path.join('.')} = ${JSON.stringify(bad)?.slice(0, 60)}`,
          changed,
        );
      }),
    });
    kinds.push({
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat(), fc.nat()).map(([v, p, n]) => {
        const part = pick(parts, p);
        const places = placesIn(v[part]).filter((path) => path.length > 0);
        if (places.length === 0)
          return finish('missing-key', `${part} empty`, { ...v, [part]: part === 'body' ? {} : {} });
        const path = pick(places, n);
        return finish('missing-key', `${part}.${path.join('.')} removed`, {
          ...v,
          [part]: setAt(v[part], path, undefined, true),
        });
      }),
    });
    kinds.push({
      weight: 1,
      arbitrary: fc
        .tuple(
          valid,
          fc.nat(),
          fc.constantFrom(
            '__proto__',
            'constructor',
            'prototype',
            'isAdmin',
            'id',
            'userId',
            'shopId',
            'status',
            'role',
            'x'.repeat(300),
          ),
          hostileValueArb,
        )
        .map(([v, p, key, bad]) => {
          const part = pick(parts, p);
          const base = v[part];
          const target = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
          const rest = JSON.stringify(target);
          const added = `${JSON.stringify(key)}:${JSON.stringify(bad) ?? 'null'}`;
          // Parsed, so `__proto__` is an own key as a JSON body makes it.
          const withKey = JSON.parse(rest === '{}' ? `{${added}}` : `{${added},${rest.slice(1)}`) as unknown;
          return finish('extra-key', `${part} + ${key.slice(0, 20)}`, { ...v, [part]: withKey });
        }),
    });
  }
  // A whole part of another kind: arrays for objects, objects for arrays, text, numbers, null.
  kinds.push({
    weight: 2,
    arbitrary: fc
      .tuple(valid, hostileValueArb, fc.constantFrom<Part>('query', 'body', 'params'), fc.boolean())
      .map(([v, bad, part, flip]) => {
        if (part === 'body') {
          // An array for an object (or the first item for an array), or any wrong value.
          const flipped = Array.isArray(v.body) ? v.body[0] : v.body !== undefined ? [v.body] : bad;
          return {
            ...finish('wrong-shape', flip ? 'body flipped' : 'body replaced', v),
            body: route.method === 'GET' ? undefined : { json: flip ? flipped : bad },
          };
        }
        if (part === 'query')
          return finish('wrong-shape', 'query junk', {
            ...v,
            query: {
              ...v.query,
              [String(Object.keys(v.query)[0] ?? 'q')]: [bad, bad],
              'a[b][c]': bad,
              '__proto__[x]': 1,
            },
          });
        return finish('wrong-shape', 'params wrong kind', {
          ...v,
          params: Object.fromEntries(Object.keys(v.params).map((k) => [k, bad])),
        });
      }),
  });
  if (route.params)
    kinds.push({
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...PATH_TRICKS), fc.nat()).map(([v, trick, n]) => {
        const request = finish('path-trick', `path ${trick.slice(0, 40)}`, v);
        const keys = Object.keys(request.params);
        const key = keys[n % keys.length] as string;
        return { ...request, params: { ...request.params, [key]: trick } };
      }),
    });
  if (route.method !== 'GET')
    kinds.push({
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(...BAD_BODIES)).map(([v, bad]) => ({
        ...finish('bad-body', `body ${bad.contentType ?? 'no type'}: ${bad.raw.slice(0, 30)}`, v),
        body: bad,
      })),
    });
  if (fileBody)
    kinds.push({
      weight: 3,
      arbitrary: fc
        .tuple(valid, multipartArb)
        .map(([v, upload]) => ({ ...finish('multipart', 'upload', v), body: upload })),
    });
  return fc.oneof(...kinds);
}

/** The query string of a request: repeated keys for arrays, `a[b]` keys as given. */
export function queryString(query: unknown): string {
  // A query that is not an object (a hostile value put in its place) goes as the whole text.
  if (query === null || typeof query !== 'object' || Array.isArray(query))
    return query === undefined ? '' : `?${encodeText(JSON.stringify(query) ?? '')}`;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const text = typeof item === 'string' ? item : (JSON.stringify(item) ?? '');
      pairs.push(`${encodeText(key)}=${encodeText(text)}`);
    }
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
