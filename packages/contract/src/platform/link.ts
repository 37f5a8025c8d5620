/**
 * Whether an address stored for a page link or image is what it looks like: an absolute http(s)
 * URL, or a path on this site (one `/`, then not another `/` or `\`). Browsers read `\` as `/`
 * and drop tabs and newlines inside a URL, so `/\evil.example`, `\/evil.example` and
 * `/<tab>/evil.example` would each open another site as a "relative" link: a backslash, a space
 * or a control character anywhere is refused.
 */
export function isSafeLink(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(value)) return false;
  if (/^https?:\/\/[^/]/.test(value)) return true;
  return /^\/(?![/\\])/.test(value);
}

/** The message key (server-translated) of a link that `isSafeLink` refuses. */
export const UNSAFE_LINK_MESSAGE = 'validation.unsafeLink';
