/**
 * Text no column can keep as sent: a NUL (PostgreSQL's text refuses it, a 500) or a lone UTF-16
 * surrogate (half of an emoji: no UTF-8 encoding exists for it; stored as U+FFFD if at all).
 * A whole surrogate pair — any emoji — is ordinary text.
 */
export const UNSTORABLE_TEXT =
  // eslint-disable-next-line no-control-regex -- finding the NUL is the point
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_TEXT_ALL = new RegExp(UNSTORABLE_TEXT.source, 'g');

/** Whether a string can be stored exactly as it is. */
export const isStorableText = (text: string): boolean => !UNSTORABLE_TEXT.test(text);

/** Where a refused piece of text is: keys of objects, indexes of arrays, from the input's root. */
export type TTextPath = (string | number)[];

/** At most this many places are answered: enough to name the fields, never a huge answer. */
export const UNSTORABLE_PATHS_MAX = 20;

interface Visit {
  value: unknown;
  key: string | number;
  parent: Visit | undefined;
  /** The key itself is unstorable: the place is reported, what it holds is not walked. */
  badKey?: true;
}

/** Deeper places are named by their first keys and `…`: enough to find them, never huge. */
const PATH_KEYS_MAX = 32;

const pathOf = (visit: Visit): TTextPath => {
  const reversed: TTextPath = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) reversed.push(at.key);
  const path = reversed.reverse();
  return path.length > PATH_KEYS_MAX ? [...path.slice(0, PATH_KEYS_MAX), '…'] : path;
};

/**
 * Objects and arrays are walked (a query parser's objects may have a prototype of their own);
 * bytes are not text and are skipped (an uploaded file is never read byte by byte).
 */
const isWalked = (value: unknown): value is object =>
  typeof value === 'object' &&
  value !== null &&
  !ArrayBuffer.isView(value) &&
  !(value instanceof ArrayBuffer) &&
  !(value instanceof Blob);

/**
 * The paths of every string in a parsed input (a query, path params, a JSON or form body) that
 * holds unstorable text — in values and in object keys (a key is named with the offending
 * characters shown as U+FFFD), at any depth; `[]` for the whole input when it is such a string.
 * Empty when everything can be stored. Walks without recursion (any depth is safe), each
 * container once, and skips binary values (an uploaded file's bytes are not text).
 */
export function unstorableTextPaths(value: unknown, max = UNSTORABLE_PATHS_MAX): TTextPath[] {
  const found: TTextPath[] = [];
  const seen = new Set<object>();
  const stack: Visit[] = [{ value, key: '', parent: undefined }];
  while (stack.length > 0 && found.length < max) {
    const visit = stack.pop() as Visit;
    const current = visit.value;
    if (visit.badKey) {
      found.push(pathOf(visit));
      continue;
    }
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.push(pathOf(visit));
      continue;
    }
    if (!isWalked(current) || seen.has(current)) continue;
    seen.add(current);
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current as Record<string, unknown>);
    // Pushed in reverse so the walk (and the answer) goes in the input's own order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [string | number, unknown];
      stack.push(
        typeof key === 'string' && !isStorableText(key)
          ? { value: item, key: key.replace(UNSTORABLE_TEXT_ALL, '\uFFFD'), parent: visit, badKey: true }
          : { value: item, key, parent: visit },
      );
    }
  }
  return found;
}
