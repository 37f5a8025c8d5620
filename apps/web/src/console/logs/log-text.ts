/**
 * SPEC §3's log text markers. The exact syntax upstream used is not known; LinkStore writes
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

const MARKER = /\[(download|error|info|warning|success)\]([\s\S]*?)\[\/\1\]/g;

/** A link we may render: a same-site path or an http(s) address (never `javascript:`). */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\/[^\s]+$/i.test(value) ? value : undefined;
}

function downloadOf(json: string): TLogSegment | undefined {
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
  for (const match of text.matchAll(MARKER)) {
    const [whole, name = '', body = ''] = match;
    pushText(text.slice(at, match.index));
    at = match.index + whole.length;
    if (name === 'download') {
      const link = downloadOf(body);
      if (link) segments.push(link);
      else pushText(whole);
    } else {
      segments.push({ kind: 'block', level: name as TLogLevel, text: body.replace(/^\n|\n$/g, '') });
    }
  }
  pushText(text.slice(at));
  return segments;
}
