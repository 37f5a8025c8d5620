import type { TLanguage } from '@linkstore/contract';
import { translate } from '../../platform/i18n/translate';

/*
 * The page of an unsubscribe link, for a person who clicked it in the mail's text: the server's
 * own small HTML (no script), in the mail's language. Its button posts to the same address — the
 * one-click POST a mail client makes (RFC 8058) — and the answer is this page again, done.
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export type UnsubscribePageState =
  { kind: 'ask'; shopName: string } | { kind: 'done'; shopName: string } | { kind: 'invalid' };

/** Legible in light and dark, at 360 px and up; the button is 48 px tall. */
const STYLE = `
:root { color-scheme: light dark; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  background: Canvas; color: CanvasText; }
main { box-sizing: border-box; max-width: 32rem; margin: 0 auto; padding: 48px 16px; overflow-wrap: anywhere; }
h1 { font-size: 1.4rem; line-height: 1.3; }
button { min-height: 48px; min-width: 44px; padding: 0 24px; font: inherit; font-weight: 600;
  border: 0; border-radius: 8px; background: #1d4ed8; color: #fff; cursor: pointer; }
button:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
`;

export function unsubscribePage(lang: TLanguage, state: UnsubscribePageState): string {
  const shop = state.kind === 'invalid' ? '' : state.shopName;
  const t = (key: Parameters<typeof translate>[1]) => escapeHtml(translate(lang, key, { shop }));
  let title: string;
  let body: string;
  if (state.kind === 'invalid') {
    title = t('marketing.unsubscribe.invalidTitle');
    body = `<p>${t('marketing.unsubscribeInvalid')}</p>`;
  } else if (state.kind === 'done') {
    title = t('marketing.unsubscribe.doneTitle');
    body = `<p role="status">${t('marketing.unsubscribe.done')}</p>`;
  } else {
    title = t('marketing.unsubscribe.title');
    body = `<p>${t('marketing.unsubscribe.question')}</p>
<form method="post"><button type="submit">${t('marketing.unsubscribe.button')}</button></form>`;
  }
  return `<!doctype html>
<html lang="${lang === 'zh-cn' ? 'zh-CN' : lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body><main><h1>${title}</h1>
${body}
</main></body>
</html>
`;
}
