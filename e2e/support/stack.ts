// The whole product as a browser journey meets it: the real server, a local SMTP server whose
// mail the tests can read, and a local OpenID provider standing in for Google and Facebook.
// Started by Playwright's webServer; ports derive from E2E_PORT.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { startOidcProvider } from '../../apps/server/src/test/oidc-provider';
import { ensureServerBuild, SERVER_NODE_ARGS } from '../../scripts/lib/server-build.mjs';
import { startMailSink } from './mail-sink';
import { stackPorts } from './ports';

const root = resolve(import.meta.dirname, '../..');
const ports = stackPorts();
const appUrl = `http://127.0.0.1:${ports.app}`;

const mail = await startMailSink(ports.smtp, ports.mailbox);
const oidc = await startOidcProvider({
  port: ports.oidc,
  redirectUris: ['google', 'facebook'].map((p) => `${appUrl}/api/v1/auth/oauth/${p}/callback`),
  account: { sub: 'e2e-subject-1', email: 'social@example.com', email_verified: true, name: 'Sam Social' },
});

// The server as `npm start` runs it: its bundle, built first if the sources changed.
await ensureServerBuild();
const server = spawn(process.execPath, SERVER_NODE_ARGS, {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(ports.app),
    HOST: '127.0.0.1',
    PUBLIC_URL: appUrl,
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    OAUTH_GOOGLE_ISSUER: oidc.issuer,
    OAUTH_GOOGLE_CLIENT_ID: oidc.clientId,
    OAUTH_GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    OAUTH_FACEBOOK_ISSUER: oidc.issuer,
    OAUTH_FACEBOOK_CLIENT_ID: oidc.clientId,
    OAUTH_FACEBOOK_CLIENT_SECRET: oidc.clientSecret,
  },
});

async function stop(code: number): Promise<never> {
  server.kill('SIGTERM');
  await Promise.allSettled([mail.close(), oidc.close()]);
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
