import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import {
  ConfigError,
  loadConfig,
  REPO_ROOT,
  SANDBOX_NOT_CHOSEN,
  SEVERAL_PROCESSES_NEED_POSTGRES,
  ZEnv,
} from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'linkstore-config-'));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
  });

  it.each([
    ['PORT', 'eighty', /^PORT must be a port number/],
    ['PORT', '70000', /^PORT must be between 0 and 65535/],
    ['DATABASE_URL', 'mysql://x', /^DATABASE_URL must be a postgres/],
    ['LOG_LEVEL', 'loud', /^LOG_LEVEL must be one of/],
    ['PUBLIC_URL', 'ftp://x', /^PUBLIC_URL must be an http\(s\) URL/],
    ['JWT_SECRET', 'short', /^JWT_SECRET must be at least 32 characters/],
    ['TRUST_PROXY', 'maybe', /^TRUST_PROXY must be true or false/],
    ['API_HOSTS', 'brand.example', /^API_HOSTS expects host=https/],
    ['SHOP_BASE_DOMAIN', 'https://shops.example', /^SHOP_BASE_DOMAIN must be a domain name/],
  ])('names %s when it is %s', (name, value, message) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('never prints secrets back', () => {
    const [problem] = problemsOf({ JWT_SECRET: 'hunter2' });
    expect(problem).not.toContain('hunter2');
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe('x'.repeat(40));
  });

  it('reads brand API hosts and treats empty values as unset', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      API_HOSTS: 'Shop.Brand.example=https://api.example/v',
      PORT: '',
    });
    expect(config.apiHosts).toEqual({ 'shop.brand.example': 'https://api.example' });
    expect(config.port).toBe(8080);
    expect(config.shopBaseDomain).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), SHOP_BASE_DOMAIN: 'Shops.Example.com' }).shopBaseDomain).toBe(
      'shops.example.com',
    );
  });

  it('follows payouts every minute unless PAYOUT_POLL_SECONDS says otherwise (1 to 3600)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).payouts).toEqual({ pollIntervalMs: 60_000 });
    expect(loadConfig({ DATA_DIR: dataDir(), PAYOUT_POLL_SECONDS: '2' }).payouts).toEqual({
      pollIntervalMs: 2_000,
    });
    expect(problemsOf({ PAYOUT_POLL_SECONDS: '0' })[0]).toMatch(/^PAYOUT_POLL_SECONDS/);
  });

  it('takes payments with the sandbox by default; PayPal needs its three credentials', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).payments).toEqual({ provider: 'sandbox' });
    expect(problemsOf({ PAYMENT_PROVIDER: 'paypal', PAYPAL_CLIENT_ID: 'id' })).toEqual([
      'PAYPAL_CLIENT_SECRET must be set when PAYMENT_PROVIDER is paypal',
      'PAYPAL_WEBHOOK_ID must be set when PAYMENT_PROVIDER is paypal',
    ]);
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })[0]).toMatch(
      /^PAYMENT_PROVIDER must be sandbox or paypal/,
    );
    const paypal = loadConfig({
      DATA_DIR: dataDir(),
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_BASE_URL: 'http://127.0.0.1:9/',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH-1',
    }).payments;
    expect(paypal).toEqual({
      provider: 'paypal',
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'id',
      clientSecret: 'secret',
      webhookId: 'WH-1',
    });
  });

  it('refuses the default sandbox for a deployment (NODE_ENV=production given, or DATABASE_URL) unless it is chosen', () => {
    const database = { DATABASE_URL: 'postgres://shop:pw@127.0.0.1:5432/shop' };
    for (const env of [{ NODE_ENV: 'production' }, database, { NODE_ENV: 'development', ...database }]) {
      expect(problemsOf(env)).toEqual([SANDBOX_NOT_CHOSEN]);
      expect(SANDBOX_NOT_CHOSEN).toMatch(/^PAYMENT_PROVIDER must be set .*PAYMENT_PROVIDER=sandbox/);
      expect(loadConfig({ DATA_DIR: dataDir(), ...env, PAYMENT_PROVIDER: 'sandbox' }).payments).toEqual({
        provider: 'sandbox',
      });
    }
    // An empty value is unset, as for every variable.
    expect(problemsOf({ NODE_ENV: 'production', PAYMENT_PROVIDER: '' })).toEqual([SANDBOX_NOT_CHOSEN]);
    // A local try-out (npm start: production by default, the embedded database) keeps the sandbox.
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      env: 'production',
      payments: { provider: 'sandbox' },
    });
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test' }).payments).toEqual({ provider: 'sandbox' });
  });

  it('runs one API process unless WEB_CONCURRENCY asks for more, which needs PostgreSQL', () => {
    const postgres = { DATABASE_URL: 'postgres://shop:pw@127.0.0.1:5432/shop', PAYMENT_PROVIDER: 'sandbox' };
    expect(loadConfig({ DATA_DIR: dataDir() }).processes).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), ...postgres, WEB_CONCURRENCY: '3' }).processes).toBe(3);
    expect(loadConfig({ DATA_DIR: dataDir(), ...postgres, WEB_CONCURRENCY: 'auto' }).processes).toBe(
      availableParallelism(),
    );
    // `auto` on the embedded database is one process; an explicit number above 1 is refused.
    expect(loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: 'auto' }).processes).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: '1' }).processes).toBe(1);
    expect(problemsOf({ WEB_CONCURRENCY: '2' })).toEqual([SEVERAL_PROCESSES_NEED_POSTGRES]);
    for (const bad of ['0', '65', 'many', '1.5', '-1']) {
      expect(problemsOf({ ...postgres, WEB_CONCURRENCY: bad })).toEqual([
        `WEB_CONCURRENCY must be auto or a whole number from 1 to 64 (got "${bad}")`,
      ]);
    }
  });

  it('is documented: every variable has a row in the README configuration table', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    for (const name of Object.keys(ZEnv.shape)) expect(readme).toContain(`\`${name}\``);
  });
});
