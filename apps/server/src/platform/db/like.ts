/**
 * An `ilike` pattern that finds `words` anywhere in a text, with `%`, `_` and `\` in the words
 * matching themselves (PostgreSQL's default LIKE escape is the backslash).
 */
export function containsPattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
