import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createOutboxMailer,
  createSmtpMailer,
  type MailMessage,
  type Mailer,
  type MailTransport,
} from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/** The queued job that hands one message to the transport. */
export const SEND_MAIL_JOB = 'send-mail';
/** Attempts before a message is kept as failed: with the backoff (10 s doubling, at most 30 min) about 6 hours. */
export const SEND_MAIL_ATTEMPTS = 20;

/**
 * `app.mailer`: SMTP when SMTP_URL is set, else the offline outbox in DATA_DIR/outbox. Every
 * message goes through the job queue (`send-mail`): a relay that is down or refuses delays mail
 * and loses none; the worker tries again with backoff. Closing the app waits for the sends in
 * progress (the jobs plugin stops its worker before this transport closes).
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, from } = app.config.mail;
    const transport: MailTransport = smtpUrl
      ? createSmtpMailer({ url: smtpUrl, from })
      : createOutboxMailer({ dir: outboxDir(app.config.dataDir), from, log: app.log });

    app.jobs.define<MailMessage>({
      name: SEND_MAIL_JOB,
      maxAttempts: SEND_MAIL_ATTEMPTS,
      // A message given up on keeps its address and subject, not its body (codes, links).
      keepWhenFailed: ({ to, subject }) => ({ to, subject }),
      run: (message) => transport.send(message),
    });
    app.decorate('mailer', {
      async send(message, at = {}) {
        const { to, subject, text, html, headers } = message;
        await app.jobs.enqueue<MailMessage>(
          SEND_MAIL_JOB,
          { to, subject, text, ...(html ? { html } : {}), ...(headers ? { headers } : {}) },
          at,
        );
      },
    } satisfies Mailer);

    app.addHook('onClose', async () => {
      await transport.close();
    });
    if (transport.kind === 'outbox') {
      app.log.info(
        { dir: outboxDir(app.config.dataDir) },
        'SMTP_URL is not set: mail is written to the outbox',
      );
    }
  },
  { name: 'mail', dependencies: ['jobs'] },
);
