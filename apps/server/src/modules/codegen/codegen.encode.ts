/**
 * How a value is written at each place it lands in generated source (issue 31). The generator's
 * values are an operator's words (business name, field comments, kept in its settings) and the
 * catalogue's (table, column and comment text of the database); none of them may end a comment or
 * a literal early, or start a statement of their own. Every template writes a value through one of
 * these, never raw. The request schemas also refuse control characters in the operator's words
 * (`ZCodegenText`), but these encoders hold for any text: settings saved before that refusal and
 * the catalogue's own text go through them too.
 */

/**
 * Characters written as escapes in literals and as a space in comments: control characters (C0,
 * DEL, C1: line feed, carriage return, tab, NUL…), the Unicode line and paragraph separators
 * (line terminators to JavaScript), and the invisible direction marks and overrides ("Trojan
 * Source": code that reads differently from what it is).
 */
const UNSAFE = /[\p{Cc}\u2028\u2029\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/gu;

const hex4 = (char: string) => (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');

/**
 * A single-quoted TypeScript string literal whose value is exactly `text`: backslash and quote
 * escaped, every unsafe character as `\uXXXX` (a raw line break or carriage return would end
 * the literal).
 */
export function tsString(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`).replace(UNSAFE, (c) => `\\u${hex4(c)}`)}'`;
}

/**
 * The catalogue's text as a default for the operator's words (a table comment becomes the
 * business name, a column comment a field comment): one line, without the characters the
 * settings refuse, so the defaults can be saved as they are.
 */
export function oneLine(text: string): string {
  return text.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Text inside a TypeScript comment (`/** … *\/` or `// …`): one line (every unsafe character and
 * run of white space becomes one space) with no `*\/` (written `*\/` with a backslash, as JSDoc
 * does), so the comment ends only where the template ends it.
 */
export function tsComment(text: string): string {
  return oneLine(text).replace(/\*\//g, '*\\/');
}

/**
 * A JSX attribute `name="value"` for a plain value (letters, digits, `_`, `.`, `-`), otherwise
 * `name={'value'}`: a JSX string attribute has no escapes, so anything else goes through a
 * TypeScript literal.
 */
export function jsxAttribute(name: string, value: string): string {
  return /^[A-Za-z0-9_.-]*$/.test(value) ? `${name}="${value}"` : `${name}={${tsString(value)}}`;
}

/**
 * Breaks every `--` (`-` then `- `): drizzle's migrator cuts a migration into statements at each
 * `--> statement-breakpoint` wherever it stands, inside a comment or a literal as well.
 */
const breakDashes = (text: string) => text.replace(/-(?=-)/g, '- ');

/**
 * Text inside an SQL line comment (`-- …`): one line (PostgreSQL ends the comment at a line
 * feed or a carriage return, and what follows would be a statement) and no `--`.
 */
export function sqlComment(text: string): string {
  return breakDashes(oneLine(text));
}

/** Whether `text` needs escapes in SQL: an unsafe character, a backslash, or a `--`. */
const needsSqlEscapes = (text: string) => new RegExp(UNSAFE.source, 'u').test(text) || /\\|--/.test(text);

/**
 * An SQL string literal whose value is exactly `text`: `'…'` with quotes doubled; when the text
 * holds an unsafe character, a backslash or a `--`, an escape string `E'…'` with those written
 * as `\\`, `\uXXXX` and `\u002D-`.
 */
export function sqlString(text: string): string {
  if (!needsSqlEscapes(text)) return `'${text.replace(/'/g, "''")}'`;
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "''")
    .replace(UNSAFE, (c) => `\\u${hex4(c)}`)
    .replace(/-(?=-)/g, '\\u002D');
  return `E'${escaped}'`;
}

/**
 * An SQL identifier whose name is exactly `name`: `"…"` with quotes doubled; when the name holds
 * an unsafe character, a backslash or a `--`, a Unicode identifier `U&"…"` with those written as
 * `\\` and `\XXXX`.
 */
export function sqlIdentifier(name: string): string {
  if (!needsSqlEscapes(name)) return `"${name.replace(/"/g, '""')}"`;
  const escaped = [...name]
    .map((c) => {
      if (c === '\\') return '\\\\';
      if (c === '"') return '""';
      if (new RegExp(UNSAFE.source, 'u').test(c) || c === '-') {
        const code = c.codePointAt(0) ?? 0;
        return code > 0xffff ? `\\+${code.toString(16).toUpperCase().padStart(6, '0')}` : `\\${hex4(c)}`;
      }
      return c;
    })
    .join('');
  return `U&"${escaped}"`;
}

/**
 * Catalogue SQL copied as it is (a column's type, a default expression): PostgreSQL wrote it as
 * one complete type or expression, its names quoted and its literals escaped, so it cannot end the
 * statement early for PostgreSQL. Drizzle's migrator, though, cuts the file at every
 * `--> statement-breakpoint`, even one inside a literal; a fragment holding one is refused
 * (undefined): it cannot be re-encoded without parsing it.
 */
export function rawSqlOrUndefined(fragment: string): string | undefined {
  return fragment.includes('--> statement-breakpoint') ? undefined : fragment;
}
