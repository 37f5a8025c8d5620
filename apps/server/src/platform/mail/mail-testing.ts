/**
 * Test support: a local SMTP server that keeps what it receives, the offline outbox as a list,
 * and just enough MIME decoding to read a subject and a text body back.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReadMail {
  /** Envelope recipients for SMTP, the To header for the outbox. */
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  raw: string;
}

export interface SmtpSink {
  url: string;
  messages: ReadMail[];
  /** While true, every message is refused with a temporary error (451), as a relay in trouble does. */
  refusing: boolean;
  /** How many messages were refused so far. */
  refused: number;
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 and a free port: no TLS, no auth, accepts everything. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReadMail[] = [];
  const sink = { refusing: false, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!sink.refusing) return callback();
      sink.refused += 1;
      return callback(
        Object.assign(new Error('Service not available, try again later'), { responseCode: 451 }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        messages.push({ ...mail, to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Every .eml in the outbox folder, oldest first. */
export async function readOutbox(dir: string): Promise<ReadMail[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(names.map(async (name) => parseMail(await readFile(join(dir, name), 'utf8'))));
}

/** Polls until `find` returns something (mail is sent in the background), or fails. */
export async function waitFor<T>(
  find: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`nothing arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface Inbox {
  /** Waits for the next message to `to` not handed out yet. */
  next(to: string): Promise<ReadMail>;
  /** Every message to `to` so far. */
  all(to: string): Promise<ReadMail[]>;
}

/** Reads messages per address in the order they were sent, from the outbox or an SMTP sink. */
export function inbox(list: () => Promise<ReadMail[]> | ReadMail[]): Inbox {
  const handedOut = new Map<string, number>();
  const all = async (to: string) => (await list()).filter((m) => m.to.includes(to.toLowerCase()));
  return {
    all,
    async next(to) {
      const index = handedOut.get(to) ?? 0;
      const mail = await waitFor(async () => (await all(to))[index]);
      handedOut.set(to, index + 1);
      return mail;
    },
  };
}

function decodeBytes(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`). */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_whole, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeBytes(data.replace(/_/g, ' ')),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeBytes(body.replace(/=\n/g, ''));
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end === -1 ? text : text.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end === -1 ? '' : text.slice(end + 2) };
}

/** The text/plain content of a message, looking inside multipart ones. */
function textOf(headers: Record<string, string>, body: string): string {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      const inner = splitHeaders(part.replace(/^\n/, ''));
      const text = textOf(inner.headers, inner.body);
      if (text) return text;
    }
    return '';
  }
  if (!type.toLowerCase().startsWith('text/plain')) return '';
  return decodeBody(body, headers['content-transfer-encoding']).trim();
}

export function parseMail(raw: string): ReadMail {
  const { headers, body } = splitHeaders(raw);
  const to = (headers.to ?? '')
    .split(',')
    .map((a) => (/<([^>]+)>/.exec(a)?.[1] ?? a).trim().toLowerCase())
    .filter(Boolean);
  return { to, headers, subject: decodeWords(headers.subject ?? ''), text: textOf(headers, body), raw };
}
