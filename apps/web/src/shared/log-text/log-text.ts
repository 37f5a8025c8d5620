/**
 * SPEC §3's log text markers (shared: the log page's cells and the code editor's log mode). The exact syntax upstream used is not known; LinkStore writes
 * (and the log page reads):
 * - `[download]{"href":"/api/…","download":"orders.xlsx"}[/download]` — a link labelled
 *   "logDownload", its attributes a JSON object;
 * - `[error]…[/error]`, `[info]…[/info]`, `[warning]…[/warning]`, `[success]…[/success]` —
 *   a block of (multi-line) text with that level.
 * Everything is shown as text, never as HTML.
 */
export type TLogLevel = 'error' | 'info' | 'warning' | 'success';

export type TLogSegment =
  | { kind: 'text'; text: string }
  | { kind: 'block'; level: TLogLevel; text: string }
  | { kind: 'download'; href: string; download?: string };

/**
 * A marker found in the text, with where it is: `from`–`to` is the whole marker, `bodyFrom`–
 * `bodyTo` what sits between its opening and closing tags.
 */
export type TLogMarker =
  | { kind: 'block'; level: TLogLevel; from: number; to: number; bodyFrom: number; bodyTo: number }
  | { kind: 'download'; href: string; download?: string; from: number; to: number };

const MARKER = /\[(download|error|info|warning|success)\]([\s\S]*?)\[\/\1\]/g;

/**
 * Where the server's own download markers point: its file routes, on this site. A marker is text
 * in a log row, and a log row can repeat what a caller sent; the server neutralises markers in
 * such text (issue 31), and this is the second wall: a link is drawn only for a same-origin path
 * under one of these prefixes.
 */
export const DOWNLOAD_PATH_PREFIXES = ['/api/v1/files/', '/files/'] as const;

/**
 * Characters a download path may hold: no backslash (`/\evil.example` is another host to a
 * browser), no whitespace or control character (a browser drops tabs and newlines, so `/\t/evil`
 * becomes `//evil`), no `:`, no quotes.
 */
const PATH_CHARS = /^[A-Za-z0-9/._~%=&?+-]+$/;

/**
 * A download link we may render, or undefined: only a path under `DOWNLOAD_PATH_PREFIXES`, never
 * `//host`, a scheme (`https:`, `javascript:`), a backslash, `..` or an encoded slash/backslash.
 */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 500) return undefined;
  if (!PATH_CHARS.test(value)) return undefined;
  if (value.includes('//') || value.includes('..') || /%(2f|5c|2e|0|1|7f)/i.test(value)) return undefined;
  return DOWNLOAD_PATH_PREFIXES.some((prefix) => value.startsWith(prefix)) ? value : undefined;
}

function downloadOf(json: string): { kind: 'download'; href: string; download?: string } | undefined {
  try {
    const attrs = JSON.parse(json) as Record<string, unknown>;
    const href = safeHref(attrs.href);
    if (!href) return undefined;
    return {
      kind: 'download',
      href,
      ...(typeof attrs.download === 'string' ? { download: attrs.download } : {}),
    };
  } catch {
    return undefined;
  }
}

/** The well-formed markers of `text`, in order, with their positions (bad markers are left out). */
export function findLogMarkers(text: string): TLogMarker[] {
  const markers: TLogMarker[] = [];
  for (const match of text.matchAll(MARKER)) {
    const [whole, name = '', body = ''] = match;
    const from = match.index;
    const to = from + whole.length;
    if (name === 'download') {
      const link = downloadOf(body);
      if (link) markers.push({ ...link, from, to });
    } else {
      const bodyFrom = from + name.length + 2;
      markers.push({
        kind: 'block',
        level: name as TLogLevel,
        from,
        to,
        bodyFrom,
        bodyTo: bodyFrom + body.length,
      });
    }
  }
  return markers;
}

/** Splits log text into plain text, levelled blocks and download links (bad markers stay text). */
export function parseLogText(text: string): TLogSegment[] {
  const segments: TLogSegment[] = [];
  const pushText = (value: string) => {
    if (value === '') return;
    const last = segments.at(-1);
    if (last?.kind === 'text') last.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  let at = 0;
  for (const marker of findLogMarkers(text)) {
    pushText(text.slice(at, marker.from));
    at = marker.to;
    if (marker.kind === 'download') {
      const { kind, href, download } = marker;
      segments.push({ kind, href, ...(download === undefined ? {} : { download }) });
    } else {
      const body = text.slice(marker.bodyFrom, marker.bodyTo);
      segments.push({ kind: 'block', level: marker.level, text: body.replace(/^\n|\n$/g, '') });
    }
  }
  pushText(text.slice(at));
  return segments;
}
