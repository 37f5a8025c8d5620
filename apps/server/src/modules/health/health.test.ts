import { ZEnvelope, ZHealthResponse } from '@linkstore/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { createDatabaseProbe } from './health.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('reports ok with the database driver in use', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  const body = ZEnvelope(ZHealthResponse).parse(res.json());
  expect(body.data.status).toBe('ok');
  expect(body.data.database).toMatchObject({
    ok: true,
    driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
  });
});

it('reports degraded with 503 when the database is gone', async () => {
  const other = await createTestApp();
  await other.database.close();
  const res = await other.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(503);
  expect(res.json().data).toMatchObject({ status: 'degraded', database: { ok: false } });
  await other.app.close();
});

it('probes the database at most once a second however often it is asked', async () => {
  let pings = 0;
  const probe = createDatabaseProbe({ ...ctx.database, ping: () => (pings++, Promise.resolve(1)) }, 1000);
  await Promise.all([probe(0), probe(0), probe(0)]);
  expect(pings).toBe(1);
  await probe(500);
  expect(pings).toBe(1);
  await probe(Date.now() + 2000);
  expect(pings).toBe(2);
});
