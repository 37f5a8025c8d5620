import { expect } from '@playwright/test';
import { stackPorts } from './ports';

interface SinkMessage {
  to: string[];
  raw: string;
}

/** Waits for a mail to `to` whose raw text matches, and returns that text. */
export async function waitForMail(to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `http://127.0.0.1:${stackPorts().mailbox}/messages?to=${encodeURIComponent(to)}`,
        );
        const messages = (await res.json()) as SinkMessage[];
        found = messages.map((m) => decodeQuotedPrintable(m.raw)).findLast((raw) => pattern.test(raw));
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found ?? '';
}

/** Enough of quoted-printable for reading codes and words out of a mail. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The 6-digit code in the newest mail to `to`. */
export async function readCode(to: string): Promise<string> {
  const raw = await waitForMail(to, /\b\d{6}\b/);
  const code = /\b(\d{6})\b/.exec(
    raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n'),
  )?.[1];
  if (!code) throw new Error(`no code in the mail to ${to}`);
  return code;
}

/**
 * The HTML part of a raw mail (multipart/alternative, as nodemailer writes it), decoded: what a
 * mail client renders.
 */
export function htmlPartOf(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /^content-type:\s*text\/html/im.test(p.split(/\r?\n\r?\n/)[0] ?? ''));
  if (!part) throw new Error('the mail has no HTML part');
  const split = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, split);
  const body = part
    .slice(split)
    .replace(/^\r?\n\r?\n/, '')
    .replace(/\r?\n--[^\r\n]*--\s*$/, '');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const text = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const hex = text.slice(i + 1, i + 3);
      if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** Waits for a mail to `to` whose text matches, and returns it as sent (undecoded MIME). */
export async function waitForRawMail(to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `http://127.0.0.1:${stackPorts().mailbox}/messages?to=${encodeURIComponent(to)}`,
        );
        const messages = (await res.json()) as SinkMessage[];
        found = messages.findLast((m) => pattern.test(decodeQuotedPrintable(m.raw)))?.raw;
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found ?? '';
}
