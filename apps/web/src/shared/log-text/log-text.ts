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

/** A link we may render: a same-site path or an http(s) address (never `javascript:`). */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\/[^\s]+$/i.test(value) ? value : undefined;
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
