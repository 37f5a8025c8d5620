import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'linkstore-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>LinkStore</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  ctx = await createTestApp({
    env: {
      WEB_DIST_DIR: dist,
      API_HOSTS: 'brand.example=https://api.example',
      SHOP_BASE_DOMAIN: 'shops.example',
    },
  });
});
afterAll(() => ctx.close());

it('serves index.html uncached and hashed assets for a year', async () => {
  const index = await ctx.app.inject({ method: 'GET', url: '/' });
  expect(index.statusCode).toBe(200);
  expect(index.body).toContain('<title>LinkStore</title>');
  expect(index.headers['cache-control']).toBe('no-cache');
  const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
  expect(asset.headers['cache-control']).toContain('immutable');
});

it('serves the runtime configuration with the brand API hosts and the shop domain', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/runtime-config.js' });
  expect(res.headers['content-type']).toContain('text/javascript');
  expect(res.body).toBe(
    'window.__LINKSTORE_RUNTIME__={"version":"0.1.0","apiHosts":{"brand.example":"https://api.example"},"captchaEnabled":true,"shopBaseDomain":"shops.example"};\n',
  );
  expect(res.headers['content-security-policy']).toContain('https://api.example');
});

it('still answers unknown API paths with the envelope', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/missing' });
  expect(res.statusCode).toBe(404);
  expect(res.json().code).toBe('C0113');
});
