/**
 * The log text markers the console's log viewer reads (`[download]{…}[/download]`, `[error]…
 * [/error]` and the other levels; apps/web/src/shared/log-text). Only the server's own code may
 * write them: text a caller controls (an error message that repeats something they sent) is
 * passed through `neutraliseLogMarkers` before it goes into a log row (issue 31).
 */
const MARKER_TAG = /\[(\/?)\s*(download|error|info|warning|success)\s*\]/gi;

/**
 * `text` with every marker-shaped tag's square brackets replaced by full-width ones: `[download]`
 * becomes `［download］`, still readable, never a marker (the viewer's pattern wants ASCII `[`).
 */
export function neutraliseLogMarkers(text: string): string {
  return text.replace(MARKER_TAG, (_tag, slash: string, name: string) => `［${slash}${name}］`);
}

/** A failure's block in a log row: the code (ours) and the message (neutralised). */
export function errorBlock(code: string, message: string): string {
  return `[error]${`${code} ${neutraliseLogMarkers(message)}`.trimEnd()}[/error]`;
}
