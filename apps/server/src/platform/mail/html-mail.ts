/**
 * The HTML part of a transactional mail (issue 35, decision 0062), made from its plain text so the
 * two always say the same: the subject as the one heading, each paragraph of the text as a
 * paragraph, every address in it a link (a line "Label: https://…" becomes a link named by its
 * label), the shop's name and image above it. Accessible as mail clients allow: `lang`, a real
 * heading, the image's alt text, text and links at ≥ 4.5:1 on white, nothing wider than the
 * screen. No remote tracking pixel, no script, no remote font or stylesheet: the only image is the
 * shop's own, when it has one.
 */

/** Who the mail is from, shown above it. */
export interface MailBrand {
  /** The shop's name (or "LinkStore" for the platform's own mails). */
  name: string;
  /** The shop's image, an absolute https:// or http:// address; anything else is left out. */
  imageUrl?: string | null | undefined;
}

const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** An address as it ends in running text: a trailing full stop, comma or bracket is the sentence's. */
const URL_PATTERN = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/g;

/** A link; a bare address may break anywhere (it has no spaces), a label wraps as words do. */
const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:#1f5fd1;text-decoration:underline${label === href ? ';word-break:break-all' : ''}">${escapeHtml(label)}</a>`;

/** One line of text: a "Label: address" line as a link named by its label, else addresses linked where they stand. */
function lineHtml(line: string): string {
  const labelled = /^(.{1,80}?):\s+(https?:\/\/\S+)$/.exec(line.trim());
  if (labelled?.[1] && labelled[2] && labelled[2].match(URL_PATTERN)?.[0] === labelled[2]) {
    return link(labelled[2], labelled[1]);
  }
  let html = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    html += escapeHtml(line.slice(last, match.index)) + link(match[0], match[0]);
    last = match.index + match[0].length;
  }
  return html + escapeHtml(line.slice(last));
}

const safeImage = (url: string | null | undefined): string | undefined =>
  url && /^https?:\/\/[^\s"'<>]+$/.test(url) ? url : undefined;

/** The whole HTML document of a mail in `lang`. */
export function htmlMail(input: { lang: string; subject: string; text: string; brand?: MailBrand }): string {
  const paragraphs = input.text
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p style="margin:0 0 16px">${block.split('\n').map(lineHtml).join('<br>')}</p>`)
    .join('\n');
  const image = safeImage(input.brand?.imageUrl);
  const brand = input.brand
    ? `<p style="margin:0 0 24px;font-weight:600;font-size:16px">${
        image
          ? `<img src="${escapeHtml(image)}" alt="" width="40" height="40" style="width:40px;height:40px;border-radius:50%;vertical-align:middle;margin-right:8px;object-fit:cover">`
          : ''
      }${escapeHtml(input.brand.name)}</p>`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(input.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(input.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7;color:#1c1f24;font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans','Liberation Sans',Arial,sans-serif;font-size:16px;line-height:1.5">
<main style="display:block;max-width:600px;margin:0 auto;padding:24px 16px">
<div style="background:#ffffff;border-radius:10px;padding:24px 20px;overflow-wrap:anywhere">
${brand}<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(input.subject)}</h1>
${paragraphs}
</div>
</main>
</body>
</html>
`;
}

/** The message with its HTML part made from its text (transactional mails: decision 0062). */
export function withHtml<M extends { subject: string; text: string }>(
  message: M,
  lang: string,
  brand?: MailBrand,
): M & { html: string } {
  return {
    ...message,
    html: htmlMail({ lang, subject: message.subject, text: message.text, ...(brand ? { brand } : {}) }),
  };
}
