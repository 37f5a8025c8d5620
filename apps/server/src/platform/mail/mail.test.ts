import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';
import { outboxDir } from './mail-plugin';
import { createOutboxMailer, createSmtpMailer } from './mailer';
import { readOutbox, startSmtpSink, waitFor, type SmtpSink } from './mail-testing';

const FROM = 'LinkStore <no-reply@linkstore.test>';
let dir: string;
let sink: SmtpSink;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'linkstore-mail-'));
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  await rm(dir, { recursive: true, force: true });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('offline outbox', () => {
  it('writes each message as an .eml only we can read, and logs where', async () => {
    const logged: { details: object; message: string }[] = [];
    const outbox = join(dir, 'outbox');
    const mailer = createOutboxMailer({
      dir: outbox,
      from: FROM,
      log: { info: (details, message) => logged.push({ details, message }) },
    });
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Tu código: 123456',
      text: 'Código 123456, válido 10 minutos.',
    });
    await mailer.close();

    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    const path = join(outbox, files[0] ?? '');
    expect(path).toMatch(/\.eml$/);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(logged).toEqual([{ details: { path }, message: expect.stringContaining('outbox') }]);

    const [mail] = await readOutbox(outbox);
    expect(mail?.to).toEqual(['ana@example.com']);
    expect(mail?.headers.from).toBe(FROM);
    expect(mail?.subject).toBe('Tu código: 123456');
    expect(mail?.text).toBe('Código 123456, válido 10 minutos.');
  });
});

describe('SMTP', () => {
  it('delivers to the server of SMTP_URL, which receives the real message', async () => {
    const mailer = createSmtpMailer({ url: sink.url, from: FROM });
    await mailer.send({
      to: 'bo@example.com',
      subject: 'Votre code : 654321',
      text: 'Le code est 654321.',
      html: '<p>Le code est <b>654321</b>.</p>',
    });
    await mailer.close();
    const mail = sink.messages.find((m) => m.to.includes('bo@example.com'));
    expect(mail).toBeDefined();
    expect(mail?.headers.from).toBe(FROM);
    expect(mail?.subject).toBe('Votre code : 654321');
    expect(mail?.text).toBe('Le code est 654321.');
    expect(mail?.raw).toContain('text/html');
  });

  it('rejects when the server cannot be reached, so the caller can log it', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${await closedPort()}`, from: FROM });
    await expect(mailer.send({ to: 'cy@example.com', subject: 's', text: 't' })).rejects.toThrow();
    await mailer.close();
  });
});

describe('mail plugin', () => {
  it('uses the outbox in DATA_DIR without SMTP_URL, and SMTP with it', async () => {
    const dataDir = join(dir, 'data');
    const offline = await createTestApp({ env: { DATA_DIR: dataDir } });
    const online = await createTestApp({ env: { SMTP_URL: sink.url } });
    try {
      await offline.app.mailer.send({ to: 'di@example.com', subject: 'offline', text: 'to the outbox' });
      await online.app.mailer.send({ to: 'ed@example.com', subject: 'online', text: 'over SMTP' });
    } finally {
      await Promise.all([offline.close(), online.close()]);
    }
    expect((await readOutbox(outboxDir(dataDir))).map((m) => m.subject)).toEqual(['offline']);
    const received = await waitFor(() => sink.messages.find((m) => m.to.includes('ed@example.com')));
    expect(received.subject).toBe('online');
  });
});
