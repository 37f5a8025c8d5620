import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  to: string[];
  raw: string;
  receivedAt: number;
}

/**
 * A local SMTP server that keeps what it receives, with a tiny HTTP read side
 * (`GET /messages?to=address`) so browser journeys can read the mail a person would get.
 */
export async function startMailSink(smtpPort: number, httpPort: number): Promise<{ close(): Promise<void> }> {
  const messages: SinkMessage[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = messages.filter((m) => !to || m.to.includes(to));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return {
    close: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
