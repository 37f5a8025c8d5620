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
