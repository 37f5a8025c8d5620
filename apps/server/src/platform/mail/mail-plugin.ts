import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOutboxMailer, createSmtpMailer, type Mailer, type MailTransport } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/**
 * `app.mailer`: SMTP when SMTP_URL is set, else the offline outbox in DATA_DIR/outbox. Messages
 * still being handed over when the server stops are waited for before the transport closes.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, from } = app.config.mail;
    const transport: MailTransport = smtpUrl
      ? createSmtpMailer({ url: smtpUrl, from })
      : createOutboxMailer({ dir: outboxDir(app.config.dataDir), from, log: app.log });
    const inFlight = new Set<Promise<void>>();

    app.decorate('mailer', {
      send(message) {
        const sending = transport.send(message);
        inFlight.add(sending);
        const forget = () => inFlight.delete(sending);
        void sending.then(forget, forget);
        return sending;
      },
    } satisfies Mailer);

    app.addHook('onClose', async () => {
      await Promise.allSettled(inFlight);
      await transport.close();
    });
    if (transport.kind === 'outbox') {
      app.log.info(
        { dir: outboxDir(app.config.dataDir) },
        'SMTP_URL is not set: mail is written to the outbox',
      );
    }
  },
  { name: 'mail' },
);
