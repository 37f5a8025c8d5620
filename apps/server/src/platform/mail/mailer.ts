import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { AppDatabase } from '../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /**
   * Extra header lines, e.g. a marketing mail's `List-Unsubscribe` and `List-Unsubscribe-Post`
   * (RFC 8058). Names the transport sets itself (From, To, Subject…) are not for here.
   */
  headers?: Record<string, string> | undefined;
}

/**
 * What modules use: hand over one message. `app.mailer` queues it (a `send-mail` job, retried with
 * backoff while the relay is away) and resolves once it is queued; pass the transaction as `db`
 * to queue it only if that work commits.
 */
export interface Mailer {
  send(message: MailMessage, at?: { db?: AppDatabase }): Promise<void>;
}

/** A mailer the platform owns: it knows which kind it is, hands a message over, and can be shut down. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the relay (or the outbox) has taken the message; rejects if it did not. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

interface InfoLogger {
  info(details: object, message: string): void;
}

/** Sends through the SMTP server of `SMTP_URL` (smtp:// with STARTTLS when offered, smtps://). */
export function createSmtpMailer(options: { url: string; from: string }): MailTransport {
  const transport = nodemailer.createTransport({
    url: options.url,
    // A hung relay must not keep connections (and the shutdown) waiting for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP_URL, each message becomes an .eml file in `dir` (DATA_DIR/outbox) and its path is
 * logged, so a fresh install can still register users: open the file, read the code.
 */
export function createOutboxMailer(options: { dir: string; from: string; log: InfoLogger }): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    kind: 'outbox',
    async send(message) {
      // Named when handed over, so the folder sorts in the order messages were sent.
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
      const path = join(options.dir, name);
      const info = await composer.sendMail({ from: options.from, ...message });
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
      // The file holds codes that sign people up or reset passwords: readable by us only.
      await writeFile(path, info.message as Buffer, { mode: 0o600 });
      options.log.info({ path }, 'Mail written to the outbox (SMTP_URL is not set)');
    },
    async close() {
      composer.close();
    },
  };
}
