import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository root: config paths default relative to it so `npm start` works from any folder.
 * The nearest folder above this module holding the server's migrations: the same from the source
 * (`apps/server/src/platform/config`) and from the bundle (`apps/server/dist`).
 */
export const REPO_ROOT = (() => {
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'apps/server/drizzle'))) return dir;
    if (dirname(dir) === dir) return resolve(here, '../../../../..');
  }
})();

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const ZBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `host=origin,host=origin` → record; each origin must be an http(s) URL. */
const ZApiHosts = z.string().transform((value, ctx) => {
  const out: Record<string, string> = {};
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [host, origin] = pair.split('=').map((p) => p.trim());
    const parsed = origin ? URL.parse(origin) : null;
    if (!host || !parsed || !/^https?:$/.test(parsed.protocol)) {
      ctx.addIssue({ code: 'custom', message: `expects host=https://api.origin pairs, got "${pair}"` });
      return z.NEVER;
    }
    out[host.toLowerCase()] = parsed.origin;
  }
  return out;
});

/**
 * Every environment variable the server reads. README.md has the same table for people;
 * `config.test.ts` checks the two stay in step.
 */
export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(8080),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default(join(REPO_ROOT, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Redis for what several processes share (the realtime fan-out); unset: one process, in memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(join(REPO_ROOT, 'apps/web/dist')),
  API_HOSTS: ZApiHosts.default({}),
  SHOP_BASE_DOMAIN: z
    .string()
    .toLowerCase()
    .regex(
      /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
      'must be a domain name such as shops.example.com',
    )
    .optional(),
  TRUST_PROXY: ZBoolean.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  SEED_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  SEED_DEMO: ZBoolean.optional(),
  CAPTCHA_ENABLED: ZBoolean.default(true),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('LinkStore <no-reply@linkstore.local>'),
  OAUTH_GOOGLE_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://accounts.google.com'),
  OAUTH_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OAUTH_FACEBOOK_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://www.facebook.com'),
  OAUTH_FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  STORAGE_LOCAL_DIR: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, . and -)',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_FORCE_PATH_STYLE: ZBoolean.default(false),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paypal'], { error: 'must be sandbox or paypal' }).default('sandbox'),
  PAYPAL_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api-m.sandbox.paypal.com'),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYOUT_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Saves are forgotten through the change feed at once; the time bounds what it could miss (decision 0031).
  STOREFRONT_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  // Storefront event batches written together (decision 0032).
  EVENTS_FLUSH_MS: z.coerce.number().int().min(0).max(5000).optional(),
  /** Realtime sessions one user may hold at once (tabs, devices); the bench raises it. */
  REALTIME_SESSIONS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(10),
  /** A socket without a valid STOMP CONNECT this long after it opened is closed (issue 31). */
  REALTIME_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Open realtime sockets one client address may hold, signed in or not (issue 31). */
  REALTIME_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(50),
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Operation logs wait this long in memory to be written together (at most 1,000 at a time). */
  LOG_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // Forgotten at once through the change feed; the time only bounds what the feed could miss.
  PRIVATE_CACHE_MS: z.coerce.number().int().min(0).max(5000).optional(),
  // Several API processes sharing the port (decision 0030): PostgreSQL only.
  WEB_CONCURRENCY: z
    .string()
    .regex(/^(auto|[1-9]|[1-5]\d|6[0-4])$/, 'must be auto or a whole number from 1 to 64')
    .optional(),
});
export type TEnv = z.infer<typeof ZEnv>;

export interface AppConfig {
  env: TEnv['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** REDIS_URL: the realtime messages fan out through it to every process. */
  redisUrl: string | undefined;
  jwtSecret: string;
  logLevel: TEnv['LOG_LEVEL'];
  webDistDir: string;
  apiHosts: Record<string, string>;
  /** Shops are linked as `https://<slug>.<domain>` when set; else `PUBLIC_URL/s/<slug>`. */
  shopBaseDomain: string | undefined;
  trustProxy: boolean;
  bodyLimitBytes: number;
  shutdownTimeoutMs: number;
  version: string;
  auth: {
    captchaEnabled: boolean;
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
  };
  /** Password of the seeded operators; unset: a random one per install (first-run-credentials.txt). */
  seedPassword: string | undefined;
  /**
   * Seed the sample catalogue and the demo creator at start (each only while missing). Defaults
   * to on for the embedded database — a first `npm start` shows a living shop — and off with
   * DATABASE_URL, where a real catalogue is expected; SEED_DEMO overrides either way.
   */
  seedDemo: boolean;
  /** Unset: mail is written to DATA_DIR/outbox instead of being sent. */
  mail: { smtpUrl: string | undefined; from: string };
  /** A provider is offered only when its client id and secret are both set. */
  oauth: Record<OAuthProviderName, OAuthProviderConfig | undefined>;
  /** Where uploaded files go: a local folder, or an S3-compatible bucket when `driver` is s3. */
  storage: { driver: 'local' | 's3'; localDir: string; s3: S3StorageConfig | undefined };
  /** Who takes buyers' payments: the offline sandbox (the default) or PayPal with its credentials. */
  payments: PaymentsConfig;
  /** How often payouts in flight are asked after (and stuck ones reconciled). */
  payouts: { pollIntervalMs: number };
  /**
   * How long public storefront answers (shop pages and their JSON) are reused in each process
   * while the change feed listens, which forgets them at once when what they show changes
   * (decision 0031): 30 s by default, 0 (never) in tests unless set, at most 60 s.
   */
  storefrontCacheMs: number;
  /**
   * How long a signed-in caller's checked session and their own cached reads are reused in each
   * process (decision 0031): forgotten at once when the database reports a change to them; 5 s by
   * default, 0 (never) in tests unless set.
   */
  privateCacheMs: number;
  /**
   * How long accepted storefront event batches wait to be written together (decision 0032):
   * 250 ms by default, 0 (each batch before its answer) in tests unless set.
   */
  eventsFlushMs: number;
  /** REALTIME_SESSIONS_PER_USER: the next CONNECT beyond it is refused. */
  realtimeSessionsPerUser: number;
  /** REALTIME_CONNECT_TIMEOUT_MS: a socket still without a session then is closed. */
  realtimeConnectTimeoutMs: number;
  /**
   * REALTIME_SOCKETS_PER_ADDRESS: open sockets per client address (`request.ip`, the same
   * trusted-proxy rule as the request rate limits); the next upgrade is refused.
   */
  realtimeSocketsPerAddress: number;
  /** Operation logs and visit roll-ups older than this many days are pruned. */
  logRetentionDays: number;
  /** LOG_FLUSH_MS: how long operation logs wait in memory to be written in one batch. */
  logFlushMs: number;
  /**
   * How many API processes `npm start` runs on the one port (WEB_CONCURRENCY): 1 by default,
   * `auto` one per core on PostgreSQL and 1 on the embedded database, whose data folder belongs
   * to one process (a number above 1 without DATABASE_URL stops the start).
   */
  processes: number;
}

export type PaymentsConfig =
  | { provider: 'sandbox' }
  | { provider: 'paypal'; baseUrl: string; clientId: string; clientSecret: string; webhookId: string };

/**
 * The sandbox lets anyone approve their own order on its local page and credits the creator with
 * no money taken: it is the default only for a local try-out. A deployment — `NODE_ENV=production`
 * given in the environment (not the default) or a `DATABASE_URL` — must name its provider, so a
 * forgotten `PAYMENT_PROVIDER` stops the start instead of opening free orders.
 */
export const SANDBOX_NOT_CHOSEN =
  'PAYMENT_PROVIDER must be set when NODE_ENV is production or DATABASE_URL is set: the default sandbox lets anyone approve their own order with no money taken. Set PAYMENT_PROVIDER=paypal (with the PAYPAL_* credentials), or PAYMENT_PROVIDER=sandbox to run the sandbox on purpose';

/** PayPal needs all three of its credentials; a missing one stops the start and is named. */
function paymentsConfig(e: TEnv, env: Record<string, unknown>): PaymentsConfig {
  const isDeployment = env.NODE_ENV === 'production' || env.DATABASE_URL !== undefined;
  if (e.PAYMENT_PROVIDER === 'sandbox' && env.PAYMENT_PROVIDER === undefined && isDeployment) {
    throw new ConfigError([SANDBOX_NOT_CHOSEN]);
  }
  if (e.PAYMENT_PROVIDER === 'sandbox') return { provider: 'sandbox' };
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret, PAYPAL_WEBHOOK_ID: webhookId } = e;
  if (!clientId || !clientSecret || !webhookId) {
    const missing = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'].filter((n) => !env[n]);
    throw new ConfigError(missing.map((name) => `${name} must be set when PAYMENT_PROVIDER is paypal`));
  }
  return {
    provider: 'paypal',
    baseUrl: e.PAYPAL_BASE_URL.replace(/\/+$/, ''),
    clientId,
    clientSecret,
    webhookId,
  };
}

/** The embedded database's data folder is one process's: several need PostgreSQL. */
export const SEVERAL_PROCESSES_NEED_POSTGRES =
  'WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database (PGlite) keeps its data folder in one process. Set DATABASE_URL to a PostgreSQL server, or leave WEB_CONCURRENCY unset (or auto, which runs one process on the embedded database)';

function processCount(e: TEnv): number {
  const asked = e.WEB_CONCURRENCY;
  if (asked === undefined) return 1;
  if (asked === 'auto') return e.DATABASE_URL ? availableParallelism() : 1;
  const count = Number(asked);
  if (count > 1 && !e.DATABASE_URL) throw new ConfigError([SEVERAL_PROCESSES_NEED_POSTGRES]);
  return count;
}

export interface S3StorageConfig {
  /** `https://s3.<region>.amazonaws.com` unless S3_ENDPOINT names another S3-compatible service. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Files are linked here when set (a public bucket or a CDN); else served through `/files/`. */
  publicBaseUrl: string | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

function s3Storage(e: TEnv): S3StorageConfig | undefined {
  if (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) return undefined;
  return {
    endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/$/, ''),
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicBaseUrl: e.S3_PUBLIC_BASE_URL?.replace(/\/$/, ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

export type OAuthProviderName = 'google' | 'facebook';
export interface OAuthProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

function oauthProvider(
  issuer: string,
  clientId?: string,
  clientSecret?: string,
): OAuthProviderConfig | undefined {
  return clientId && clientSecret ? { issuer: issuer.replace(/\/$/, ''), clientId, clientSecret } : undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The secret signing access tokens: from JWT_SECRET, else generated once and kept in DATA_DIR. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Validates the environment. Throws ConfigError naming each bad variable and what it expects;
 * never returns a half-valid config.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings mean "unset", as they do for most shells' `VAR= cmd`.
  const env = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = env[name];
      const isSecret =
        [
          'JWT_SECRET',
          'DATABASE_URL',
          'REDIS_URL',
          'SMTP_URL',
          'SEED_PASSWORD',
          'S3_SECRET_ACCESS_KEY',
        ].includes(name) || name.endsWith('_SECRET');
      const shown = isSecret ? '' : ` (got "${got ?? ''}")`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const s3 = s3Storage(e);
  if (e.STORAGE_DRIVER === 's3' && !s3) {
    const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
    throw new ConfigError(missing.map((name) => `${name} must be set when STORAGE_DRIVER is s3`));
  }
  const payments = paymentsConfig(e, env);
  const processes = processCount(e);
  const publicHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://${publicHost}:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    webDistDir: resolve(e.WEB_DIST_DIR),
    apiHosts: e.API_HOSTS,
    shopBaseDomain: e.SHOP_BASE_DOMAIN,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    payouts: { pollIntervalMs: e.PAYOUT_POLL_SECONDS * 1000 },
    storefrontCacheMs: e.STOREFRONT_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 30_000),
    privateCacheMs: e.PRIVATE_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 5000),
    eventsFlushMs: e.EVENTS_FLUSH_MS ?? (e.NODE_ENV === 'test' ? 0 : 250),
    realtimeSessionsPerUser: e.REALTIME_SESSIONS_PER_USER,
    realtimeConnectTimeoutMs: e.REALTIME_CONNECT_TIMEOUT_MS,
    realtimeSocketsPerAddress: e.REALTIME_SOCKETS_PER_ADDRESS,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    logFlushMs: e.LOG_FLUSH_MS,
    processes,
    version: readVersion(),
    auth: {
      captchaEnabled: e.CAPTCHA_ENABLED,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    },
    seedPassword: e.SEED_PASSWORD,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    oauth: {
      google: oauthProvider(e.OAUTH_GOOGLE_ISSUER, e.OAUTH_GOOGLE_CLIENT_ID, e.OAUTH_GOOGLE_CLIENT_SECRET),
      facebook: oauthProvider(
        e.OAUTH_FACEBOOK_ISSUER,
        e.OAUTH_FACEBOOK_CLIENT_ID,
        e.OAUTH_FACEBOOK_CLIENT_SECRET,
      ),
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      localDir: resolve(e.STORAGE_LOCAL_DIR ?? join(dataDir, 'uploads')),
      s3,
    },
    payments,
  };
}
